import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { users } from '../../server/db/schema/accounts';

export type TestSession = {
  /** Cookie header value: the session cookie and the CSRF cookie. */
  cookie: string;
  /** The CSRF token to send as `x-csrf-token` on writes. */
  csrf: string;
  user: { username: string; email: string };
};

export const TEST_PASSWORD = 'Passw0rd!x';

/** Cookie header value from the Set-Cookie headers of responses (later ones win; cleared ones are dropped). */
export function cookieHeader(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const res of responses) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (cleared) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The newest code mailed to `email` (from the development outbox). */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const mails = res.json() as { code?: string }[];
  const code = mails.find((m) => m.code)?.code;
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

/** A CSRF token and its cookie, as a browser gets them from GET /api/auth/csrf. */
export async function getCsrf(app: FastifyInstance, cookie = ''): Promise<{ csrf: string; cookie: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/csrf', headers: cookie ? { cookie } : {} });
  const csrf = (res.json() as { csrfToken: string }).csrfToken;
  const fresh = cookieHeader(res);
  return { csrf, cookie: [cookie, fresh].filter(Boolean).join('; ') };
}

/** Signs in with the real credentials route (form-encoded, json=true). Throws with the body on failure. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<TestSession & { response: LightMyRequestResponse }> {
  const { csrf, cookie: csrfCookie } = await getCsrf(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
    payload: new URLSearchParams({
      email,
      password,
      csrfToken: csrf,
      callbackUrl: '/',
      json: 'true',
    }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = [csrfCookie, cookieHeader(response)].filter(Boolean).join('; ');
  const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  const user = (session.json() as { user: { username: string; email: string } }).user;
  return { cookie, csrf, user: { username: user.username, email: user.email }, response };
}

/**
 * A new confirmed account, signed in through the real routes: sign-up, the code from the outbox, verify,
 * credentials sign-in. `admin` gives the account the admin role (as ADMIN_EMAILS would).
 */
export async function signUpAndSignIn(
  app: FastifyInstance,
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
  opts: { admin?: boolean; password?: string } = {},
): Promise<TestSession> {
  const password = opts.password ?? TEST_PASSWORD;
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password } });
  if (signup.statusCode !== 200) throw new Error(`sign-up failed: ${signup.statusCode} ${signup.body}`);
  const code = await latestCode(app, email);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { email, verificationCode: code },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  if (opts.admin)
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.email, email.toLowerCase()));
  const { cookie, csrf, user } = await signIn(app, email, password);
  return { cookie, csrf, user };
}

/** app.inject as the signed-in user: adds the Cookie and x-csrf-token headers. */
export function authedInject(
  app: FastifyInstance,
  session: TestSession,
  opts: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), cookie: session.cookie, 'x-csrf-token': session.csrf },
  });
}
