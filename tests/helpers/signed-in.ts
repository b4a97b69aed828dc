import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../server/accounts/passwords';
import { users } from '../../server/db/schema/index';

/**
 * A browser-like client for app.inject: keeps cookies between calls and sends the CSRF header on writes.
 * `signIn` creates a confirmed account and signs in through the real credentials route. An admin is an address
 * listed in the app's ADMIN_EMAILS (`createTestApp({ ADMIN_EMAILS })`), as in production.
 */
export type Client = {
  username: string;
  email: string;
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  cookies: Map<string, string>;
};

const PASSWORD = 'correct horse 1';
let n = 0;

export async function signIn(
  app: FastifyInstance,
  opts: { email?: string } = {},
): Promise<Client> {
  const email = opts.email ?? `user${process.pid}-${Date.now()}-${n++}@example.com`;
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      confirmed: true,
    })
    .returning();
  const client = anonymous(app);
  const res = await client.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    payload: { email, password: PASSWORD, json: 'true', callbackUrl: '/' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...client, username: row!.id, email };
}

/** A cookie-keeping client without a session. */
export function anonymous(app: FastifyInstance): Client {
  const cookies = new Map<string, string>();
  // The CSRF token is bound to the session: fetched again whenever the session cookie changed (sign-in,
  // impersonation), as the browser client does after a 403 CsrfError. Concurrent writes share one fetch.
  let csrf: { session: string; token: Promise<string> } | undefined;
  const sessionCookie = () =>
    [...cookies]
      .filter(([name]) => name.endsWith('session-token'))
      .map(([name, value]) => `${name}=${value}`)
      .join(';');
  const send = async (opts: InjectOptions) => {
    const res = await app.inject({
      ...opts,
      cookies: { ...Object.fromEntries(cookies), ...(opts.cookies ?? {}) },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
    return res;
  };
  const inject = async (opts: InjectOptions) => {
    const method = (opts.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      if (!csrf || csrf.session !== sessionCookie()) {
        const token = send({ method: 'GET', url: '/api/auth/csrf' }).then(
          (r) => r.json().csrfToken as string,
        );
        csrf = { session: sessionCookie(), token };
      }
      const csrfToken = await csrf.token;
      const isForm = typeof opts.url === 'string' && opts.url.startsWith('/api/auth/callback/');
      if (isForm && opts.payload && typeof opts.payload === 'object') {
        return send({ ...opts, payload: { ...(opts.payload as object), csrfToken } });
      }
      return send({ ...opts, headers: { 'x-csrf-token': csrfToken, ...(opts.headers ?? {}) } });
    }
    return send(opts);
  };
  return { username: '', email: '', inject, cookies };
}
