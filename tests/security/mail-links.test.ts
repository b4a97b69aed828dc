import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS } from '../../api/user';
import { ssoSettings } from '../../server/db/schema/index';
import { type TestApp, useTestApp } from '../helpers/app';
import { signUpAndSignIn, TEST_PASSWORD } from '../helpers/auth';

/**
 * The pentest found: links in mail follow configuration only (PUBLIC_URL, else the server's own HOST:PORT),
 * never the Host or X-Forwarded-Host of the request that caused the mail; the unsubscribe token expires and is
 * signed with a key derived for that purpose, not with the raw AUTH_SECRET.
 */

// Sign-ups hash passwords (scrypt), slow on a busy machine.

const DAY = 24 * 60 * 60 * 1000;
const SPOOFED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

type Mail = { to: string; subject: string; text: string };

async function mails(t: TestApp, email: string): Promise<Mail[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return res.json();
}

/** Every URL in a mail's plain text. */
const linksIn = (mail: Mail) => [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));

const post = (t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('without PUBLIC_URL', () => {
  const t = useTestApp({ HOST: '127.0.0.1', PORT: '3000' });

  it('links a forgot-password mail to the server’s own address, whatever Host and X-Forwarded-Host say', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const res = await post(t, '/api/auth/forgot-password', { email: user.email }, SPOOFED);
    expect(res.statusCode).toBe(200);
    const [reset] = await mails(t, user.email);
    expect(reset!.subject).toBe('Your password reset code');
    expect(reset!.text).not.toContain('evil.example');
    const links = linksIn(reset!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.origin).toBe('http://127.0.0.1:3000');
  });

  it('does the same for the sign-up and resend mails', async () => {
    const email = `spoof-${Date.now()}@example.com`;
    expect((await post(t, '/api/auth/signup', { email, password: TEST_PASSWORD }, SPOOFED)).statusCode).toBe(
      200,
    );
    t.app.clock.advance(61_000);
    expect((await post(t, '/api/auth/resend-confirmation', { email }, SPOOFED)).statusCode).toBe(200);
    const sent = await mails(t, email);
    expect(sent.map((m) => m.subject)).toEqual(['Your verification code', 'Your verification code']);
    for (const mail of sent) {
      expect(mail.text).not.toContain('evil.example');
      for (const link of linksIn(mail)) expect(link.origin).toBe('http://127.0.0.1:3000');
    }
  });

  it('builds the auth service’s provider URLs on configuration too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers', headers: SPOOFED });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.json().credentials.signinUrl).toBe('http://127.0.0.1:3000/api/auth/signin/credentials');
  });
});

describe('with PUBLIC_URL', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://ratings.example.com' });

  it('links every mail to PUBLIC_URL, whatever the request says', async () => {
    const email = `public-${Date.now()}@example.com`;
    await post(t, '/api/auth/signup', { email, password: TEST_PASSWORD }, SPOOFED);
    await post(t, '/api/auth/forgot-password', { email }, SPOOFED);
    const sent = await mails(t, email);
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      expect(mail.text).not.toContain('evil.example');
      for (const link of linksIn(mail)) expect(link.origin).toBe('https://ratings.example.com');
    }
  });
});

describe('the unsubscribe token', () => {
  const t = useTestApp();
  let email: string;
  let username: string;
  let token: string;
  beforeAll(async () => {
    const session = await signUpAndSignIn(t.app);
    email = session.user.email;
    username = session.user.username;
    const [verification] = (await mails(t, email)).slice(-1);
    token = linksIn(verification!)[0]!.searchParams.get('id')!;
  });

  const storedSettings = async () =>
    (await t.app.db.select().from(ssoSettings).where(eq(ssoSettings.userId, username)))[0]?.settings;

  it('works without a session while it is fresh, and its use neither renews it nor tells the email', async () => {
    t.app.clock.advance(29 * DAY);
    const answers = [
      await post(t, '/api/sso-settings', { id: token }),
      await post(t, '/api/sso-settings/update', { id: token, settings: { productNews: true } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      // Only the settings: no address for whoever holds a forwarded mail, and no fresh link good for 30 more days.
      expect(Object.keys(res.json())).toEqual(['settings']);
      expect(res.body).not.toContain(email);
      expect(res.body).not.toContain(username);
    }
  });

  it('is refused after 30 days with a clear answer, and changes nothing', async () => {
    const before = await storedSettings();
    expect(before).toMatchObject({ productNews: true, newsletter: true });
    t.app.clock.advance(1 * DAY + 1000);
    for (const url of ['/api/sso-settings/unsubscribe', '/api/sso-settings', '/api/sso-settings/update']) {
      const res = await post(t, url, { id: token, settings: { newsletter: false } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'ExpiredLink',
        message: 'This link has expired. Sign in to change your notification settings.',
        fields: { id: 'Expired settings link' },
      });
    }
    expect(await storedSettings()).toEqual(before);
  });

  it('refuses forged tokens: another user, a later expiry, the old format, the raw secret', async () => {
    const before = await storedSettings();
    const [userId, expires, mac] = token.split('.');
    const other = '00000000-0000-4000-8000-000000000000';
    const later = String(Number(expires) + 365 * 24 * 60 * 60);
    const rawSecretMac = (payload: string) =>
      createHmac('sha256', t.config.authSecret).update(payload).digest('base64url');
    const forged = [
      `${other}.${expires}.${mac}`,
      `${userId}.${later}.${mac}`,
      // The format before the fix: the user id signed with the raw secret, no expiry.
      `${userId}.${rawSecretMac(`sso-settings:${userId}`)}`,
      `${userId}.${later}.${rawSecretMac(`${userId}.${later}`)}`,
      `${userId}.${expires}.${mac}.x`,
      `${userId}.${expires}`,
      `${userId}..${mac}`,
    ];
    for (const id of forged) {
      const res = await post(t, '/api/sso-settings/unsubscribe', { id });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BadRequest', fields: { id: 'Invalid settings id' } });
    }
    expect(await storedSettings()).toEqual(before);
  });

  it('a fresh link from a new mail works again', async () => {
    await post(t, '/api/auth/forgot-password', { email });
    const [reset] = await mails(t, email);
    const id = linksIn(reset!)[0]!.searchParams.get('id')!;
    const res = await post(t, '/api/sso-settings/unsubscribe', { id });
    expect(res.statusCode).toBe(200);
    // Every kind of mail off; the alert mail mode is kept (with both alert kinds off, no alert is mailed).
    expect(await storedSettings()).toEqual({
      ...Object.fromEntries(NOTIFICATION_SETTINGS.map((k) => [k, false])),
      alertMail: 'instant',
    });
  });
});
