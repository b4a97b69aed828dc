import type { z } from 'zod';
import type * as schemas from './webhooks.schemas';
import type { Request } from './http';

/** The alert events a webhook can subscribe to. */
export const WEBHOOK_EVENTS = ['score', 'tier', 'badge', 'incident'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  score: 'Score move',
  tier: 'Tier change',
  badge: 'Badge change',
  incident: 'Security incident',
};
/** Webhooks per user. */
export const WEBHOOK_LIMIT = 5;
/** Deliveries listed per webhook. */
export const WEBHOOK_LOG_SIZE = 20;
export const WEBHOOK_URL_MAX = 2000;
/** Prefix of a signing secret (shown once, at creation). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export type Webhook = z.infer<typeof schemas.Webhook>;
export type WebhookDelivery = z.infer<typeof schemas.WebhookDelivery>;
export type WebhookList = z.infer<typeof schemas.WebhookList>;
export type CreateWebhookBody = z.infer<typeof schemas.CreateWebhookBody>;
export type CreatedWebhook = z.infer<typeof schemas.CreatedWebhook>;
export type WebhookTestResult = z.infer<typeof schemas.WebhookTestResult>;

export const listWebhooks = (request: Request) => request<WebhookList>('/api/user/webhooks');
export const createWebhook = (request: Request, body: CreateWebhookBody) =>
  request<CreatedWebhook>('/api/user/webhooks', { method: 'POST', body });
export const deleteWebhook = (request: Request, id: string) =>
  request<{ ok: true }>('/api/user/webhooks/delete', { method: 'POST', body: { id } });
export const testWebhook = (request: Request, id: string) =>
  request<WebhookTestResult>('/api/user/webhooks/test', { method: 'POST', body: { id } });
export const replayDelivery = (request: Request, id: number) =>
  request<WebhookTestResult>('/api/user/webhooks/replay', { method: 'POST', body: { id } });
