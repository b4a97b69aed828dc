import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { buildSpaIfStale } from './build-spa';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './seed/index';

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
  const distDir = await buildSpaIfStale(root, (m) => console.log(m));
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const seed = await seedIfEmpty(database.db, config.seedProjects);
  const app = await buildApp({ config, database, distDir });
  if (seed.seeded) app.log.info(`Seeded ${config.seedProjects} projects`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // Stop taking requests, let in-flight ones finish, then close the database cleanly.
    await app.close();
    await database.close();
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
