import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashString } from './random';
import { SOCIAL_DAYS, SOCIAL_TYPE_LIST } from './generate';
import { overallScore, tierFor, type ProjectRecord } from './shape';

/**
 * Writes project records (seed or import) in batches. Projects are upserted by id; each optional section a
 * record carries (contracts, monitoring, socialActivity, alerts) replaces that project's stored section.
 * Ranks are not touched here: call recomputeRanks() once after the last batch.
 *
 * Bulk writes send one JSON parameter per statement and let the database expand it
 * (`jsonb_populate_recordset`), which is far faster than thousands of bound parameters on PGlite.
 */
export async function upsertProjects(db: Db, records: ProjectRecord[]): Promise<void> {
  if (records.length === 0) return;
  for (const batch of chunks(records, 1000)) {
    const rows = batch.map((r) => {
      const score = overallScore(r.subScores);
      return {
        id: r.id,
        name: r.name,
        token_tickers: r.tokenTickers,
        chains: r.chains,
        logo: r.logo ?? defaultLogo(r.id),
        description: r.description,
        website: r.website,
        score,
        sub_scores: r.subScores,
        rank: null,
        tier: tierFor(score),
        audit_status: r.auditStatus,
        audit_date: r.auditStatus === 'audited' ? r.auditDate : null,
        kyc: r.kyc,
        market_cap_usd: r.marketCapUsd,
        trend_score: r.trendScore,
      };
    });
    await bulkInsert(db, 'projects', rows, {
      conflict: ['id'],
      update: [
        'name',
        'token_tickers',
        'chains',
        'logo',
        'description',
        'website',
        'score',
        'sub_scores',
        'tier',
        'audit_status',
        'audit_date',
        'kyc',
        'market_cap_usd',
        'trend_score',
      ],
    });
  }

  const withContracts = records.filter((r) => r.contracts);
  for (const batch of chunks(withContracts, 1000)) await deleteFor(db, 'contracts', batch);
  const contractRows = withContracts.flatMap((r) =>
    r.contracts!.map((c) => ({
      address: c.address,
      project_id: r.id,
      chain: c.chain,
      label: c.label,
      privileged_addresses: c.privilegedAddresses,
      privileged_functions: c.privilegedFunctions,
      privileged_transactions: c.privilegedTransactions,
    })),
  );
  for (const batch of chunks(contractRows, 1000)) {
    await bulkInsert(db, 'contracts', batch, {
      conflict: ['address'],
      update: [
        'project_id',
        'chain',
        'label',
        'privileged_addresses',
        'privileged_functions',
        'privileged_transactions',
      ],
    });
  }

  const now = new Date().toISOString();
  const monitoringRows = records
    .filter((r) => r.monitoring)
    .map((r) => {
      const m = r.monitoring!;
      return {
        project_id: r.id,
        top_callers: m.topCallers,
        top_events: m.topEvents,
        top_function_calls: m.topFunctionCalls,
        exchanges: m.exchanges,
        updated_at: m.updatedAt ?? now,
      };
    });
  for (const batch of chunks(monitoringRows, 1000)) {
    await bulkInsert(db, 'project_monitoring', batch, {
      conflict: ['project_id'],
      update: ['top_callers', 'top_events', 'top_function_calls', 'exchanges', 'updated_at'],
    });
  }

  const socialRows = records
    .filter((r) => r.socialActivity)
    .flatMap((r) => socialSeries(r.id, r.socialActivity!));
  const withSocial = records.filter((r) => r.socialActivity);
  for (const batch of chunks(withSocial, 1000)) await deleteFor(db, 'social_activity_series', batch);
  for (const batch of chunks(socialRows, 3000)) await bulkInsert(db, 'social_activity_series', batch);

  const withAlerts = records.filter((r) => r.alerts);
  for (const batch of chunks(withAlerts, 1000)) await deleteFor(db, 'alerts', batch);
  const alertRows = withAlerts.flatMap((r) =>
    r.alerts!.map((a) => ({
      project_id: r.id,
      severity: a.severity,
      title: a.title,
      description: a.description,
      loss_usd: a.lossUsd,
      occurred_at: a.occurredAt,
    })),
  );
  for (const batch of chunks(alertRows, 1000)) await bulkInsert(db, 'alerts', batch);
}

