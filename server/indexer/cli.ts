/**
 * Backfills one contract from the command line, without the job queue: `tsx server/indexer/cli.ts` with
 * DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite files), CHAINS (the chains' JSON, as for the server), CHAIN_ID,
 * ADDRESS and optionally DEPLOYMENT_BLOCK, BACKFILL_RANGE, BACKFILL_ADAPTIVE=off and LOAD_DATA_DIR. Prints a line per stored range and `done` at the end.
 * Safe to kill at any moment and run again: each range is stored in one transaction with its checkpoint
 * (tests/chains/indexer.test.ts kills it with SIGKILL midway).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseChainsConfig } from '../chains/config';
import { openDatabase } from '../db/client';
import { createIndexer, startMonitoring } from './indexer';

async function main() {
  const env = process.env;
  const { chains } = parseChainsConfig({ CHAINS: env.CHAINS });
  const chainId = Number(env.CHAIN_ID);
  const address = String(env.ADDRESS ?? '').toLowerCase();
  if (!chains.some((c) => c.id === chainId)) throw new Error(`CHAIN_ID ${env.CHAIN_ID} is not in CHAINS`);
  if (!/^0x[0-9a-f]{40}$/.test(address)) throw new Error('ADDRESS must be a 0x address');
  const dataDir = env.DATA_DIR ?? 'data';
  // LOAD_DATA_DIR: a PGlite dump (dumpDataDir) to start a new data directory from (tests: a migrated one).
  const load =
    env.LOAD_DATA_DIR && !existsSync(path.join(dataDir, 'pglite'))
      ? new Blob([readFileSync(env.LOAD_DATA_DIR)])
      : undefined;
  const database = await openDatabase({ url: env.DATABASE_URL || undefined, dataDir, loadDataDir: load });
  try {
    const indexer = createIndexer({
      chains,
      backfillRange: env.BACKFILL_RANGE ? Number(env.BACKFILL_RANGE) : undefined,
      adaptive: env.BACKFILL_ADAPTIVE !== 'off',
    });
    const deploymentBlock = env.DEPLOYMENT_BLOCK ? Number(env.DEPLOYMENT_BLOCK) : null;
    await startMonitoring(database.db, { address, chainId, deploymentBlock });
    await indexer.checkGenesis(database.db, indexer.rpcOf(chainId));
    for (;;) {
      const step = await indexer.backfillStep(database.db, chainId, address);
      if (step === 'done' || step === 'gone') break;
      process.stdout.write(`${step}\n`);
    }
    process.stdout.write('done\n');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
