import type { FastifyInstance } from 'fastify';
import type { CreatedWebhook, WebhookList, WebhookTestResult } from '../../../../api/webhooks';
import * as S from '../../../../api/webhooks.schemas';
import { requireUser } from '../../../plugins/app/session';
import { REGISTER_LIMIT } from '../../../webhooks/address';
import { created, Ok, replies, signedIn, signedInPost, typed } from '../../../routing/schemas';

/**
 * Signed webhooks of the Partner API: a signed-in user who owns an active API key registers up to
 * WEBHOOK_LIMIT endpoints for alert events on the projects of their own watchlists, sees each one's delivery log,
 * sends a test ping and deletes them. The endpoint is checked against the address rules (server/webhooks/address.ts)
 * here and again at every delivery. Every query is scoped to the caller's user id.
 */
export default async function webhooksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const TAGS = ['Account'];
  app.get(
    '/webhooks',
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'My webhooks',
        description:
          'Each webhook with its last 20 deliveries, the watchlists it may use, and whether the caller owns an active API key (needed to add one).',
        response: replies(S.WebhookList),
      },
    },
    async (request): Promise<WebhookList> => app.webhooks.list(requireUser(request).username),
  );

  app.post(
    '/webhooks',
    {
      // Each attempt resolves a host name the caller chose: a person registers a handful, a script probing names
      // many.
      config: { rateLimit: REGISTER_LIMIT },
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Register a webhook',
        description:
          'For an API key owner: alert events on the projects of their own watchlists, POSTed to an https endpoint and signed (see docs/partner-api.md, Webhooks). Answers the signing secret once. At most 5 per user.',
        body: S.CreateWebhookBody,
        response: created(S.CreatedWebhook),
      },
    },
    async (request, reply): Promise<CreatedWebhook> => {
      const made = await app.webhooks.register(requireUser(request).username, request.body, request.log);
      reply.code(201);
      return made;
    },
  );

  signedInPost(
    app,
    '/webhooks/delete',
    { tags: TAGS, summary: 'Delete a webhook', body: S.WebhookIdBody, response: Ok },
    async (user, body): Promise<{ ok: true }> => {
      await app.webhooks.delete(user.username, body.id);
      return { ok: true };
    },
  );

  // Queues a send again: an owner replays a handful after fixing their endpoint, not hundreds.
  signedInPost(
    app,
    '/webhooks/replay',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      tags: TAGS,
      summary: 'Replay a failed delivery',
      description:
        'Queues a failed delivery of one of your webhooks again, with the same message id and the full retry schedule, and enables its webhook again if it was disabled (after a 410). Answers the delivery, now pending; 409 if it has not failed.',
      body: S.DeliveryIdBody,
      response: S.WebhookTestResult,
    },
    async (user, body): Promise<WebhookTestResult> => app.webhooks.replay(user.username, body.id),
  );

  // Sends traffic out: a few per minute are plenty.
  signedInPost(
    app,
    '/webhooks/test',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      tags: TAGS,
      summary: 'Send a test ping',
      description:
        'Sends a signed `ping` event to the endpoint now (one attempt) and answers its logged delivery.',
      body: S.WebhookIdBody,
      response: S.WebhookTestResult,
    },
    async (user, body): Promise<WebhookTestResult> => app.webhooks.test(user.username, body.id),
  );
}
