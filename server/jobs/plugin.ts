import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteOrigin } from '../accounts/origin';
import { nextTurn } from '../db/client';
import { REWRITTEN_BY, vacuumRewritten } from '../db/maintenance';
import { searchService } from '../search/index';
import { jobHandlers } from './handlers';
import { JobRunner, type Handlers, type RunnerOptions } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job runner (server/jobs/runner.ts); `drain()` runs everything runnable now. */
    jobs: JobRunner;
  }
}

export type JobsOptions = Pick<RunnerOptions, 'pollMs' | 'leaseMs' | 'batch' | 'backoffMs' | 'scheduleMs'> & {
  /** Poll the jobs table and enqueue the schedule (default off: API tests drain by hand; main.ts turns it on). */
  loop?: boolean;
};

/**
 * The job runner of this instance. The handlers that change what the search index shows (trending, recompute)
 * refresh the index of this instance afterwards (searchChanged); other instances on PostgreSQL pick the change up
 * by polling. On PGlite the scheduled jobs that rewrite rows vacuum the tables they rewrote.
 */
export const jobs = fp(async (app: FastifyInstance, opts: JobsOptions) => {
  const handlers: Handlers = jobHandlers({
    config: app.config,
    origin: () => siteOrigin(app),
    clock: app.clock,
    log: app.log,
    searchChanged: async () => {
      await nextTurn(); // the job's last statement and the index's first read would otherwise be one pause
      await searchService(app.database)
        .refresh()
        .catch((err: unknown) => app.log.warn({ err }, 'search index refresh failed'));
    },
  });
  // PGlite has no autovacuum: the scheduled jobs that rewrite rows reclaim them when they are done (db/maintenance.ts).
  for (const [queue, tables] of Object.entries(REWRITTEN_BY)) {
    const run = handlers[queue]!;
    handlers[queue] = async (job, db, signal) => {
      await run(job, db, signal);
      await nextTurn();
      await vacuumRewritten(app.database, tables);
    };
  }
  const runner = new JobRunner(app.db, handlers, {
    ...opts,
    // PGlite is one connection: jobs run one at a time there.
    batch: opts.batch ?? (app.database.driver === 'postgres' ? 4 : 1),
    log: app.log,
  });
  app.decorate('jobs', runner);
  if (opts.loop) {
    app.addHook('onReady', async () => {
      runner.start();
      app.log.info({ instance: runner.instance }, 'job runner started');
    });
  }
  app.addHook('onClose', async () => runner.stop());
});
