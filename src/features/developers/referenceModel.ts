import type { JsonSchema, OpenApiDocument, OpenApiOperation } from '../../../api/apiReference';

/** One field of a body or a response, flattened: `items[].name` at depth 2. */
export type FieldRow = { name: string; depth: number; type: string; required: boolean; notes: string };
/** `schema`: the named schema (components) the payload is, listed once at the end of the page, not per operation. */
export type Payload = { contentType: string; type: string; schema: string | null; fields: FieldRow[] };
export type ParameterRow = { name: string; in: string; type: string; required: boolean; notes: string };
export type OperationView = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  auth: string;
  parameters: ParameterRow[];
  body: (Payload & { required: boolean }) | null;
  responses: { status: string; description: string; payload: Payload | null }[];
};
export type TagView = {
  name: string;
  anchor: string;
  description: string;
  operations: OperationView[];
  /** Operations listed under another tag that also carry this one (the Partner reads). */
  alsoHere: { anchor: string; method: string; path: string; summary: string }[];
};
export type SchemaView = { name: string; anchor: string; type: string; fields: FieldRow[] };
export type ReferenceView = {
  title: string;
  version: string;
  description: string;
  tags: TagView[];
  schemas: SchemaView[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
/** Nested schemas deeper than this are named, not expanded: the page stays readable and finite. */
const MAX_DEPTH = 6;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

/** A schema's type as a reader writes it: `string`, `integer or null`, `"asc" | "desc"`, `object[]`, `ErrorBody`. */
export function typeName(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map(typeName))].join(' or ');
  if (schema.allOf) return [...new Set(schema.allOf.map(typeName))].join(' and ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.map((type) => {
    if (type === 'array') {
      const item = typeName(schema.items);
      return item.includes(' ') ? `(${item})[]` : `${item}[]`;
    }
    if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object')
      return `map of ${typeName(schema.additionalProperties)}`;
    return schema.format ? `${type} (${schema.format})` : type;
  });
  if (named.length) return named.join(' or ');
  return schema.properties ? 'object' : 'any';
}

/** Defaults, bounds and patterns of a schema, in a few words. */
export function notesOf(schema: JsonSchema | undefined, description?: string): string {
  if (!schema) return description ?? '';
  const notes: string[] = [];
  const text = description ?? schema.description;
  if (text) notes.push(text);
  if (schema.default !== undefined) notes.push(`Default ${JSON.stringify(schema.default)}.`);
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) notes.push(`${min}–${max}${unit}.`);
    else if (min !== undefined) notes.push(`At least ${min}${unit}.`);
    else if (max !== undefined) notes.push(`At most ${max}${unit}.`);
  };
  // Zod's safe-integer bounds say nothing a reader needs.
  const bound = (n: number | undefined) =>
    n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined;
  range(bound(schema.minimum), bound(schema.maximum), '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.pattern) notes.push(`Pattern ${schema.pattern}`);
  return notes.join(' ');
}

/** The object schemas a schema holds fields of: itself, its items, its alternatives (null aside). */
function objectsIn(
  doc: OpenApiDocument,
  schema: JsonSchema | undefined,
  name: string,
): [JsonSchema, string][] {
  const s = resolve(doc, schema);
  if (s.properties) return [[s, name]];
  if (s.items) return objectsIn(doc, s.items, `${name}[]`);
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  return alternatives ? alternatives.flatMap((member) => objectsIn(doc, member, name)) : [];
}

function fieldsOf(doc: OpenApiDocument, schema: JsonSchema | undefined, prefix = '', depth = 0): FieldRow[] {
  if (depth > MAX_DEPTH) return [];
  return objectsIn(doc, schema, prefix).flatMap(([object, base]) =>
    Object.entries(object.properties ?? {}).flatMap(([key, property]) => {
      const name = base ? `${base}.${key}` : key;
      const row: FieldRow = {
        name,
        depth,
        type: typeName(property),
        required: object.required?.includes(key) ?? false,
        notes: notesOf(property),
      };
      return [row, ...fieldsOf(doc, property, name, depth + 1)];
    }),
  );
}

