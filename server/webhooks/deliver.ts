import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookDeliveries, webhooks } from '../db/schema/index';
import {
  checkWebhookUrl,
  resolveWebhookTarget,
  WebhookAddressError,
  webhookPolicy,
  type ResolvedAddress,
} from './address';
import { openSecret, signWebhook } from './sign';
import { deriveKey } from '../plugins/app/session';

/** What a delivery needs from the server: the root secret (for the sealed signing secret) and the mode. */
export type WebhookDeps = {
  authSecret: string;
  production: boolean;
  now?: () => Date;
  /** Where the reason of a refused endpoint goes (the delivery's log only says it was refused). */
  log?: { info: (obj: object, msg?: string) => void };
};

/** No answer within this long is a failed attempt (the Standard Webhooks recommendation). */
export const DELIVERY_TIMEOUT_MS = 15_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * When each attempt of a delivery runs, after the one before failed: the first at once, then 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h (the Standard Webhooks schedule, about 28 hours in all), so an endpoint that is down for a
 * night still gets the message. Each wait varies by up to ±20 % (retryDelay) so that deliveries which failed
 * together — an endpoint that was down — do not all come back at the same second.
 */
export const RETRY_SCHEDULE_MS = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
/** Attempts of one delivery (the `webhook-delivery` job's max_attempts). */
export const DELIVERY_ATTEMPTS = RETRY_SCHEDULE_MS.length;
export const RETRY_JITTER = 0.2;

/** The wait before attempt `attempt + 1`, after attempt `attempt` (1-based) failed, with jitter. */
export const retryDelay = (attempt: number, random = Math.random) => {
  const base = RETRY_SCHEDULE_MS[Math.min(attempt, RETRY_SCHEDULE_MS.length - 1)]!;
  return Math.round(base * (1 + RETRY_JITTER * (2 * random() - 1)));
};
/** At most this much of a response body is read (for the log's error text); the rest is dropped. */
export const RESPONSE_BODY_LIMIT = 1024;

export type SendResult = {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** Refused before any connection (https rule, a forbidden address): retrying would not help. */
  refused: boolean;
};