/** `values` as a PostgreSQL array literal: the database parses `{1,2,3}` much faster than a JSON array. */
type SeriesRow = { project_id: string; type: string; start_day: string; values: string };
const pgArray = (values: number[]) => `{${values.join(',')}}`;

/** Day points → one series per type, from its first to its last day (days without a point count 0). */
function socialSeries(projectId: string, points: NonNullable<ProjectRecord['socialActivity']>): SeriesRow[] {
  const byType = new Map<string, Map<number, number>>();
  for (const p of points) {
    const day = Date.parse(`${p.date}T00:00:00Z`) / 86_400_000;
    let m = byType.get(p.type);
    if (!m) byType.set(p.type, (m = new Map()));
    m.set(day, p.value);
  }
  return [...byType].map(([type, m]) => {
    const days = [...m.keys()];
    const first = Math.min(...days);
    const last = Math.max(...days);
    const values = Array.from({ length: last - first + 1 }, (_, i) => m.get(first + i) ?? 0);
    return { project_id: projectId, type, start_day: dayString(first), values: pgArray(values) };
  });
}

/**
 * Generated daily social activity (tweets, mentions, followers) for the SOCIAL_DAYS days ending `today`.
 * Each value is a pure function of (project, type, day), so the same day always shows the same figure.
 */
export async function seedSocialActivity(db: Db, projectIds: string[], today: Date): Promise<void> {
  const last = Math.floor(today.getTime() / 86_400_000);
  const first = last - SOCIAL_DAYS + 1;
  const epoch = Date.UTC(2024, 0, 1) / 86_400_000;
  const rows: SeriesRow[] = [];
  for (const id of projectIds) {
    const base = (k: string) => hashString(`${id}:${k}`);
    for (const type of SOCIAL_TYPE_LIST) {
      const values: number[] = [];
      for (let day = first; day <= last; day++) {
        const noise = hashString(`${id}|${type}|${day}`);
        if (type === 'tweets') values.push((base('tw') % 6) + (noise % 9));
        else if (type === 'mentions') values.push((base('mn') % 300) + (noise % 250));
        else values.push(1000 + (base('fl') % 250_000) + (base('gr') % 80) * (day - epoch) + (noise % 60));
      }
      rows.push({ project_id: id, type, start_day: dayString(first), values: pgArray(values) });
    }
  }
  for (const batch of chunks(rows, 3000)) {
    await bulkInsert(db, 'social_activity_series', batch, { conflict: ['project_id', 'type'], update: [] });
  }
}

/** Rank 1 is the best score; ties by name, then id. */
export async function recomputeRanks(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE projects AS p SET rank = r.rn
    FROM (SELECT id, row_number() OVER (ORDER BY score DESC, name ASC, id ASC)::int AS rn FROM projects) r
    WHERE p.id = r.id AND p.rank IS DISTINCT FROM r.rn`);
}

export function defaultLogo(id: string): string {
  return `/logos/gen/${id}.svg`;
}

export function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const dayString = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);

/**
 * INSERT … SELECT FROM jsonb_populate_recordset(one JSON parameter). Keys of the rows are column names.
 * With `conflict`, existing rows are updated (`update` columns) or kept (`update: []`).
 */
async function bulkInsert(
  db: Db,
  table: string,
  rows: Record<string, unknown>[],
  upsert?: { conflict: string[]; update: string[] },
): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  const colList = sql.join(cols.map(ident), sql`, `);
  let onConflict: SQL = sql``;
  if (upsert) {
    const target = sql.join(upsert.conflict.map(ident), sql`, `);
    onConflict =
      upsert.update.length === 0
        ? sql` ON CONFLICT (${target}) DO NOTHING`
        : sql` ON CONFLICT (${target}) DO UPDATE SET ${sql.join(
            upsert.update.map((c) => sql`${ident(c)} = excluded.${ident(c)}`),
            sql`, `,
          )}`;
  }
  await db.execute(
    sql`INSERT INTO ${ident(table)} (${colList}) SELECT ${colList} FROM jsonb_populate_recordset(NULL::${ident(table)}, ${JSON.stringify(rows)}::jsonb)${onConflict}`,
  );
}

async function deleteFor(db: Db, table: string, records: { id: string }[]): Promise<void> {
  await db.execute(
    sql`DELETE FROM ${ident(table)} WHERE project_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(records.map((r) => r.id))}::jsonb))`,
  );
}