export const schemaAnchor = (name: string) => `schema-${slug(name)}`;

function payloadOf(
  doc: OpenApiDocument,
  content: Record<string, { schema?: JsonSchema }> | undefined,
): Payload | null {
  const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
  if (!contentType) return null;
  // A named schema (every error answer is ErrorBody) is listed once, under Schemas: repeated in each operation it
  // was most of the page.
  const named = media?.schema?.$ref ? typeName(media.schema) : null;
  return {
    contentType,
    type: typeName(media?.schema),
    schema: named,
    fields: named ? [] : fieldsOf(doc, media?.schema),
  };
}

const SCHEME_LABELS: Record<string, string> = {
  bearerAuth: 'API key',
  sessionCookie: 'session cookie',
  csrfToken: 'CSRF token',
};

function authOf(operation: OpenApiOperation): string {
  const requirements = operation.security;
  if (!requirements?.length) return 'None';
  // Schemes of one requirement are all needed (a signed-in write: session cookie and CSRF token); requirements are
  // alternatives.
  const names = requirements
    .map((r) =>
      Object.keys(r)
        .map((key) => SCHEME_LABELS[key] ?? key)
        .join(' and '),
    )
    .filter(Boolean);
  const optional = requirements.some((r) => Object.keys(r).length === 0);
  const any = names.join(' or ');
  if (!any) return 'None';
  return optional ? `Optional: ${any}` : `${any.charAt(0).toUpperCase()}${any.slice(1)}`;
}

/** The document as the page lists it: by tag, in the document's order, each operation under its first tag. */
export function referenceView(doc: OpenApiDocument): ReferenceView {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
  const tagNames = [
    ...(doc.tags ?? []).map((t) => t.name),
    ...operations.flatMap((o) => o.operation.tags ?? ['Other']),
  ];
  const views = operations.map(({ path, method, operation }) => {
    const home = operation.tags?.[0] ?? 'Other';
    const view: OperationView = {
      anchor: slug(`${method} ${path}`),
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? '',
      description: operation.description ?? '',
      auth: authOf(operation),
      parameters: (operation.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        type: typeName(p.schema),
        required: p.required ?? false,
        notes: notesOf(p.schema, p.description),
      })),
      body: operation.requestBody
        ? (() => {
            const payload = payloadOf(doc, operation.requestBody.content);
            return payload && { ...payload, required: operation.requestBody.required ?? false };
          })()
        : null,
      responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
        status,
        description: response.description ?? '',
        payload: payloadOf(doc, response.content),
      })),
    };
    return { home, tags: operation.tags ?? ['Other'], view };
  });
  const tags = [...new Set(tagNames)].map((name): TagView => {
    const declared = doc.tags?.find((t) => t.name === name);
    return {
      name,
      anchor: `tag-${slug(name)}`,
      description: declared?.description ?? '',
      operations: views.filter((v) => v.home === name).map((v) => v.view),
      alsoHere: views
        .filter((v) => v.home !== name && v.tags.includes(name))
        .map(({ view }) => ({
          anchor: view.anchor,
          method: view.method,
          path: view.path,
          summary: view.summary,
        })),
    };
  });
  const named = new Set(
    views.flatMap(({ view }) => [view.body?.schema, ...view.responses.map((r) => r.payload?.schema)]),
  );
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? '',
    tags: tags.filter((t) => t.operations.length || t.alsoHere.length),
    schemas: Object.entries(doc.components?.schemas ?? {})
      .filter(([name]) => named.has(name))
      .map(([name, schema]) => ({
        name,
        anchor: schemaAnchor(name),
        type: typeName(schema),
        fields: fieldsOf(doc, schema),
      })),
  };
}
