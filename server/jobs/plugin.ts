import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteOrigin } from '../accounts/origin';
import { nextTurn } from '../db/client';
import { REWRITTEN_BY, vacuumRewritten } from '../db/maintenance';
import { searchService } from '../search/index';
import { FOLLOW_QUEUE } from '../indexer/index';
import { jobHandlers } from './handlers';
import { JobRunner, type Handlers, type RunnerOptions } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job runner (server/jobs/runner.ts); `drain()` runs everything runnable now. */
    jobs: JobRunner;
    /** The runner of the chains' follow jobs, a lane of its own (started with the main one when chains exist). */
    chainFollower: JobRunner;
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
export const jobs = fp(
  async (app: FastifyInstance, opts: JobsOptions) => {
    const handlers: Handlers = jobHandlers({
      config: app.config,
      origin: () => siteOrigin(app),
      clock: app.clock,
      log: app.log,
      rpcs: app.chains.list.map((c) => app.chains.rpc(c.id)!),
      indexerSliceMs: 2_000,
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
      queues: { except: [FOLLOW_QUEUE] },
    });
    // Following the chains' heads has a lane of its own: a block's alert waits for no recompute, mail or backfill
    // (the main runner waits for its whole claimed batch, one job at a time on PGlite). One job per chain.
    const follower = new JobRunner(app.db, handlers, {
      log: app.log,
      pollMs: 100,
      batch: Math.max(1, app.chains.list.length),
      schedule: false,
      queues: { only: [FOLLOW_QUEUE] },
    });
    app.decorate('jobs', runner);
    app.decorate('chainFollower', follower);
    if (opts.loop) {
      app.addHook('onReady', async () => {
        runner.start();
        if (app.chains.list.length > 0) follower.start();
        app.log.info({ instance: runner.instance }, 'job runner started');
      });
    }
    app.addHook('onClose', async () => {
      await follower.stop();
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['chains'] },
);
