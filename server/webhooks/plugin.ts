import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
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
} from '../../api/webhooks';
import type { CreateWebhookBody } from '../../api/webhooks.schemas';
import { hasActiveApiKey } from '../apiKeys/queries';
import type { Db } from '../db/client';
import { AppError, forbidden, notFound } from '../errors';
import { repositoryPlugin } from '../plugins/app/repository';
import { checkWebhookUrl, resolveWebhookTarget, WebhookAddressError, webhookPolicy } from './address';
import { attemptDelivery } from './deliver';
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
} from './queries';
import { newWebhookSecret, sealSecret } from './sign';

const WEBHOOK_MESSAGES = {
  noKey: 'Webhooks belong to an API key’s owner: create an API key first (Settings → API keys).',
  limit: `You can have at most ${WEBHOOK_LIMIT} webhooks. Delete one first.`,
  notYours: 'Choose your own watchlists.',
  notFailed: 'Only a failed delivery can be replayed.',
} as const;

/** A refused field, answered like every other invalid input: 400 ValidationError naming it. */
const invalid = (field: string, message: string) =>
  new AppError(400, 'ValidationError', `${field}: ${message}`, { [field]: message });

const deliveryView = (d: DeliveryRow): WebhookDelivery => ({
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
 * The signed webhooks of the Partner API over this app's database, for the routes of /api/user/webhooks: a user who
 * owns an active API key registers up to WEBHOOK_LIMIT endpoints for alert events on the projects of their own
 * watchlists, sees each one's delivery log, replays a failed delivery, sends a test ping and deletes them. The
 * endpoint is checked against the address rules (./address.ts) here and again at every delivery. Every query is
 * scoped to the caller's user id.
 */
export function webhookRepository(app: FastifyInstance) {
  const deps = () => ({
    authSecret: app.config.authSecret,
    production: app.config.production,
    now: () => app.clock.now(),
    log: app.log,
  });
  /** A webhook belongs to an API key's owner: 403 for a user with no active key. */
  const requireKeyOwner = async (userId: string) => {
    if (!(await hasActiveApiKey(app.db, userId))) throw forbidden(WEBHOOK_MESSAGES.noKey);
  };
  return {
    /** The user's webhooks with their delivery logs, the watchlists they may use, and whether they own a key. */
    list: async (userId: string): Promise<WebhookList> => {
      const lists = await watchlistNamesOf(app.db, userId);
      const names = new Map(lists.map((l) => [l.id, l.name]));
      const hooks = await webhooksOf(app.db, userId);
      return {
        items: await Promise.all(hooks.map((h) => describe(app.db, h, names))),
        watchlists: lists,
        hasApiKey: await hasActiveApiKey(app.db, userId),
        limit: WEBHOOK_LIMIT,
      };
    },
    /** A new webhook and its signing secret (answered once); a refused endpoint is logged on `log`. */
    register: async (
      userId: string,
      body: z.output<typeof CreateWebhookBody>,
      log: FastifyBaseLogger,
    ): Promise<CreatedWebhook> => {
      await requireKeyOwner(userId);
      const policy = webhookPolicy(app.config.production);
      let url: URL;
      try {
        url = checkWebhookUrl(body.url, policy);
        await resolveWebhookTarget(url, policy);
      } catch (e) {
        if (e instanceof WebhookAddressError) {
          log.info({ reason: e.detail }, 'webhook endpoint refused');
          throw invalid('url', e.message);
        }
        throw e;
      }
      const secret = newWebhookSecret();
      const made = await registerWebhook(
        app.db,
        {
          userId,
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
      return { webhook: await describe(app.db, made.row, made.names), secret };
    },
    /** Deletes the user's webhook; 404 for another's or none. */
    delete: async (userId: string, id: string) => {
      if (!(await deleteOwnWebhook(app.db, userId, id))) throw notFound('No such webhook.');
    },
    /** Queues a failed delivery again (see replayFailedDelivery); 409 for one that has not failed. */
    replay: async (userId: string, id: number): Promise<WebhookTestResult> => {
      await requireKeyOwner(userId);
      const replay = await replayFailedDelivery(app.db, userId, id);
      if (replay.kind === 'notFound') throw notFound('No such delivery.');
      if (replay.kind === 'notFailed')
        throw new AppError(409, 'DeliveryNotFailed', WEBHOOK_MESSAGES.notFailed);
      return { delivery: deliveryView(replay.delivery) };
    },
    /** Sends a signed ping to the webhook now, one attempt: its logged delivery, answered or failed. */
    test: async (userId: string, id: string): Promise<WebhookTestResult> => {
      const hook = await ownWebhook(app.db, userId, id);
      await requireKeyOwner(userId);
      const deliveryId = await insertPingDelivery(app.db, hook, app.clock.now());
      await attemptDelivery(app.db, deps(), deliveryId, true);
      const row = await deliveryById(app.db, deliveryId);
      return { delivery: deliveryView(row!) };
    },
  };
}

export type WebhookRepository = ReturnType<typeof webhookRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookRepository;
  }
}

/** The webhook repository of this app's database as `app.webhooks`. */
export const webhooks = repositoryPlugin('webhooks', webhookRepository, ['db', 'config', 'clock']);
