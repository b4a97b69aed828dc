import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashString } from './random';
import { SOCIAL_DAYS, SOCIAL_TYPE_LIST } from './generate';
import type { ProjectRecord } from './shape';
import type { SubScores } from '../../api/projects';
import type { SignalValues } from '../db/schema/ratings';
import type { Rating } from '../ratings/methodology';
import { ratedColumns } from '../ratings/recompute';
import { rows as resultRows } from '../db/rows';
import { chunks } from '../lib/concurrency';

const ZERO: SubScores = {
  codeSecurity: 0,
  fundamentalHealth: 0,
  operationalResilience: 0,
  governanceStrength: 0,
  marketStability: 0,
  communityTrust: 0,
};

/**
 * Writes project records (seed or import) in batches. Projects are upserted by id; their signals are merged into
 * the stored ones; each optional section a record carries (contracts, monitoring, socialActivity, alerts) replaces
 * that project's stored section. Scores are not written here (a new project gets a placeholder) unless `computed`
 * gives today's computation (the seed); otherwise call recomputeProjects() for the records afterwards, which also
 * reranks. Answers the ids of alerts that were not stored before.
 *
 * Bulk writes send one JSON parameter per statement and let the database expand it
 * (`jsonb_populate_recordset`), which is far faster than thousands of bound parameters on PGlite.
 */
export type UpsertResult = { newAlertIds: number[] };

/** Today's computation of a generated project, written with it (the seed; imports recompute afterwards). */
export type Computed = {
  values: SignalValues;
  rating: Rating;
  normalized: Record<string, number>;
  asOf: Date;
};

