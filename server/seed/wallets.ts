import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projects, walletTokens } from '../db/schema/index';
import { rows } from '../db/rows';
import { Random } from './random';

/**
 * Demo wallets the token index knows (there is no chain indexer in this product yet): adding one of them in
 * Account Settings and importing in Portfolio brings in its holdings. Listed in docs/portfolio.md.
 */
export const DEMO_WALLETS = [
  '0xde30000000000000000000000000000000000001',
  '0xde30000000000000000000000000000000000002',
  '0xde30000000000000000000000000000000000003',
] as const;

/**
 * Fills the token index for the demo wallets once (also on a database seeded before it existed): 4–8 projects
 * each, from the whole range of scores, with amounts from $500 to $250,000. Deterministic per address.
 */
export async function seedWalletTokensIfEmpty(db: Db): Promise<void> {
  const existing = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM wallet_tokens LIMIT 1) x`,
  );
  if (rows<{ n: number }>(existing)[0]?.n) return;
  const pool = await db
    .select({ id: projects.id })
    .from(projects)
    .orderBy(asc(projects.rank), asc(projects.id))
    .limit(400);
  if (pool.length === 0) return;
  const values = DEMO_WALLETS.flatMap((address) => {
    const random = new Random(address);
    return random.sample(pool, random.int(4, 8)).map((p) => ({
      chain: 'evm',
      walletAddress: address,
      projectId: p.id,
      amountUsd: random.int(5, 2500) * 100,
    }));
  });
  await db.insert(walletTokens).values(values).onConflictDoNothing();
}
