import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CookieJar } from './httpClient';

export type TestSession = {
  /** Cookie header value: the session cookie and the CSRF cookie. */
  cookie: string;
  /** The CSRF token to send as `x-csrf-token` on writes. */
  csrf: string;
  user: { username: string; email: string };
};

export const TEST_PASSWORD = 'Passw0rd!x';

/** Settings of an OpenID provider at an address nothing listens on: its routes are live, it is never reached. */
export const UNREACHABLE_OIDC_PROVIDER = {
  OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
  OIDC_CLIENT_ID: 'client',
  OIDC_CLIENT_SECRET: 'secret',
  OIDC_PROVIDERS: 'Google',
};

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

/** Cookie header values merged as a browser's jar would (later values win). */
export function mergeCookies(...cookies: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of cookies.join('; ').split('; ')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
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

let clients = 0;
/**
 * A client address of its own (198.18.0.0/15, the benchmarking range), for `app.inject({ remoteAddress })`: the
 * helpers below act as a new visitor each, so the per-address limits and lockouts of one test do not add up.
 */
export function newClientAddress(): string {
  const n = ++clients;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Signs in with the real credentials route (form-encoded, json=true), from a new client address unless
 * `remoteAddress` is given. Throws with the body on failure.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = newClientAddress(),
): Promise<TestSession & { response: LightMyRequestResponse }> {
  const { csrf: anonymousCsrf, cookie: csrfCookie } = await getCsrf(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
    payload: new URLSearchParams({
      email,
      password,
      csrfToken: anonymousCsrf,
      callbackUrl: '/',
      json: 'true',
    }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = [csrfCookie, cookieHeader(response)].filter(Boolean).join('; ');
  // The token is bound to the session: the new session needs a new one, as the browser fetches after sign-in.
  const { csrf: sessionCsrf } = await getCsrf(app, cookie);
  const session = await readSession(app, cookie);
  const user = (session.json() as { user: { username: string; email: string } }).user;
  return { cookie, csrf: sessionCsrf, user: { username: user.username, email: user.email }, response };
}

/**
 * A new confirmed account, signed in through the real routes: sign-up, the code from the outbox, verify,
 * credentials sign-in. An admin is an address listed in the app's ADMIN_EMAILS (`createTestApp({ ADMIN_EMAILS })`).
 */
export async function signUpAndSignIn(
  app: FastifyInstance,
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
  opts: { password?: string } = {},
): Promise<TestSession> {
  const password = opts.password ?? TEST_PASSWORD;
  const remoteAddress = newClientAddress();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress,
    payload: { email, password },
  });
  if (signup.statusCode !== 200) throw new Error(`sign-up failed: ${signup.statusCode} ${signup.body}`);
  const code = await latestCode(app, email);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress,
    payload: { email, verificationCode: code },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  const { cookie, csrf, user } = await signIn(app, email, password, remoteAddress);
  return { cookie, csrf, user };
}

/**
 * Posts the sign-out form as a browser sends it (form-encoded, with `cookie`): `fields` are the form's (csrfToken,
 * callbackUrl, json), `headers` any others (Host).
 */
export function postSignOut(
  app: FastifyInstance,
  cookie: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Node's fetch with a cookie jar, for the app's own client on a real listener: it sends and keeps cookies as a
 * browser does (a cleared one is dropped) and sends no Fetch Metadata, so only the token the client adds vouches.
 */
export function cookieKeepingFetch(jar = new CookieJar()): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set('cookie', jar.header);
    const res = await fetch(input, { ...init, headers });
    jar.keep(res.headers);
    return res;
  };
}

/** GET /api/auth/session with these cookies: the session as the browser reads it. */
export function readSession(app: FastifyInstance, cookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
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
