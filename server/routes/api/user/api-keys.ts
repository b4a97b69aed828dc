import type { FastifyInstance } from 'fastify';
import { API_KEY_MESSAGES, type ApiKey, type ApiKeyList, type CreatedApiKey } from '../../../../api/apiKeys';
import {
  ApiKey as ApiKeySchema,
  ApiKeyList as ApiKeyListSchema,
  CreateApiKeyBody,
  CreatedApiKey as CreatedApiKeySchema,
  RevokeApiKeyBody,
} from '../../../../api/apiKeys.schemas';
import { forbidden } from '../../../errors';
import { requireUser } from '../../../plugins/app/session';
import { created, replies, signedIn, signedInPost, typed } from '../../../routing/schemas';

/**
 * A signed-in user's Partner API keys: list with usage, create (the key is answered once and only its
 * SHA-256 is stored), revoke. Cookie session only: plugins/app/apiKey.ts never lets a key reach these routes. Writes
 * take the CSRF token (the /api/ write default). Bodies and answers are the shared schemas of api/apiKeys.schemas.ts.
 */
export default async function apiKeysRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/api-keys',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Your API keys with their usage (last 14 days)',
        response: replies(ApiKeyListSchema),
      },
    },
    async (request): Promise<ApiKeyList> => app.apiKeys.list(requireUser(request).username),
  );

  app.post(
    '/api-keys',
    {
      // A key made for the subject while impersonating would keep working after the admin exits: refused.
      preValidation: async (request) => {
        if (requireUser(request).adminId) throw forbidden(API_KEY_MESSAGES.impersonating);
      },
      schema: {
        summary: 'Create an API key (the key is in this answer only)',
        body: CreateApiKeyBody,
        response: created(CreatedApiKeySchema),
      },
    },
    async (request, reply): Promise<CreatedApiKey> => {
      const created = await app.apiKeys.create(requireUser(request).username, request.body.name);
      reply.code(201);
      return created;
    },
  );

  signedInPost(
    app,
    '/api-keys/revoke',
    {
      summary: 'Revoke one of your API keys (at once, for good)',
      body: RevokeApiKeyBody,
      response: ApiKeySchema,
    },
    async (user, body): Promise<ApiKey> => app.apiKeys.revoke(user.username, body.id),
  );
}
