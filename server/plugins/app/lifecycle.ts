import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { migrationsFolder } from '../../db/client';
import { isUnavailableError } from './errors';

export type Readiness = {
  ready: boolean;
  checks: {
    database: 'up' | 'down';
    migrations: 'done' | 'pending' | 'unknown';
    /** Present when REDIS_URL is set. */
    redis?: 'up' | 'down';
    instance: 'serving' | 'draining';
  };
  /** What is not ready, in words, e.g. ['PostgreSQL is down']. */
  problems: string[];
};

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: {
      /** True once SIGTERM started the drain: /api/ready answers 503 so the load balancer stops sending. */
      readonly draining: boolean;
      startDrain(): void;
      /** Checks the database, its migrations and Redis (when configured). Concurrent callers share one check. */
      check(): Promise<Readiness>;
    };
  }
}

/** How often the monitor probes PostgreSQL and Redis, so an outage and the recovery are logged without traffic. */
const PROBE_EVERY_MS = 2_000;
/** A probe slower than this counts as down. */
const PROBE_TIMEOUT_MS = 4_000;

/** `created_at` of the newest migration this code ships (drizzle records it per applied migration). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) => (err instanceof Error ? err.message || err.name : String(err));

/**
 * Readiness and drain for one instance of a fleet, and the log lines an operator needs: one when PostgreSQL or
 * Redis becomes unreachable and one when it is back (each transition logged once; the pool and ioredis reconnect
 * by themselves, so recovery needs no restart).
 */
export const lifecycle = fp(
  async (app: FastifyInstance) => {
    const expectedMigration = latestMigrationMillis();
    const driverName = app.database.driver === 'postgres' ? 'PostgreSQL' : 'PGlite';
    let draining = false;

    const upNow = new Map<string, boolean>();
    const note = (name: string, up: boolean, err?: unknown) => {
      const was = upNow.get(name);
      upNow.set(name, up);
      if (was === up) return;
      if (!up)
        app.log.error(
          `${name} is unreachable (${reason(err)}); requests that need it answer 503 until it is back`,
        );
      else if (was === false) app.log.warn(`${name} is reachable again`);
    };

    async function runCheck(): Promise<Readiness> {
      const problems: string[] = [];
      let database: Readiness['checks']['database'] = 'down';
      let migrations: Readiness['checks']['migrations'] = 'unknown';
      try {
        const result = await withTimeout(
          app.db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
          PROBE_TIMEOUT_MS,
        );
        database = 'up';
        note(driverName, true);
        // Both drivers answer { rows } here.
        const rows = (result as unknown as { rows: { latest: string | number | null }[] }).rows;
        migrations = Number(rows[0]?.latest ?? 0) >= expectedMigration ? 'done' : 'pending';
        if (migrations === 'pending') problems.push('database migrations are not applied');
      } catch (err) {
        note(driverName, false, err);
        problems.push(`${driverName} is down`);
      }
      let redis: Readiness['checks']['redis'];
      if (app.redis) {
        try {
          await withTimeout(app.redis.ping(), PROBE_TIMEOUT_MS);
          redis = 'up';
          note('Redis', true);
        } catch (err) {
          redis = 'down';
          note('Redis', false, err);
          problems.push('Redis is down');
        }
      }
      if (draining) problems.push('the instance is shutting down');
      return {
        ready: problems.length === 0,
        checks: {
          database,
          migrations,
          ...(redis ? { redis } : {}),
          instance: draining ? 'draining' : 'serving',
        },
        problems,
      };
    }

    let running: Promise<Readiness> | undefined;
    const check = () => (running ??= runCheck().finally(() => (running = undefined)));

    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      startDrain() {
        draining = true;
      },
      check,
    });

    // While draining, every answer closes its connection (also those of requests that began before the drain), so
    // keep-alive clients reconnect to another instance and the listener can close.
    // Callback style: it runs on every answer, and an async hook costs a promise each time.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });

    // A request that met an unreachable database or Redis triggers a check at once, so the log line comes now.
    app.addHook('onError', async (_request, _reply, err) => {
      if (isUnavailableError(err)) void check();
    });

    // PGlite lives in this process; only a server database and Redis can go away on their own.
    if (app.database.driver === 'postgres' || app.redis) {
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', async () => {
        await check();
        timer = setInterval(() => void check(), PROBE_EVERY_MS).unref();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running; // no probe may outlive the app (the database closes next)
      });
    }
  },
  { name: 'lifecycle', dependencies: ['redis'] },
);
