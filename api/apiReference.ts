import type { Request } from './http';

/**
 * The parts of the OpenAPI 3.1 document (`GET /api/openapi.json`, server/plugins/app/openapi.ts) that the reference page
 * (/developers/api) shows. A JSON Schema is read loosely: the page names types, never validates.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

export type OpenApiParameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
};

type Content = Record<string, { schema?: JsonSchema }>;

export type OpenApiOperation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; description?: string; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
  security?: Record<string, string[]>[];
};

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<
      string,
      { type: string; scheme?: string; in?: string; name?: string; description?: string }
    >;
  };
};

export const getOpenApiDocument = (request: Request) => request<OpenApiDocument>('/api/openapi.json');