export async function upsertProjects(
  db: Db,
  records: ProjectRecord[],
  computed?: ReadonlyMap<string, Computed>,
): Promise<UpsertResult> {
  if (records.length === 0) return { newAlertIds: [] };
  for (const batch of chunks(records, 1000)) {
    const rows = batch.map((r) => {
      const c = computed?.get(r.id);
      // New projects get a placeholder rating until recomputed; existing ones keep theirs (recompute decides).
      const rated = c
        ? ratedColumns(c.values, c.rating)
        : { score: 0, sub_scores: ZERO, tier: 'CCC', audit_status: 'none', audit_date: null, kyc: false };
      return {
        id: r.id,
        name: r.name,
        token_tickers: r.tokenTickers,
        chains: r.chains,
        logo: r.logo ?? defaultLogo(r.id),
        description: r.description,
        website: r.website,
        kind: r.kind ?? '',
        ...rated,
        rank: null,
        market_cap_usd: r.marketCapUsd ?? r.signals.marketCapUsd ?? null,
        price_usd: r.priceUsd ?? null,
        price_change_24h_pct: r.priceChange24hPct ?? null,
        tvl_usd: r.tvlUsd ?? null,
        bug_bounty_usd: r.bugBountyUsd ?? (r.signals.bugBountyUsd ? r.signals.bugBountyUsd : null),
      };
    });
    await bulkInsert(db, 'projects', rows, {
      conflict: ['id'],
      update: ['name', 'token_tickers', 'chains', 'logo', 'description', 'website', 'market_cap_usd'],
      // Market figures a record leaves out (null) keep the stored ones.
      extra: sql`, kind = CASE WHEN excluded.kind = '' THEN projects.kind ELSE excluded.kind END,
        price_usd = COALESCE(excluded.price_usd, projects.price_usd),
        price_change_24h_pct = COALESCE(excluded.price_change_24h_pct, projects.price_change_24h_pct),
        tvl_usd = COALESCE(excluded.tvl_usd, projects.tvl_usd),
        bug_bounty_usd = COALESCE(excluded.bug_bounty_usd, projects.bug_bounty_usd)`,
    });
    const signalRows = batch.map((r) => {
      const c = computed?.get(r.id);
      return {
        project_id: r.id,
        values: r.signals,
        normalized: c?.normalized ?? null,
        computed_at: c ? c.asOf.toISOString() : null,
      };
    });
    // Signals merge: keys a record gives replace the stored ones, the others stay.
    await bulkInsert(db, 'project_signals', signalRows, {
      conflict: ['project_id'],
      update: [],
      extra: sql`"values" = project_signals."values" || excluded."values", version = project_signals.version + 1, updated_at = now()`,
    });
  }

  const withContracts = records.filter((r) => r.contracts);
  for (const batch of chunks(withContracts, 1000)) await deleteFor(db, 'contracts', batch);
  const contractRows = withContracts.flatMap((r) =>
    r.contracts!.map((c) => ({
      // EVM addresses are stored lower-case (the indexer and the skynet routes look them up so).
      address: /^0x[0-9a-fA-F]{40}$/.test(c.address) ? c.address.toLowerCase() : c.address,
      project_id: r.id,
      chain: c.chain,
      label: c.label,
      privileged_addresses: c.privilegedAddresses,
      privileged_functions: c.privilegedFunctions,
      privileged_transactions: c.privilegedTransactions,
      // A monitored contract is read by the server's indexer from its deployment block (found when not given).
      chain_id: c.chainId ?? null,
      abi: c.abi ?? null,
      monitored_since: c.monitor ? new Date().toISOString() : null,
      deployment_block: c.monitor ? (c.fromBlock ?? null) : null,
      source: c.monitor ? 'chain' : 'demo',
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
        'chain_id',
        'abi',
        'monitored_since',
        'deployment_block',
        'source',
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

  // Alerts: the record's list replaces the stored one; an alert already stored (same title and time) keeps its
  // id, so importing the same file again inserts (and notifies) nothing new.
  const newAlertIds: number[] = [];
  const withAlerts = records.filter((r) => r.alerts);
  for (const batch of chunks(withAlerts, 1000)) {
    const alertRows = batch.flatMap((r) =>
      r.alerts!.map((a) => ({
        project_id: r.id,
        severity: a.severity,
        title: a.title,
        description: a.description,
        loss_usd: a.lossUsd,
        occurred_at: a.occurredAt,
      })),
    );
    const x = sql`jsonb_to_recordset(${JSON.stringify(alertRows)}::jsonb) AS x(project_id text, severity text,
      title text, description text, loss_usd real, occurred_at timestamptz)`;
    await db.execute(sql`
      DELETE FROM alerts a
      WHERE a.project_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(batch.map((r) => r.id))}::jsonb))
        AND NOT EXISTS (SELECT 1 FROM ${x}
                        WHERE x.project_id = a.project_id AND x.title = a.title AND x.occurred_at = a.occurred_at)`);
    await db.execute(sql`
      UPDATE alerts a SET severity = x.severity, description = x.description, loss_usd = x.loss_usd
      FROM ${x}
      WHERE x.project_id = a.project_id AND x.title = a.title AND x.occurred_at = a.occurred_at
        AND (a.severity, a.description, a.loss_usd) IS DISTINCT FROM (x.severity, x.description, x.loss_usd)`);
    const inserted = await db.execute(sql`
      INSERT INTO alerts (project_id, severity, title, description, loss_usd, occurred_at)
      SELECT DISTINCT ON (x.project_id, x.title, x.occurred_at)
             x.project_id, x.severity, x.title, x.description, x.loss_usd, x.occurred_at FROM ${x}
      WHERE NOT EXISTS (SELECT 1 FROM alerts a
                        WHERE a.project_id = x.project_id AND a.title = x.title AND a.occurred_at = x.occurred_at)
      RETURNING id`);
    for (const row of resultRows<{ id: number | string }>(inserted)) newAlertIds.push(Number(row.id));
  }
  return { newAlertIds };
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

export function defaultLogo(id: string): string {
  return `/logos/gen/${id}.svg`;
}

const dayString = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);

/**
 * INSERT … SELECT FROM jsonb_populate_recordset(one JSON parameter). Keys of the rows are column names.
 * With `conflict`, existing rows are updated (`update` columns) or kept (`update: []`).
 */
export async function bulkInsert(
  db: Db,
  table: string,
  rows: Record<string, unknown>[],
  upsert?: { conflict: string[]; update: string[]; extra?: SQL },
): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  const colList = sql.join(cols.map(ident), sql`, `);
  let onConflict: SQL = sql``;
  if (upsert) {
    const target = sql.join(upsert.conflict.map(ident), sql`, `);
    onConflict =
      upsert.update.length === 0 && !upsert.extra
        ? sql` ON CONFLICT (${target}) DO NOTHING`
        : sql` ON CONFLICT (${target}) DO UPDATE SET ${sql.join(
            upsert.update.map((c) => sql`${ident(c)} = excluded.${ident(c)}`),
            sql`, `,
          )}${upsert.extra ?? sql``}`;
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
