import type { FastifyInstance } from 'fastify';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMIT,
  WEBHOOK_LOG_SIZE,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookList,
  type WebhookTestResult,
} from '../../../../api/webhooks';
import * as S from '../../../../api/webhooks.schemas';
import type { Db } from '../../../db/client';
import { AppError, forbidden, notFound } from '../../../errors';
import { requireUser } from '../../../plugins/app/session';
import {
  checkWebhookUrl,
  REGISTER_LIMIT,
  resolveWebhookTarget,
  WebhookAddressError,
  webhookPolicy,
} from '../../../webhooks/address';
import { hasActiveApiKey } from '../../../apiKeys/queries';
import { attemptDelivery } from '../../../webhooks/deliver';
import {
  deleteOwnWebhook,
  deliveryById,
  insertPingDelivery,
  ownWebhookRow,
  recentDeliveries,
  registerWebhook,
  replayFailedDelivery,
  watchlistNamesOf,
  webhooksOf,
  type DeliveryRow,
  type WebhookRow,
} from '../../../webhooks/queries';
import { newWebhookSecret, sealSecret } from '../../../webhooks/sign';
import { created, Ok, replies, signedIn, typed } from '../../../routing/schemas';

export const WEBHOOK_MESSAGES = {
  noKey: 'Webhooks belong to an API key’s owner: create an API key first (Settings → API keys).',
  limit: `You can have at most ${WEBHOOK_LIMIT} webhooks. Delete one first.`,
  notYours: 'Choose your own watchlists.',
  notFailed: 'Only a failed delivery can be replayed.',
} as const;

/** A refused field, answered like every other invalid input: 400 ValidationError naming it. */
const invalid = (field: string, message: string) =>
  new AppError(400, 'ValidationError', `${field}: ${message}`, { [field]: message });

export const deliveryView = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  event: d.event,
  status: d.status,
  responseCode: d.responseCode,
  attempts: d.attempts,
  error: d.error,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

async function describe(db: Db, hook: WebhookRow, names: Map<string, string>): Promise<Webhook> {
  const log = await recentDeliveries(db, hook.id, WEBHOOK_LOG_SIZE);
  return {
    id: hook.id,
    url: hook.url,
    events: hook.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    // A watchlist deleted since is left out (it no longer selects any project).
    watchlists: hook.watchlistIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    active: hook.active === 1,
    createdAt: hook.createdAt.toISOString(),
    deliveries: log.map(deliveryView),
  };
}

/** The caller's webhook, or a 404 (another user's id is not found either). */
async function ownWebhook(db: Db, userId: string, id: string): Promise<WebhookRow> {
  const hook = await ownWebhookRow(db, userId, id);
  if (!hook) throw notFound('No such webhook.');
  return hook;
}

/**
 * Signed webhooks of the Partner API: a signed-in user who owns an active API key registers up to
 * WEBHOOK_LIMIT endpoints for alert events on the projects of their own watchlists, sees each one's delivery log,
 * sends a test ping and deletes them. The endpoint is checked against the address rules (server/webhooks/address.ts)
 * here and again at every delivery. Every query is scoped to the caller's user id.
 */
export default async function webhooksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const deps = () => ({
    authSecret: app.config.authSecret,
    production: app.config.production,
    now: () => app.clock.now(),
    log: app.log,
  });

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
    async (request): Promise<WebhookList> => {
      const user = requireUser(request);
      const lists = await watchlistNamesOf(app.db, user.username);
      const names = new Map(lists.map((l) => [l.id, l.name]));
      const hooks = await webhooksOf(app.db, user.username);
      return {
        items: await Promise.all(hooks.map((h) => describe(app.db, h, names))),
        watchlists: lists,
        hasApiKey: await hasActiveApiKey(app.db, user.username),
        limit: WEBHOOK_LIMIT,
      };
    },
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
      const user = requireUser(request);
      const body = request.body;
      if (!(await hasActiveApiKey(app.db, user.username))) throw forbidden(WEBHOOK_MESSAGES.noKey);
      const policy = webhookPolicy(app.config.production);
      let url: URL;
      try {
        url = checkWebhookUrl(body.url, policy);
        await resolveWebhookTarget(url, policy);
      } catch (e) {
        if (e instanceof WebhookAddressError) {
          request.log.info({ reason: e.detail }, 'webhook endpoint refused');
          throw invalid('url', e.message);
        }
        throw e;
      }
      const secret = newWebhookSecret();
      const made = await registerWebhook(
        app.db,
        {
          userId: user.username,
          url: url.toString(),
          secret: sealSecret(app.config.authSecret, secret),
          watchlistIds: body.watchlistIds,
          events: WEBHOOK_EVENTS.filter((e) => body.events.includes(e)),
        },
        WEBHOOK_LIMIT,
      );
      if (made.kind === 'notOwnWatchlists') throw invalid('watchlistIds', WEBHOOK_MESSAGES.notYours);
      if (made.kind === 'limitReached')
        throw new AppError(409, 'WebhookLimitExceeded', WEBHOOK_MESSAGES.limit);
      reply.code(201);
      return { webhook: await describe(app.db, made.row, made.names), secret };
    },
  );

  app.post(
    '/webhooks/delete',
    {
      preValidation: signedIn,
      schema: { tags: TAGS, summary: 'Delete a webhook', body: S.WebhookIdBody, response: replies(Ok) },
    },
    async (request): Promise<{ ok: true }> => {
      const user = requireUser(request);
      const { id } = request.body;
      if (!(await deleteOwnWebhook(app.db, user.username, id))) throw notFound('No such webhook.');
      return { ok: true };
    },
  );

  // Queues a send again: an owner replays a handful after fixing their endpoint, not hundreds.
  app.post(
    '/webhooks/replay',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Replay a failed delivery',
        description:
          'Queues a failed delivery of one of your webhooks again, with the same message id and the full retry schedule, and enables its webhook again if it was disabled (after a 410). Answers the delivery, now pending; 409 if it has not failed.',
        body: S.DeliveryIdBody,
        response: replies(S.WebhookTestResult),
      },
    },
    async (request): Promise<WebhookTestResult> => {
      const user = requireUser(request);
      const { id } = request.body;
      if (!(await hasActiveApiKey(app.db, user.username))) throw forbidden(WEBHOOK_MESSAGES.noKey);
      const replay = await replayFailedDelivery(app.db, user.username, id);
      if (replay.kind === 'notFound') throw notFound('No such delivery.');
      if (replay.kind === 'notFailed')
        throw new AppError(409, 'DeliveryNotFailed', WEBHOOK_MESSAGES.notFailed);
      return { delivery: deliveryView(replay.delivery) };
    },
  );

  // Sends traffic out: a few per minute are plenty.
  app.post(
    '/webhooks/test',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: 'Send a test ping',
        description:
          'Sends a signed `ping` event to the endpoint now (one attempt) and answers its logged delivery.',
        body: S.WebhookIdBody,
        response: replies(S.WebhookTestResult),
      },
    },
    async (request): Promise<WebhookTestResult> => {
      const user = requireUser(request);
      const { id } = request.body;
      const hook = await ownWebhook(app.db, user.username, id);
      if (!(await hasActiveApiKey(app.db, user.username))) throw forbidden(WEBHOOK_MESSAGES.noKey);
      const now = app.clock.now();
      const deliveryId = await insertPingDelivery(app.db, hook, now);
      // One attempt, now: the answer (or its failure) is in the log and in this response.
      await attemptDelivery(app.db, deps(), deliveryId, true);
      const row = await deliveryById(app.db, deliveryId);
      return { delivery: deliveryView(row!) };
    },
  );
}
