import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { holdings, projects, walletTokens, watchlists } from '../db/schema/index';

/** A user's holdings and what the portfolio view reads beside them (watched projects, the token index). */

/** The project columns a portfolio row shows. */
const PROJECT_FACTS = {
  id: projects.id,
  name: projects.name,
  logo: projects.logo,
  tokenTickers: projects.tokenTickers,
  rank: projects.rank,
  score: projects.score,
  tier: projects.tier,
};

export type ProjectFacts = {
  id: string;
  name: string;
  logo: string;
  tokenTickers: string[];
  rank: number | null;
  score: number;
  tier: string;
};
export type HoldingFacts = ProjectFacts & { amountUsd: number; source: 'manual' | 'wallet' };

/** The project ids of each of the user's watchlists. */
export const watchlistProjectIds = (db: Db, userId: string): Promise<{ projects: string[] }[]> =>
  db.select({ projects: watchlists.projects }).from(watchlists).where(eq(watchlists.userId, userId));

/** The portfolio columns of these projects (unknown ids are left out). */
export async function projectFactsIn(db: Db, ids: string[]): Promise<ProjectFacts[]> {
  if (ids.length === 0) return [];
  return db.select(PROJECT_FACTS).from(projects).where(inArray(projects.id, ids));
}

/** The user's holdings with their projects' portfolio columns. */
export const holdingsOf = (db: Db, userId: string): Promise<HoldingFacts[]> =>
  db
    .select({ ...PROJECT_FACTS, amountUsd: holdings.amountUsd, source: holdings.source })
    .from(holdings)
    .innerJoin(projects, eq(projects.id, holdings.projectId))
    .where(eq(holdings.userId, userId));

export async function projectExists(db: Db, id: string): Promise<boolean> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  return project !== undefined;
}

/** Thrown inside a holdings transaction to roll its writes back when they would pass the limit. */
class OverHoldingsLimit extends Error {}

/** Runs `write` in a transaction that is rolled back when the user then holds more than `max`; false then. */
async function writeWithinLimit(
  db: Db,
  userId: string,
  max: number,
  write: (tx: Db) => Promise<void>,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await write(tx as unknown as Db);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(holdings)
        .where(eq(holdings.userId, userId));
      if (count > max) throw new OverHoldingsLimit();
    });
    return true;
  } catch (err) {
    if (err instanceof OverHoldingsLimit) return false;
    throw err;
  }
}

/** Sets a holding entered by hand (it replaces an imported one); false, and nothing written, past `max` holdings. */
export const setManualHolding = (
  db: Db,
  userId: string,
  projectId: string,
  amountUsd: number,
  max: number,
): Promise<boolean> =>
  writeWithinLimit(db, userId, max, async (tx) => {
    await tx
      .insert(holdings)
      .values({ userId, projectId, amountUsd, source: 'manual' })
      .onConflictDoUpdate({
        target: [holdings.userId, holdings.projectId],
        set: { amountUsd, source: 'manual', updatedAt: new Date() },
      });
  });

export async function deleteHolding(db: Db, userId: string, projectId: string): Promise<void> {
  await db.delete(holdings).where(and(eq(holdings.userId, userId), eq(holdings.projectId, projectId)));
}

/** What the token index holds for one wallet address (already normalised for its chain). */
export const walletTokensAt = (
  db: Db,
  chain: string,
  address: string,
): Promise<{ projectId: string; amountUsd: number }[]> =>
  db
    .select({ projectId: walletTokens.projectId, amountUsd: walletTokens.amountUsd })
    .from(walletTokens)
    .where(and(eq(walletTokens.chain, chain), eq(walletTokens.walletAddress, address)));

/**
 * Replaces the user's wallet-imported holdings with `found` (USD by project id) in one transaction; a holding
 * entered by hand wins over the import. Answers how many were imported, or null (nothing written) when the user
 * would then hold more than `max`.
 */
export async function replaceWalletHoldings(
  db: Db,
  userId: string,
  found: Map<string, number>,
  max: number,
): Promise<number | null> {
  let imported = 0;
  const kept = await writeWithinLimit(db, userId, max, async (tx) => {
    await tx.delete(holdings).where(and(eq(holdings.userId, userId), eq(holdings.source, 'wallet')));
    for (const [projectId, amountUsd] of found) {
      const added = await tx
        .insert(holdings)
        .values({ userId, projectId, amountUsd, source: 'wallet' })
        .onConflictDoNothing()
        .returning({ projectId: holdings.projectId });
      imported += added.length;
    }
  });
  return kept ? imported : null;
}
