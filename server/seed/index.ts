import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { announcements } from '../db/schema/index';
import { generateProject, projectIdentities } from './generate';
import { recomputeRanks } from '../ratings/ranks';
import { chunks } from '../lib/concurrency';
import { bulkInsert, seedSocialActivity, upsertProjects, type Computed } from './load';
import { scoreHistory } from './history';
import type { SnapshotRow } from '../ratings/recompute';
import { seedWalletTokensIfEmpty } from './wallets';
import { seedAudits } from './audits';
import { seedMissingIncidents } from './incidents';
import { loadMissingResearch } from './research';

export type SeedOptions = {
  /** The day the generated data ends on (social activity, audit dates, alerts); defaults to today (UTC). */
  today?: Date;
};

/**
 * Seeds an empty database with `projectCount` generated projects (deterministic for a given day), in one
 * transaction, so an interrupted seed leaves nothing behind and the next start seeds again. A database that
 * already holds projects is left alone.
 */
export async function seedIfEmpty(
  db: Db,
  projectCount: number,
  options: SeedOptions = {},
): Promise<{ seeded: boolean }> {
  const existing = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM projects LIMIT 1) x`,
  );
  const today = startOfDay(options.today ?? new Date());
  if (rows<{ n: number }>(existing)[0]?.n) {
    await seedWalletTokensIfEmpty(db);
    // Audits, KYC details and incidents came after some databases were seeded.
    await loadMissingResearch(db, today);
    return { seeded: false };
  }
  const identities = projectIdentities(projectCount);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let index = 0;
    for (const batch of chunks(identities, 500)) {
      const records = batch.map((identity) => generateProject(identity, index++, today));
      // Signals are the data: today's rating and 180 days of history are computed from them.
      const computed = new Map<string, Computed>();
      const snapshots: SnapshotRow[] = [];
      for (const r of records) {
        const h = scoreHistory(r, today);
        computed.set(r.id, { values: r.signals, rating: h.rating, normalized: h.normalized, asOf: today });
        for (const s of h.snapshots) snapshots.push(s);
      }
      await upsertProjects(t, records, computed);
      await seedAudits(t, records, today);
      for (const part of chunks(snapshots, 2000)) await bulkInsert(t, 'score_snapshots', part);
      await seedSocialActivity(
        t,
        records.map((r) => r.id),
        today,
      );
    }
    await recomputeRanks(t);
    await t.insert(announcements).values({
      content: 'Skynet now reads privileged transactions from the chain for monitored contracts.',
      link: '/products/skynet',
      linkText: 'Learn more',
    });
    await seedWalletTokensIfEmpty(t);
    await seedMissingIncidents(t);
  });
  return { seeded: projectCount > 0 };
}

export function startOfDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}
