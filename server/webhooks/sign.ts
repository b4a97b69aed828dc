import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../api/webhooks';
import { deriveKey } from '../plugins/app/session';

/**
 * Webhook signatures in the Standard Webhooks form: `webhook-signature: v1,<base64 HMAC-SHA256>` over
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the secret shown once at creation. The secret is kept
 * encrypted (AES-256-GCM under a key derived from AUTH_SECRET for this purpose), never in the clear.
 */

/** A new signing secret: `whsec_` + 32 random bytes in base64 (the Standard Webhooks form). */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const PURPOSE = 'webhook-secret';

/** `v1.<iv>.<ciphertext>.<tag>` (base64url), sealed under AUTH_SECRET. */
export function sealSecret(authSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(authSecret, PURPOSE), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(authSecret: string, sealed: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('webhook secret: unknown format');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    deriveKey(authSecret, PURPOSE),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The HMAC key of a secret: the base64 part after `whsec_`, decoded (as Standard Webhooks libraries read it). */
const keyOf = (secret: string) =>
  Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );

/** `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Tolerance for the timestamp a receiver accepts (documented in docs/partner-api.md). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** What a receiver does (docs/partner-api.md): true when one `v1,` signature matches and the time is close. */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, ts, body).slice(3), 'base64');
  return headers.signature.split(' ').some((sig) => {
    if (!sig.startsWith('v1,')) return false;
    const got = Buffer.from(sig.slice(3), 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
