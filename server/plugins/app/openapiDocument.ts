import { z } from 'zod';
import { CredentialsForm } from '../../../api/auth.schemas';
import { WebhookEventPayload, WebhookPingPayload } from '../../../api/webhooks.schemas';

/**
 * The finishing pass over the document @fastify/swagger generates from the routes: what a generated client (e.g.
 * openapi-typescript) and a linter (Redocly's recommended rules) need and the route schemas do not say by
 * themselves — an operationId and a summary on every operation, a security requirement on every operation (none for
 * public ones), the 401/403/429 answers with their headers, `servers`, integer query parameters typed as integers,
 * the sign-in form's body, and the webhook deliveries (OpenAPI 3.1 `webhooks`).
 */

/** What the route registration says about an operation, keyed `get /api/x/{id}` (collected by the transform). */
export type OperationFacts = {
  partnerRead: boolean;
  signedIn: boolean;
  rateLimited: boolean;
};

type Json = Record<string, unknown>;
export type OpenApiDocument = {
  paths?: Record<string, Record<string, unknown>>;
  tags?: { name: string }[];
  components?: Json;
  [key: string]: unknown;
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `get /api/projects/{id}/score-history` → `getProjectsByIdScoreHistory` (unique: one per method and path). */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/(api|ofrep)\//, (_m, root: string) => (root === 'ofrep' ? 'ofrep/' : ''))
    .split(/[/\-_.]+/)
    .filter(Boolean)
    .map((w) => {
      const param = /^\{(.+)\}$/.exec(w);
      const word = param ? `by-${param[1]}` : w;
      return word
        .split('-')
        .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
        .join('');
    });
  return method + words.join('');
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Headers of the quota answers (IETF draft "RateLimit header fields for HTTP"). */
const HEADERS: Json = {
  RateLimitPolicy: {
    description:
      'The quota that applies to this request, e.g. `"minute";q=60;w=60` (60 requests per 60-second window).',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left of the quota: e.g. `"minute";r=59;t=37` (59 requests left, window resets in 37 s).',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  WwwAuthenticate: {
    description: '`Bearer error="invalid_token"` for a key that is unknown, malformed or revoked.',
    schema: { type: 'string' },
  },
};

const errorContent = { 'application/json': { schema: ref('schemas', 'ErrorBody') } };
const quotaHeaders = {
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
  RateLimit: ref('headers', 'RateLimit'),
};

const RESPONSES: Json = {
  Unauthorized: {
    description: 'Not signed in (`Unauthorized`); an API key counts as no session.',
    content: errorContent,
  },
  InvalidApiKey: {
    description: 'The Bearer key is unknown, malformed or revoked (`InvalidApiKey`).',
    headers: { 'WWW-Authenticate': ref('headers', 'WwwAuthenticate') },
    content: errorContent,
  },
  Forbidden: {
    description: 'Not allowed (`Forbidden`), or a write without a valid `x-csrf-token` header (`CsrfError`).',
    content: errorContent,
  },
  QuotaExceeded: {
    description: 'Over the API key\u2019s per-minute or per-day quota (`RateLimitExceeded`).',
    headers: { 'Retry-After': ref('headers', 'RetryAfter'), ...quotaHeaders },
    content: errorContent,
  },
  TooManyRequests: {
    description: 'Too many requests from this address (`TooManyRequests`).',
    headers: { 'Retry-After': ref('headers', 'RetryAfter'), ...quotaHeaders },
    content: errorContent,
  },
  ClientError: { description: 'The request was refused; `error` names why.', content: errorContent },
};

/**
 * One of RESPONSES, written out in each operation rather than referred to: readers of the document (the reference
 * page, simple clients) then find each answer's description where they look for it.
 */
const answer = (name: string) => structuredClone(RESPONSES[name]) as Json;

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema, for components. */
const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

/**
 * Request bodies a route reads itself rather than through its schema (a form post that answers a bad form with a
 * redirect, not a 400), by operation: the component that describes it.
 */
const FORM_BODIES: Record<string, string> = {
  'post /api/auth/callback/credentials': 'CredentialsForm',
};

const WEBHOOK_HEADERS = [
  ['webhook-id', 'The message id, the same on every retry of one delivery: deduplicate on it.'],
  ['webhook-timestamp', 'When this attempt was signed, Unix seconds.'],
  [
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with your `whsec_` secret.',
  ],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

const webhook = (summary: string, description: string, schema: string) => ({
  post: {
    operationId: `webhook${schema}`,
    summary,
    description,
    tags: ['Partner'],
    security: [],
    parameters: WEBHOOK_HEADERS,
    requestBody: { required: true, content: { 'application/json': { schema: ref('schemas', schema) } } },
    responses: {
      '2XX': { description: 'Received. Any 2xx counts; answer quickly and do the work afterwards.' },
      '410': { description: 'Gone: the endpoint is disabled and nothing more is sent to it.' },
      default: {
        description: 'Any other answer, or none within the timeout, is a failed attempt and retried.',
      },
    },
  },
});

/**
 * A query parameter that reaches the server as text but means a number (`anyOf: [integer, digits-as-string]`, the
 * zod preprocess of a query) is documented as the number it is, so a typed client takes a number.
 */
function numericParameter(schema: Json): Json | null {
  const branches = schema.anyOf as Json[] | undefined;
  if (!branches) return null;
  const number = branches.find((b) => b.type === 'integer' || b.type === 'number');
  const asText = branches.filter((b) => b !== number);
  const isNumberText = (b: Json) =>
    b.type === 'string' && (typeof b.pattern === 'string' ? /\\d/.test(b.pattern) : false);
  const isEmpty = (b: Json) => b.type === 'string' && Array.isArray(b.enum) && b.enum.join('') === '';
  if (asText.length === 0 || !asText.every((b) => isNumberText(b) || isEmpty(b))) return null;
  if (number) return { ...number, ...(schema.default === undefined ? {} : { default: schema.default }) };
  // Text only: a decimal pattern (`^\d{1,3}(\.\d{1,4})?$`) is a number, digits alone an integer.
  const decimal = asText.some((b) => typeof b.pattern === 'string' && b.pattern.includes('.'));
  return { type: decimal ? 'number' : 'integer', minimum: 0 };
}

/** Adds what the generated document lacks (see the file's comment); `facts` come from the route registrations. */
export function finishDocument(
  generated: OpenApiDocument,
  facts: ReadonlyMap<string, OperationFacts>,
  server: string,
): OpenApiDocument {
  const doc = structuredClone(generated);
  const components = (doc.components ??= {});
  components.securitySchemes = {
    ...(components.securitySchemes as Json),
    csrfToken: {
      type: 'apiKey',
      in: 'header',
      name: 'x-csrf-token',
      description: 'The token of `GET /api/auth/csrf`, bound to the session: required on signed-in writes.',
    },
  };
  components.headers = { ...(components.headers as Json), ...HEADERS };
  components.schemas = {
    ...(components.schemas as Json),
    WebhookEvent: jsonSchema(WebhookEventPayload),
    WebhookPing: jsonSchema(WebhookPingPayload),
    CredentialsForm: jsonSchema(CredentialsForm),
  };
  doc.servers = [{ url: server, description: 'This server' }];
  doc.webhooks = {
    alert: webhook(
      'An alert event on a watched project',
      'POSTed to a registered webhook URL for a score move, tier change, badge change or security incident on a ' +
        'project of its watchlists, signed as the Standard Webhooks specification describes.',
      'WebhookEvent',
    ),
    ping: webhook('A test ping', 'Sent by `POST /api/user/webhooks/test`.', 'WebhookPing'),
  };

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = value as Json;
      const key = `${method} ${path}`;
      const fact = facts.get(key);
      const write = WRITES.has(method);
      op.operationId ??= operationIdOf(method, path);
      op.summary ??=
        typeof op.description === 'string'
          ? op.description.split(/(?<=\.)\s/)[0]
          : `${method.toUpperCase()} ${path}`;
      if (fact?.signedIn && write) op.security = [{ sessionCookie: [], csrfToken: [] }];
      op.security ??= [];

      const responses = (op.responses ??= {}) as Json;
      const codes = Object.keys(responses);
      if (!codes.some((c) => c.startsWith('2'))) responses['204'] = { description: 'Done; no content.' };
      if (fact?.partnerRead) {
        responses['401'] ??= answer('InvalidApiKey');
        responses['429'] ??= answer('QuotaExceeded');
        for (const code of codes.filter((c) => c.startsWith('2'))) {
          const answer = responses[code] as Json;
          if (answer && !('$ref' in answer))
            answer.headers = { ...(answer.headers as Json), ...quotaHeaders };
        }
      }
      if (fact?.signedIn) responses['401'] ??= answer('Unauthorized');
      if (fact?.signedIn || write) responses['403'] ??= answer('Forbidden');
      if (fact?.rateLimited) responses['429'] ??= answer('TooManyRequests');
      if (!Object.keys(responses).some((c) => c.startsWith('4'))) responses['4XX'] = answer('ClientError');

      for (const parameter of (op.parameters ?? []) as Json[]) {
        const numeric = parameter.schema ? numericParameter(parameter.schema as Json) : null;
        if (numeric) parameter.schema = numeric;
      }
      const form = Object.hasOwn(FORM_BODIES, key) ? FORM_BODIES[key] : undefined;
      if (form && !op.requestBody) {
        op.requestBody = {
          required: true,
          content: {
            'application/x-www-form-urlencoded': { schema: ref('schemas', form) },
            'application/json': { schema: ref('schemas', form) },
          },
        };
      }
    }
  }
  // Schemas nothing refers to (the input twin of a response schema, one used by admin operations only) are noise to a
  // client generator.
  const text = JSON.stringify(doc);
  const schemas = components.schemas as Json;
  for (const name of Object.keys(schemas))
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return doc;
}
