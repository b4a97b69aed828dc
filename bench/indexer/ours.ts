import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Abi } from 'viem';
import { buildApp } from '../../server/app';
import type { ChainEntry } from '../../server/chains/plugin';
import { chainConfig, DEVNET_POLL_MS } from '../../server/chains/config';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { projects } from '../../server/db/schema/index';
import type { JobRunner } from '../../server/jobs/runner';
import { rows } from '../../server/db/rows';
import { subScoresAt } from '../../tests/helpers/projects';
import type { Token } from './chain';

/**
 * Our indexer as the server runs it: the server's app (buildApp) on a real database (PGlite in a temporary
 * DATA_DIR, or PostgreSQL at BENCH_DATABASE_URL, which must hold no rows of chain 31337), the devnet as its one
 * chain, each token added the way an admin adds a contract (app.chains.addContract: a monitored `contracts` row with
 * chain id, ABI and deployment block, its checkpoint, backfill job and surface refresh), and the server's job runner
 * (app.jobs: every queue's handler — the indexer's, the monitoring hook and its alert and refresh jobs, the
 * schedule — with the server's batch: one job at a time on PGlite, 4 on PostgreSQL).
 */

export type Ours = {
  app: FastifyInstance;
  database: Database;
  chain: ChainEntry;
  /** The server's job runners: the main one and the chains' follow lane. */
  runner: Pick<JobRunner, 'start' | 'stop'>;
  dataDir: string;
  stop: () => Promise<void>;
};

const PROJECT_ID = 'bench-indexer';

export async function startOurs(opts: {
  rpcUrl: string;
  chainId: number;
  confirmations: number;
  abi: Abi;
  tokens: Token[];
  databaseUrl?: string;
  /** Jobs the runner claims and runs at once (default the server's: 1 on PGlite, 4 on PostgreSQL). */
  batch?: number;
}): Promise<Ours> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-indexer-ours-'));
  const database = await openDatabase({ url: opts.databaseUrl, dataDir });
  const db = database.db;
  const chain: ChainEntry = {
    ...chainConfig({
      id: opts.chainId,
      name: 'Bench devnet',
      rpcUrls: [opts.rpcUrl],
      confirmations: opts.confirmations,
      pollMs: DEVNET_POLL_MS,
    }),
    kind: 'evm',
    devnet: true,
  };
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    chains: [chain],
    jobs: opts.batch ? { batch: opts.batch } : {},
  });
  await app.ready();
  await db
    .insert(projects)
    .values({
      id: PROJECT_ID,
      name: 'Bench Indexer',
      tokenTickers: opts.tokens.map((t) => t.symbol),
      chains: ['Bench devnet'],
      logo: '',
      score: 50,
      subScores: subScoresAt(50),
      tier: 'B',
      auditStatus: 'none',
    })
    .onConflictDoNothing();
  return {
    app,
    database,
    chain,
    runner: {
      start: () => {
        app.jobs.start();
        app.chainFollower.start();
      },
      stop: async () => {
        await app.chainFollower.stop();
        await app.jobs.stop();
      },
    },
    dataDir,
    stop: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Adds the tokens as a project's monitored contracts (as an admin does) and starts the server's job runner. */
export async function startIndexing(ours: Ours, abi: Abi, tokens: Token[]): Promise<void> {
  for (const t of tokens)
    await ours.app.chains.addContract({
      projectId: PROJECT_ID,
      chain: ours.chain,
      address: t.address.toLowerCase(),
      label: t.symbol,
      abi: abi as unknown[],
      fromBlock: t.deploymentBlock,
    });
  ours.runner.start();
}

/** The lowest checkpoint over the tokens: every block below it is stored for all of them. */
export async function lowestCheckpoint(ours: Ours): Promise<number> {
  const result = await ours.database.db.execute(
    sql`SELECT coalesce(min(next_block), 0)::bigint AS n, count(*)::int AS c FROM indexer_checkpoints WHERE chain_id = ${ours.chain.id}`,
  );
  const row = rows<{ n: string | number; c: number }>(result)[0];
  return Number(row?.n ?? 0);
}

/** Transfer logs stored per token address. */
export async function storedTransfers(ours: Ours, topic: string): Promise<Map<string, number>> {
  const result = await ours.database.db.execute(
    sql`SELECT address, count(*)::int AS n FROM chain_logs WHERE chain_id = ${ours.chain.id} AND topic0 = ${topic} GROUP BY address`,
  );
  return new Map(rows<{ address: string; n: number }>(result).map((r) => [r.address, Number(r.n)]));
}
