import { sql } from 'drizzle-orm';
import type { FindingSeverity, FindingStatus } from '../../api/audits';
import type { Db } from '../db/client';
import type { SignalValues } from '../db/schema/ratings';
import { generateKyc, knownName, slugify } from './generate';
import { KNOWN_LIST } from './known-projects';
import { chunks } from '../lib/concurrency';
import { bulkInsert } from './load';
import { Random } from './random';
import { rows } from '../db/rows';

/**
 * Demo audit records for the seed: each project the generator marks audited gets as many audits as its
 * `auditCount` signal, the newest on its `lastAuditDay`, with findings whose unresolved part weighs exactly its
 * `openFindings` (server/ratings/auditSignals.ts), so the records, the "Audited" badge, the leaderboard's audit date
 * and the Code Security score all agree. Source 'demo' (pages say "Demo data"), generic auditor names, no report
 * link: nothing here is a real firm's real report.
 */

const AUDITORS = [
  'Independent auditor A',
  'Independent auditor B',
  'Independent auditor C',
  'Independent auditor D',
];
const SCOPES = [
  'Token contract',
  'Core protocol contracts',
  'Vault and strategy contracts',
  'Governance and timelock contracts',
  'Upgrade of the core contracts',
  'Bridge and messaging contracts',
];
const TITLES: readonly [string, FindingSeverity][] = [
  ['Reentrancy in the withdrawal path', 'critical'],
  ['Signature can be replayed on another chain', 'critical'],
  ['Owner can mint without a cap', 'major'],
  ['Price oracle answer may be stale', 'major'],
  ['Centralised control of upgrades', 'major'],
  ['Unchecked return value of a token transfer', 'medium'],
  ['Unbounded loop over holders', 'medium'],
  ['Rounding favours the caller', 'medium'],
  ['Missing zero-address check', 'minor'],
  ['No event on a parameter change', 'minor'],
  ['Floating compiler version', 'minor'],
  ['Storage reads in a loop could be cached', 'informational'],
  ['Unused internal function', 'informational'],
];
const OPEN: readonly FindingStatus[] = ['pending', 'acknowledged'];

const DAY = 86_400_000;
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

let nativeIds: ReadonlySet<string> | undefined;
/** The ids of the seed's coins native to a chain of their own (Bitcoin, XRP, …; known-projects.ts `native`). */
export function nativeCoinIds(): ReadonlySet<string> {
  nativeIds ??= new Set(
    KNOWN_LIST.filter((k) => k.native).flatMap((k) => {
      const name = knownName(k);
      return name ? [slugify(name)] : [];
    }),
  );
  return nativeIds;
}

export type DemoAudit = {
  auditor: string;
  publishedOn: string;
  scope: string;
  commit: string;
  contracts: string[];
  findings: { title: string; severity: FindingSeverity; status: FindingStatus }[];
};

/** A project's demo audits from its signals (none unless audited), newest first. Deterministic per project. */
export function demoAudits(project: {
  id: string;
  signals: SignalValues;
  contracts?: { address: string }[];
}): DemoAudit[] {
  const count = Math.floor(project.signals.auditCount ?? 0);
  const last = project.signals.lastAuditDay;
  if (count < 1 || last === null || last === undefined || !Number.isFinite(last)) return [];
  const rng = new Random(`audits:${project.id}`);
  const open = Math.max(0, Math.round(project.signals.openFindings ?? 0));
  const addresses = (project.contracts ?? []).map((c) => c.address);
  const out: DemoAudit[] = [];
  let day = Math.floor(last);
  for (let i = 0; i < count; i++) {
    const resolved = rng.sample(TITLES, rng.int(1, 4)).map(([title, severity]) => ({
      title,
      severity,
      status: 'resolved' as FindingStatus,
    }));
    // The open findings stand in the newest audit: majors not fixed yet (weight 1 each), and now and then an
    // acknowledged informational note (weight 0).
    const unresolved =
      i === 0
        ? [
            ...Array.from({ length: open }, (_, n) => ({
              title: `${rng.pick(['Privileged role', 'Upgrade path', 'Fee logic', 'Oracle use'])} issue ${n + 1}`,
              severity: 'major' as FindingSeverity,
              status: rng.pick(OPEN),
            })),
            ...(rng.chance(0.4)
              ? [
                  {
                    title: 'Code comments out of date',
                    severity: 'informational' as FindingSeverity,
                    status: 'acknowledged' as FindingStatus,
                  },
                ]
              : []),
          ]
        : [];
    out.push({
      auditor: rng.pick(AUDITORS),
      publishedOn: isoDay(day),
      scope: i === count - 1 ? rng.pick(SCOPES.slice(0, 3)) : rng.pick(SCOPES),
      commit: rng.hex(12),
      contracts: addresses.slice(0, 3),
      findings: [...unresolved, ...resolved],
    });
    day -= rng.int(60, 420);
  }
  return out;
}

type SeedRecord = { id: string; signals: SignalValues; contracts?: { address: string }[] };

/**
 * Writes the demo audits of a batch of generated projects, and the KYC details (demo data) of those whose team is
 * verified. Runs in the seed's transaction after the projects are stored.
 */
export async function seedAudits(db: Db, records: readonly SeedRecord[], today: Date): Promise<void> {
  await writeDemoAudits(db, records);
  await writeDemoKyc(db, records, today);
}

/** Inserts the demo audits (and their findings) of these projects: as many as each one's signals say. */
export async function writeDemoAudits(db: Db, records: readonly SeedRecord[]): Promise<number> {
  const audits = records.flatMap((r) => demoAudits(r).map((a) => ({ projectId: r.id, ...a })));
  for (const batch of chunks(audits, 1000)) {
    // Ids first (one round trip), so the findings can name their audit in the same bulk insert.
    const ids = rows<{ id: string | number }>(
      await db.execute(
        sql`SELECT nextval(pg_get_serial_sequence('audits', 'id')) AS id FROM generate_series(1, ${batch.length})`,
      ),
    ).map((r) => Number(r.id));
    await bulkInsert(
      db,
      'audits',
      batch.map((a, i) => ({
        id: ids[i],
        project_id: a.projectId,
        auditor: a.auditor,
        published_on: a.publishedOn,
        scope: a.scope,
        commit: a.commit,
        contracts: a.contracts,
        report_url: null,
        source: 'demo',
      })),
    );
    const findings = batch.flatMap((a, i) =>
      a.findings.map((f) => ({ audit_id: ids[i], title: f.title, severity: f.severity, status: f.status })),
    );
    for (const part of chunks(findings, 3000)) await bulkInsert(db, 'audit_findings', part);
  }
  return audits.length;
}

/** Sets the demo KYC details (tier, date verified, scope) of those of these projects whose team is verified. */
export async function writeDemoKyc(db: Db, records: readonly SeedRecord[], today: Date): Promise<number> {
  const kyc = records
    .filter((r) => (r.signals.teamKyc ?? 0) >= 1)
    .map((r) => {
      const k = generateKyc(r.id, today);
      return { id: r.id, tier: k.tier, verified_on: k.verifiedOn, scope: k.scope };
    });
  for (const batch of chunks(kyc, 1000)) {
    await db.execute(sql`
      UPDATE projects AS p SET kyc_tier = x.tier, kyc_verified_on = x.verified_on, kyc_scope = x.scope
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(id text, tier text, verified_on date, scope text[])
      WHERE p.id = x.id`);
  }
  return kyc.length;
}
