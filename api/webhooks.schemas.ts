/** Zod schemas of the webhooks contract (see api/webhooks.ts). */
import { z } from 'zod';
import { SignalMove } from './ratings.schemas';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from './webhooks';

const Uuid = z.string().uuid('Not a valid id');

/** One delivery in a webhook's log (newest first, the last WEBHOOK_LOG_SIZE). */
export const WebhookDelivery = z.object({
  id: z.number().int(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  responseCode: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** ISO date-time */
  createdAt: z.string(),
  /** ISO date-time, or null until delivered */
  deliveredAt: z.string().nullable(),
});

export const Webhook = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  watchlists: z.array(z.object({ id: z.string(), name: z.string() })),
  active: z.boolean(),
  /** ISO date-time */
  createdAt: z.string(),
  deliveries: z.array(WebhookDelivery),
});

/** GET /api/user/webhooks — the caller's webhooks, the watchlists they may choose, and whether they may add one. */
export const WebhookList = z.object({
  items: z.array(Webhook),
  watchlists: z.array(z.object({ id: z.string(), name: z.string() })),
  /** A webhook needs an active API key of the same user ("a key's owner"). */
  hasApiKey: z.boolean(),
  limit: z.number().int(),
});

/** POST /api/user/webhooks */
export const CreateWebhookBody = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the endpoint URL')
    .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters`)
    .refine((s) => URL.canParse(s), 'Not a valid URL'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length)
    .refine((e) => new Set(e).size === e.length, 'Each event once'),
  watchlistIds: z
    .array(Uuid)
    .min(1, 'Choose at least one watchlist')
    .max(50)
    .refine((e) => new Set(e).size === e.length, 'Each watchlist once'),
});

/** 201 from POST /api/user/webhooks: the webhook and its signing secret, shown this once. */
export const CreatedWebhook = z.object({ webhook: Webhook, secret: z.string() });

/** POST /api/user/webhooks/delete and /test */
export const WebhookIdBody = z.object({ id: Uuid });

/** POST /api/user/webhooks/replay — a failed delivery of one of the caller's webhooks. */
export const DeliveryIdBody = z.object({ id: z.number().int('Not a valid id').positive('Not a valid id') });

/** POST /api/user/webhooks/test — the ping's delivery, as logged. */
export const WebhookTestResult = z.object({ delivery: WebhookDelivery });

/** POST /api/user/webhooks/delete */
export const DeletedWebhook = z.object({ ok: z.literal(true) });

/** The project a webhook event is about, with the score and tier that came with the change. */
const WebhookProject = z.object({ id: z.string(), name: z.string(), score: z.number(), tier: z.string() });

const eventBase = {
  /** The message id, also in the `webhook-id` header: the same on every retry, deduplicate on it. */
  id: z.string(),
  /** ISO date-time of the change */
  createdAt: z.string(),
  project: WebhookProject,
};

/** One alert event as POSTed to a webhook's URL (docs/partner-api.md, What is sent), by its `event`. */
export const WebhookEventPayload = z.discriminatedUnion('event', [
  z.object({
    ...eventBase,
    event: z.literal('score'),
    change: z.object({
      before: z.number(),
      after: z.number(),
      delta: z.number(),
      /** The signals that moved it. */
      moves: z.array(SignalMove),
      summary: z.string(),
    }),
  }),
  z.object({
    ...eventBase,
    event: z.literal('tier'),
    change: z.object({ before: z.string(), after: z.string(), summary: z.string() }),
  }),
  z.object({
    ...eventBase,
    event: z.literal('badge'),
    change: z.object({
      before: z.object({ audited: z.boolean(), kyc: z.boolean() }),
      after: z.object({ audited: z.boolean(), kyc: z.boolean() }),
      summary: z.string(),
    }),
  }),
  z.object({
    ...eventBase,
    event: z.literal('incident'),
    change: z.object({
      alert: z.object({
        id: z.number().int(),
        severity: z.string(),
        title: z.string(),
        description: z.string(),
        lossUsd: z.number().nullable(),
        occurredAt: z.string(),
      }),
      summary: z.string(),
    }),
  }),
]);

/** The `ping` a test delivery sends. */
export const WebhookPingPayload = z.object({
  id: z.string(),
  event: z.literal('ping'),
  createdAt: z.string(),
  webhook: z.object({ id: Uuid, url: z.string(), events: z.array(z.string()) }),
});
