import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MonitoredContract } from '../../api/chains';
import type { Db } from '../db/client';
import { shownAddress } from './address';
import { chainBlocks, chainState, contracts, indexerCheckpoints } from '../db/schema/index';

/**
 * The contracts of a project as the project page and GET /api/projects/:id/contracts show them: where their figures
 * come from ('chain' with the indexer's progress, or 'demo') and since when they are monitored.
 */
export async function listProjectContracts(
  db: Db,
  projectId: string,
  confirmationsOf: (chainId: number) => number,
): Promise<MonitoredContract[]> {
  const found = await db
    .select({
      contract: contracts,
      checkpoint: indexerCheckpoints,
      headBlock: chainState.headBlock,
      lastBlockAt: chainBlocks.timestamp,
    })
    .from(contracts)
    .leftJoin(
      indexerCheckpoints,
      and(
        eq(indexerCheckpoints.chainId, contracts.chainId),
        eq(indexerCheckpoints.address, contracts.address),
      ),
    )
    .leftJoin(chainState, eq(chainState.chainId, contracts.chainId))
    .leftJoin(
      chainBlocks,
      and(
        eq(chainBlocks.chainId, contracts.chainId),
        eq(chainBlocks.number, sql`${indexerCheckpoints.nextBlock} - 1`),
      ),
    )
    .where(eq(contracts.projectId, projectId))
    .orderBy(asc(contracts.label), asc(contracts.address));
  return found.map(({ contract: c, checkpoint, headBlock, lastBlockAt }) => {
    let progress: MonitoredContract['progress'] = null;
    if (checkpoint && c.chainId !== null) {
      const head = headBlock ?? checkpoint.backfillTarget;
      const safeHead = Math.max(0, head - confirmationsOf(c.chainId));
      const span = checkpoint.backfillTarget - checkpoint.fromBlock + 1;
      const done = checkpoint.nextBlock - checkpoint.fromBlock;
      progress = {
        // A target below 0: the indexer has not yet read the head to plan the backfill, so nothing is done yet.
        backfillPercent:
          checkpoint.backfillTarget < 0
            ? 0
            : span <= 0
              ? 100
              : Math.min(100, Math.max(0, Math.round((done / span) * 1000) / 10)),
        nextBlock: checkpoint.nextBlock,
        headBlock: head,
        lagBlocks: Math.max(0, safeHead + 1 - checkpoint.nextBlock),
        lastBlockAt: lastBlockAt ? lastBlockAt.toISOString() : null,
      };
    }
    return {
      chainId: c.chainId,
      chain: c.chain,
      address: shownAddress(c.chain, c.address),
      label: c.label,
      source: c.source,
      monitoredSince: c.monitoredSince ? c.monitoredSince.toISOString() : null,
      deploymentBlock: c.deploymentBlock,
      progress,
    };
  });
}

export type ContractRow = typeof contracts.$inferSelect;

/** The stored head of each of these chains (a chain the indexer has not read yet has none). */
export const chainHeads = (db: Db, chainIds: number[]): Promise<(typeof chainState.$inferSelect)[]> =>
  db.select().from(chainState).where(inArray(chainState.chainId, chainIds));

/** The contract stored at this address (as stored: EVM addresses lower-case), on any chain, of any project. */
export async function contractAt(db: Db, address: string): Promise<ContractRow | undefined> {
  const [c] = await db.select().from(contracts).where(eq(contracts.address, address)).limit(1);
  return c;
}

/** Whether this project has the contract at this address (stored form) on this chain. */
export async function projectHasContract(
  db: Db,
  projectId: string,
  chainId: number,
  address: string,
): Promise<boolean> {
  const [row] = await db
    .select({ address: contracts.address })
    .from(contracts)
    .where(
      and(eq(contracts.projectId, projectId), eq(contracts.chainId, chainId), eq(contracts.address, address)),
    )
    .limit(1);
  return row !== undefined;
}