/** A `lookup` for the socket that answers with the address already checked, never asking DNS again. */
function pinned(target: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/**
 * POSTs `body` to `rawUrl`: the URL and every address of its host are checked now (see address.ts), then the
 * connection goes to the checked address (a pinned `lookup`; TLS still verifies the host name). No redirects
 * (a 3xx is a failed attempt), a 15 s limit on the whole exchange, at most 1 KB of the response read.
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  deps: Pick<WebhookDeps, 'production' | 'log'>,
): Promise<SendResult> {
  const policy = webhookPolicy(deps.production);
  let url: URL;
  let target: ResolvedAddress;
  try {
    url = checkWebhookUrl(rawUrl, policy);
    target = await resolveWebhookTarget(url, policy);
  } catch (e) {
    if (e instanceof WebhookAddressError) {
      deps.log?.info({ url: rawUrl, reason: e.detail }, 'webhook delivery refused');
      return { ok: false, status: null, error: e.message, refused: true };
    }
    throw e;
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'refused'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, refused: false });
    };
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinned(target),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'SentinelRatings-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s` });
      req.destroy();
    }, DELIVERY_TIMEOUT_MS);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ ok: false, status: null, error: `${err.code ?? 'error'}: ${err.message}` }),
    );
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8').trim();
        const ok = status >= 200 && status < 300;
        finish({
          ok,
          status,
          error: ok
            ? null
            : `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}${text ? `: ${text.slice(0, 200)}` : ''}`,
        });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_BODY_LIMIT) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.end(body);
  });
}

type DeliveryRow = {
  id: number;
  webhookId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
  active: number;
};

async function load(db: Db, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      payload: webhookDeliveries.payload,
      url: webhooks.url,
      secret: webhooks.secret,
      active: webhooks.active,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

const ORDER = ['event', 'createdAt', 'project', 'change'];
/** `{ id, event, createdAt, project, change, … }` in that order (jsonb does not keep the order it was given). */
const ordered = (id: string, payload: Record<string, unknown>) => {
  const out: Record<string, unknown> = { id };
  for (const k of ORDER) if (k in payload) out[k] = payload[k];
  for (const [k, v] of Object.entries(payload)) if (!ORDER.includes(k) && k !== 'id') out[k] = v;
  return out;
};

/**
 * The message id receivers deduplicate on: the same for every attempt of a delivery, and telling nothing of how many
 * deliveries there are (a counter would: `msg_41`, `msg_42`, …). It is an HMAC of the delivery's row id under a key
 * derived from AUTH_SECRET, so it needs no column and cannot be guessed or counted.
 */
export const messageId = (authSecret: string, deliveryId: number) =>
  `msg_${createHmac('sha256', deriveKey(authSecret, 'webhook-message-id')).update(String(deliveryId)).digest('base64url').slice(0, 27)}`;

/**
 * One attempt at a pending delivery: signs and sends it, then records the attempt (count, response code, error)
 * and the outcome — `delivered` on a 2xx, `failed` when refused (address rules) or when `last` is set, else
 * still `pending`. A delivery that is no longer pending is not sent again. Returns null when nothing was sent.
 */
export async function attemptDelivery(
  db: Db,
  deps: WebhookDeps,
  deliveryId: number,
  last: boolean,
): Promise<SendResult | null> {
  const row = await load(db, deliveryId);
  if (!row || row.status !== 'pending') return null; // deleted with its webhook, or already settled
  const now = () => deps.now?.() ?? new Date();
  const pendingOnly = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending'));
  if (row.active !== 1) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'The webhook is disabled.' })
      .where(pendingOnly);
    return null;
  }
  const id = messageId(deps.authSecret, row.id);
  const timestamp = Math.floor(now().getTime() / 1000);
  const body = JSON.stringify(ordered(id, row.payload));
  const secret = openSecret(deps.authSecret, row.secret);
  const result = await postWebhook(
    row.url,
    body,
    {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, id, timestamp, body),
    },
    deps,
  );
  const at = now();
  // 410 Gone: the receiver asks for no more (Standard Webhooks); the endpoint is disabled and this is not retried.
  const gone = result.status === 410;
  await db
    .update(webhookDeliveries)
    .set({
      attempts: row.attempts + 1,
      lastAttemptAt: at,
      responseCode: result.status,
      error: gone ? `${result.error} — the endpoint answered 410 Gone, so it was disabled` : result.error,
      status: result.ok ? 'delivered' : result.refused || gone || last ? 'failed' : 'pending',
      deliveredAt: result.ok ? at : null,
    })
    .where(pendingOnly);
  if (gone) {
    await db.update(webhooks).set({ active: 0 }).where(eq(webhooks.id, row.webhookId));
    return { ...result, refused: true };
  }
  return result;
}

/**
 * Thrown for a failed attempt so the job runner tries again after `retryInMs` (the schedule above), or marks the
 * job failed at the last attempt.
 */
export class DeliveryFailed extends Error {
  override name = 'DeliveryFailed';
  constructor(
    message: string,
    readonly retryInMs: number,
  ) {
    super(message);
  }
}

/**
 * `webhook-delivery` {deliveryId}: one attempt per job run. A non-2xx answer or a network error throws, so the
 * runner retries on RETRY_SCHEDULE_MS; the delivery is marked failed on the job's last attempt. An endpoint refused
 * by the address rules, or one that answered 410, is marked failed at once (no retry).
 */
export async function runDeliveryJob(
  db: Db,
  deps: WebhookDeps,
  deliveryId: number,
  job: { attempts: number; maxAttempts: number },
): Promise<void> {
  const result = await attemptDelivery(db, deps, deliveryId, job.attempts >= job.maxAttempts);
  if (result && !result.ok && !result.refused)
    throw new DeliveryFailed(
      `webhook delivery ${deliveryId}: ${result.error ?? 'failed'}`,
      retryDelay(job.attempts),
    );
}
