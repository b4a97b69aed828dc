import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../plugins/app/session';

/**
 * The link in a mail to a user's notification settings (and unsubscribe), which works without signing in: mail,
 * the account pool and the settings route use it, so it lives with the accounts, not in a route file.
 */

/** User ids are UUIDs; anything else never reaches the file system or a token check. */
export const USER_ID = /^[0-9a-fA-F-]{1,64}$/;

/** How long the notification-settings link in a mail works without signing in. */
export const SSO_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * The signed id of a user's notification settings, for links in emails: `<userId>.<expiry>.<mac>`, an
 * HMAC-SHA256 with a key derived from AUTH_SECRET for this purpose only, over the user id and the expiry
 * (Unix seconds, SSO_LINK_TTL_SECONDS after `now`).
 */
export function ssoSettingsToken(secret: string, userId: string, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + SSO_LINK_TTL_SECONDS;
  return `${userId}.${expires}.${ssoMac(secret, userId, String(expires))}`;
}

/** The unsubscribe / notification-settings link to put in an email (works without signing in). */
export function ssoSettingsLink(
  baseUrl: string,
  secret: string,
  userId: string,
  now: Date = new Date(),
): string {
  return `${baseUrl.replace(/\/$/, '')}/notifications/unsubscribe?id=${encodeURIComponent(ssoSettingsToken(secret, userId, now))}`;
}

const ssoMac = (secret: string, userId: string, expires: string) =>
  createHmac('sha256', deriveKey(secret, 'sso-settings')).update(`${userId}.${expires}`).digest('base64url');

/** The user id of a genuine token, 'expired' for a genuine one past its expiry, undefined for anything else. */
export function verifySsoToken(secret: string, token: string, now: Date): string | 'expired' | undefined {
  const [userId, expiresText, mac, ...rest] = token.split('.');
  if (!userId || !expiresText || !mac || rest.length > 0) return undefined;
  if (!USER_ID.test(userId) || !/^\d{1,12}$/.test(expiresText)) return undefined;
  const given = Buffer.from(mac);
  const expected = Buffer.from(ssoMac(secret, userId, expiresText));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return Number(expiresText) * 1000 > now.getTime() ? userId : 'expired';
}
