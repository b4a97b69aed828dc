import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { SignalValues } from '../db/schema/ratings';
import { writeDemoAudits, writeDemoKyc } from './audits';
import { seedMissingIncidents } from './incidents';
import { rows } from '../db/rows';

export type ResearchLoaded = { audits: number; kyc: number; incidents: number };

/** Whether a query that selects at most one row finds one. */
const exists = async (db: Db, query: ReturnType<typeof sql>) =>
  rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM (${query} LIMIT 1) x`))[0]!.n > 0;

/**
 * The seeded projects (those whose score history the seed wrote) that match `where`, with the signals the demo
 * records are drawn from (the audit date the project shows when its signals have none) and their contracts.
 */
async function seededProjects(db: Db, where: ReturnType<typeof sql>) {
  const found = rows<{
    id: string;
    auditCount: number | null;
    lastAuditDay: number | null;
    openFindings: number | null;
    teamKyc: number | null;
    contracts: string[];
  }>(
    await db.execute(sql`
      SELECT p.id,
             (s.values->>'auditCount')::float8 AS "auditCount",
             coalesce((s.values->>'lastAuditDay')::float8, (p.audit_date - date '1970-01-01')::float8) AS "lastAuditDay",
             (s.values->>'openFindings')::float8 AS "openFindings",
             (s.values->>'teamKyc')::float8 AS "teamKyc",
             ARRAY(SELECT c.address FROM contracts c WHERE c.project_id = p.id ORDER BY c.address) AS contracts
      FROM projects p
      JOIN project_signals s ON s.project_id = p.id
      WHERE EXISTS (SELECT 1 FROM score_snapshots h WHERE h.project_id = p.id AND h.reason = 'seed') AND ${where}
      ORDER BY p.id`),
  );
  return found.map((p) => ({
    id: p.id,
    signals: {
      auditCount: p.auditCount,
      lastAuditDay: p.lastAuditDay,
      openFindings: p.openFindings,
      teamKyc: p.teamKyc,
    } as SignalValues,
    contracts: p.contracts.map((address) => ({ address })),
  }));
}

/**
 * Loads the shipped research records into a database seeded before they existed (audits and their findings, KYC
 * details, incidents), once: each kind only while none of its seeded records is stored, so a second start adds
 * nothing. It only inserts, and only on seeded projects without an audit of their own: what staff published,
 * edited or approved stays as it is. Runs inside the start's lock (prepareDatabase), in one transaction.
 */
export async function loadMissingResearch(db: Db, today: Date): Promise<ResearchLoaded> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let audits = 0;
    let kyc = 0;
    if (!(await exists(t, sql`SELECT 1 FROM audits WHERE source = 'demo'`))) {
      // A project with audits of staff's has its signals computed from them: demo ones would count twice.
      const audited = await seededProjects(
        t,
        sql`(s.values->>'auditCount')::float8 >= 1 AND NOT EXISTS (SELECT 1 FROM audits a WHERE a.project_id = p.id)`,
      );
      audits = await writeDemoAudits(t, audited);
    }
    if (!(await exists(t, sql`SELECT 1 FROM projects WHERE kyc_tier IS NOT NULL`))) {
      kyc = await writeDemoKyc(t, await seededProjects(t, sql`(s.values->>'teamKyc')::float8 >= 1`), today);
    }
    const incidents = await seedMissingIncidents(t);
    return { audits, kyc, incidents };
  });
}
