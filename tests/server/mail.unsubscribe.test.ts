import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS } from '../../api/user';
import { type TestApp, useTestApp } from '../helpers/app';
import { TEST_PASSWORD } from '../helpers/auth';

// Sign-ups hash passwords (scrypt), slow on a busy machine.

/*
 * Every code mail (sign-up verification, password reset) ends with the notification-settings / unsubscribe link:
 * on PUBLIC_URL when it is set, else on the server's own HOST:PORT (never the request's Host: see
 * tests/security/mail-links.test.ts). Followed without a session (the page /notifications/unsubscribe posts its
 * id), it turns every notification off.
 */

type Mail = { to: string; subject: string; text: string; code?: string };

const ALL_OFF = Object.fromEntries(NOTIFICATION_SETTINGS.map((k) => [k, false]));

async function outbox(t: TestApp, email: string): Promise<Mail[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The one settings link in a mail's plain text. */
function settingsLink(mail: Mail): URL {
  const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
  expect(links).toHaveLength(1);
  return links[0]!;
}

/** Follows the link as its page does: POST /api/sso-settings/unsubscribe with its id, no cookies at all. */
async function followWithoutSession(t: TestApp, link: URL) {
  expect(link.pathname).toBe('/notifications/unsubscribe');
  const id = link.searchParams.get('id');
  expect(id).toBeTruthy();
  const res = await t.app.inject({ method: 'POST', url: '/api/sso-settings/unsubscribe', payload: { id } });
  const read = await t.app.inject({ method: 'POST', url: '/api/sso-settings', payload: { id } });
  return { res, read };
}

describe('the unsubscribe link in mail, with PUBLIC_URL', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://ratings.example.com/' });

  it('is in the verification mail and unsubscribes without a session', async () => {
    const email = 'dora@example.com';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD },
      headers: { host: 'elsewhere.test' },
    });
    expect(signup.statusCode).toBe(200);
    const [mail] = await outbox(t, email);
    expect(mail!.subject).toBe('Your verification code');
    const link = settingsLink(mail!);
    expect(link.origin).toBe('https://ratings.example.com');
    expect(mail!.text).toContain(`Notification settings and unsubscribe: ${link.href}`);

    const { res, read } = await followWithoutSession(t, link);
    expect(res.statusCode).toBe(200);
    // Through the link: the settings only, never the account's address.
    expect(res.json()).toEqual({ settings: { ...ALL_OFF, alertMail: 'instant' } });
    expect(read.json()).toEqual({ settings: { ...ALL_OFF, alertMail: 'instant' } });
  });

  it('is in the password reset mail, for the same account', async () => {
    const email = 'dora@example.com';
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);
    const mails = await outbox(t, email);
    expect(mails.map((m) => m.subject)).toEqual(['Your password reset code', 'Your verification code']);
    // Both lead to the same account's settings (each token carries its own expiry).
    const owner = (mail: Mail) => settingsLink(mail).searchParams.get('id')!.split('.')[0];
    expect(owner(mails[0]!)).toBe(owner(mails[1]!));
    const { res } = await followWithoutSession(t, settingsLink(mails[0]!));
    expect(res.json()).toEqual({ settings: { ...ALL_OFF, alertMail: 'instant' } });
  });
});

describe('the unsubscribe link in mail, without PUBLIC_URL', () => {
  const t = useTestApp();

  it('is on the server’s own address, not the origin of the request that caused the mail', async () => {
    const email = 'erin@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD },
      headers: { host: 'ratings.test:8080' },
    });
    const [mail] = await outbox(t, email);
    const link = settingsLink(mail!);
    expect(link.origin).toBe('http://127.0.0.1:3000');

    const { res, read } = await followWithoutSession(t, link);
    expect(res.statusCode).toBe(200);
    // Every kind of mail off; the alert mail mode stays (with both alert kinds off, no alert is mailed).
    expect(read.json().settings).toEqual({ ...ALL_OFF, alertMail: 'instant' });
  });

  it('stops working when its id is changed', async () => {
    const [mail] = await outbox(t, 'erin@example.com');
    const link = settingsLink(mail!);
    link.searchParams.set('id', `${link.searchParams.get('id')!.slice(0, -2)}xx`);
    const { res } = await followWithoutSession(t, link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BadRequest', fields: { id: expect.any(String) } });
  });
});
