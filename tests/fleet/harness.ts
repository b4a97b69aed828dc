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
