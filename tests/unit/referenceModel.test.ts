import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../api/apiReference';
import { notesOf, referenceView, typeName } from '../../src/features/developers/referenceModel';

const doc: OpenApiDocument = {
  info: { title: 'Test API', version: '1.0.0', description: 'Reads `things`.' },
  tags: [
    { name: 'Partner', description: 'With a key.' },
    { name: 'Things', description: 'Things.' },
    { name: 'Unused' },
  ],
  components: {
    schemas: {
      ErrorBody: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
    },
  },
  paths: {
    '/api/things/{id}': {
      get: {
        summary: 'A thing',
        tags: ['Things', 'Partner'],
        security: [{ bearerAuth: [] }, { sessionCookie: [] }, {}],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } }],
        responses: {
          '200': {
            description: 'The thing',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['items'],
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['name'],
                        properties: {
                          name: { type: 'string' },
                          rank: {
                            anyOf: [{ type: 'integer', minimum: -9007199254740991 }, { type: 'null' }],
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          '4XX': {
            description: 'Error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          },
        },
      },
    },
    '/api/things': {
      post: {
        summary: 'Make a thing',
        tags: ['Things'],
        security: [{ sessionCookie: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { sort: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } },
              },
            },
          },
        },
        responses: { '204': { description: 'Made' } },
      },
    },
  },
};

describe('the API reference page model', () => {
  it('names types as a reader writes them', () => {
    expect(typeName({ type: 'string', enum: ['asc', 'desc'] })).toBe('"asc" | "desc"');
    expect(typeName({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toBe('integer or null');
    expect(typeName({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeName({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } })).toBe(
      '(string or null)[]',
    );
    expect(typeName({ $ref: '#/components/schemas/ErrorBody' })).toBe('ErrorBody');
    expect(typeName({ type: ['string', 'null'] })).toBe('string or null');
    expect(typeName(undefined)).toBe('any');
  });

  it('says defaults and bounds, leaving out the safe-integer ones', () => {
    expect(notesOf({ type: 'integer', minimum: 1, maximum: 100, default: 25 })).toBe('Default 25. 1–100.');
    expect(notesOf({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toBe('');
    expect(notesOf({ type: 'string', maxLength: 200 }, 'The id.')).toBe('The id. At most 200 characters.');
  });

  it('groups operations by their first tag, links them under the others, and flattens schemas', () => {
    const view = referenceView(doc);
    expect(view.tags.map((t) => t.name)).toEqual(['Partner', 'Things']);
    const [partner, things] = view.tags;
    expect(partner!.operations).toEqual([]);
    expect(partner!.alsoHere).toEqual([
      { anchor: 'get-api-things-id', method: 'GET', path: '/api/things/{id}', summary: 'A thing' },
    ]);
    const [get, post] = things!.operations;
    expect(get!.auth).toBe('Optional: API key or session cookie');
    expect(get!.parameters).toEqual([
      { name: 'id', in: 'path', type: 'string', required: true, notes: 'At most 200 characters.' },
    ]);
    expect(get!.responses[0]!.payload!.fields).toEqual([
      { name: 'items', depth: 0, type: 'object[]', required: true, notes: '' },
      { name: 'items[].name', depth: 1, type: 'string', required: true, notes: '' },
      { name: 'items[].rank', depth: 1, type: 'integer or null', required: false, notes: '' },
    ]);
    // A named schema is listed once, under Schemas, and the response names it.
    expect(get!.responses[1]!.payload).toEqual({
      contentType: 'application/json',
      type: 'ErrorBody',
      schema: 'ErrorBody',
      fields: [],
    });
    expect(view.schemas).toEqual([
      {
        name: 'ErrorBody',
        anchor: 'schema-errorbody',
        type: 'object',
        fields: [{ name: 'error', depth: 0, type: 'string', required: true, notes: '' }],
      },
    ]);
    expect(post!.auth).toBe('Session cookie');
    expect(post!.body).toEqual({
      contentType: 'application/json',
      type: 'object',
      schema: null,
      required: true,
      fields: [{ name: 'sort', depth: 0, type: '"asc" | "desc"', required: false, notes: 'Default "asc".' }],
    });
    expect(post!.responses).toEqual([{ status: '204', description: 'Made', payload: null }]);
  });
});
