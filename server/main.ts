import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { buildSpaIfStale } from './build-spa';
import { ConfigError, loadConfig } from './config';
import { prepareDatabase } from './seed/prepare';
import { linkDemoProjects } from './chains/demoProjects';
import { startChains } from './chains/start';
import { ensureFollowJobs } from './indexer/index';

/** How long a SIGTERM drain may take before the process exits regardless. */
const DRAIN_GRACE_MS = 10_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // SERVE_SPA=false: an API-only instance (no web-app build, no static files).
  const distDir = config.serveSpa ? await buildSpaIfStale(root, (m) => console.log(m)) : undefined;
  // Migrate and seed (once, even when several instances start together on one PostgreSQL).
  const { database, seeded } = await prepareDatabase(config);
  // One job runner per instance polls the jobs table (JOBS=off: this instance runs no jobs, e.g. a web-only tier).
  const jobsOff = ['off', 'false', '0', 'no'].includes((process.env.JOBS ?? '').toLowerCase());
  const pollMs = Number(process.env.JOBS_POLL_MS) || undefined;
  // Chains to monitor: CHAINS / CHAINS_FILE, else (outside production) the embedded devnet with its demo projects.
  const chainsStart = await startChains(config, (m) => console.log(m));
  if (chainsStart.devnet) await linkDemoProjects(database.db, chainsStart.devnet.deployment);
  await ensureFollowJobs(
    database.db,
    chainsStart.chains.map((c) => c.id),
  );
  const app = await buildApp({
    config,
    database,
    distDir,
    jobs: { loop: !jobsOff, pollMs },
    chains: chainsStart.chains,
  });
  app.addHook('onClose', chainsStart.stop);
  if (seeded) app.log.info(`Seeded ${config.seedProjects} projects`);

  // Graceful drain: /api/ready answers 503 at once, the listener stops taking connections, requests in flight
  // (and those already on an open connection, answered with Connection: close) finish, then the database closes.
  // A drain that takes longer than the grace period ends the process anyway.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.startDrain();
    app.log.info(`${signal} received: draining (in-flight requests get up to ${DRAIN_GRACE_MS / 1000} s)`);
    setTimeout(() => {
      app.log.error(`Drain not finished after ${DRAIN_GRACE_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, DRAIN_GRACE_MS).unref();
    await app.close();
    await database.close();
    app.log.info('Drained; exiting');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Serving on ${address} (database: ${database.driver}${config.databaseUrl ? '' : `, data in ${config.dataDir}`})`,
  );
  console.log(`Sentinel Ratings is running at ${address}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
