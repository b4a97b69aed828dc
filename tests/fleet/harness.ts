import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/harness';

/**
 * What a fleet needs from the machine: a PostgreSQL server (TEST_DATABASE_URL, or the local one on 5432) and,
 * where one answers, Redis (TEST_REDIS_URL, or the local one on 6379). `skip` says why the fleet cannot run.
 */
export type FleetEnvironment = { postgres?: string; redis?: string; skip?: string; note?: string };

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PING over a plain socket: the fleet test does not need a client library to ask whether Redis is there. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function fleetEnvironment(): Promise<FleetEnvironment> {
  const candidates = [process.env.TEST_DATABASE_URL, LOCAL_POSTGRES].filter((u): u is string => !!u);
  let postgres: string | undefined;
  for (const url of candidates) {
    if (await postgresAnswers(url)) {
      postgres = url;
      break;
    }
  }
  if (!postgres) {
    return {
      skip: `no PostgreSQL answers (tried ${candidates.map((u) => new URL(u).host).join(', ')}); set TEST_DATABASE_URL`,
    };
  }
  const redisUrl = process.env.TEST_REDIS_URL || LOCAL_REDIS;
  if (await redisAnswers(redisUrl)) return { postgres, redis: redisUrl };
  return { postgres, note: `no Redis at ${new URL(redisUrl).host}: limits are shared through PostgreSQL` };
}

/** A fresh database on the server `baseUrl` names, dropped (with its connections) by `drop`. */
export async function scratchDatabase(baseUrl: string, label = 'fleet') {
  const name = `${label}_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Settings every instance of one fleet shares: one database, one Redis key space, one AUTH_SECRET. */
export function fleetSettings(env: FleetEnvironment, databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    ...(env.redis ? { REDIS_URL: env.redis, REDIS_KEY_PREFIX: `fleet-${randomUUID()}:` } : {}),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SERVE_SPA: 'false',
    LOG_LEVEL: 'info',
    // The fleet's load comes from one address, reading without a key: the anonymous Partner quota would turn it
    // into 429s; these tests are about the fleet, not the limiter.
    PARTNER_ANONYMOUS_PER_HOUR: '0',
    // No chain: these tests are about the fleet and the database, not monitoring.
    CHAINS: 'off',
  };
}

/** Starts `count` instances (real `server/main.ts` processes) at the same moment, on one database. */
export async function startFleet(
  count: number,
  settings: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<RunningServer[]> {
  return Promise.all(Array.from({ length: count }, () => startServer({ ...settings, ...extra })));
}

export type Answer<T = unknown> = { status: number; headers: Headers; data: T; body: Buffer };

/** A tiny browser for real servers: a cookie jar, JSON, form and multipart bodies, the CSRF header on writes. */
export class Client {
  private readonly jar = new Map<string, string>();
  csrf: string | undefined;

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Another browser holding a copy of this one's cookies (e.g. a stolen or kept session). */
  clone(): Client {
    const copy = new Client();
    for (const [k, v] of this.jar) copy.jar.set(k, v);
    copy.csrf = this.csrf;
    return copy;
  }

  async send<T = unknown>(
    base: string,
    method: string,
    path: string,
    body?: { json?: unknown; form?: Record<string, string>; multipart?: FormData },
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (this.jar.size > 0) headers.cookie = this.cookie;
    if (this.csrf && method !== 'GET') headers['x-csrf-token'] = this.csrf;
    let payload: string | FormData | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    } else if (body?.multipart) {
      payload = body.multipart;
    }
    const res = await fetch(`${base}${path}`, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line))
        this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const raw = Buffer.from(await res.arrayBuffer());
    let data: unknown = raw.toString();
    if ((res.headers.get('content-type') ?? '').includes('json')) data = JSON.parse(raw.toString());
    return { status: res.status, headers: res.headers, data: data as T, body: raw };
  }

  /** Sends and expects a 2xx, returning the body. */
  async ok<T>(base: string, method: string, path: string, body?: Parameters<Client['send']>[3]): Promise<T> {
    const res = await this.send<T>(base, method, path, body);
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`${method} ${base}${path} → ${res.status} ${JSON.stringify(res.data).slice(0, 300)}`);
    }
    return res.data;
  }

  async signIn(base: string, email: string, password: string): Promise<void> {
    const { csrfToken } = await this.ok<{ csrfToken: string }>(base, 'GET', '/api/auth/csrf');
    await this.ok(base, 'POST', '/api/auth/callback/credentials', {
      form: { email, password, csrfToken, callbackUrl: '/', json: 'true' },
    });
    // The CSRF token may be bound to the session: take the one issued to it.
    const fresh = await this.ok<{ csrfToken: string }>(base, 'GET', '/api/auth/csrf');
    this.csrf = fresh.csrfToken;
  }

  /** Signs up on `base`, reads the code from the development outbox, verifies and signs in. */
  async signUp(base: string, email: string, password: string): Promise<void> {
    await this.ok(base, 'POST', '/api/auth/signup', { json: { email, password } });
    const mails = await this.ok<{ code?: string }[]>(
      base,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const code = mails.find((m) => m.code)?.code;
    if (!code) throw new Error(`no verification code for ${email} in the outbox`);
    await this.ok(base, 'POST', '/api/auth/verify-email', { json: { email, verificationCode: code } });
    await this.signIn(base, email, password);
  }
}
