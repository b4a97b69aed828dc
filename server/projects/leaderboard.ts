import { and, asc, desc, eq, gt, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type LeaderboardPage, type LeaderboardRow } from '../../api/projects';
import { LEADERBOARD_TAB_SORT } from '../../api/leaderboard';
import type { LeaderboardQuery } from '../../api/projects.schemas';
import type { Database } from '../db/client';
import { projects } from '../db/schema/index';
import { csvCell } from '../lib/csv';
import { marketDataAsOf } from '../seed/provenance';
import { cacheFor } from '../cache/versionedCache';
import { toProjectRow, type ProjectRecordRow } from './rows';
import { scoreChangeSql, scoreChanges, type ScoreChange } from './scoreChange';

export type LeaderboardParams = z.output<typeof LeaderboardQuery>;

/** The condition of the leaderboard's tab and filters (undefined: every project). */
export function leaderboardCondition(q: LeaderboardParams): SQL | undefined {
  const where: SQL[] = [];
  switch (q.tab) {
    case 'recentlyAudited':
      where.push(eq(projects.auditStatus, 'audited'), isNotNull(projects.auditDate));
      break;
    case 'stablecoins':
      where.push(eq(projects.kind, 'Stablecoin'));
      break;
    case 'bugBounty':
      where.push(gt(projects.bugBountyUsd, 0));
      break;
    case 'kyc':
      where.push(eq(projects.kyc, true));
      break;
    default:
      break;
  }
  if (q.category) where.push(eq(projects.kind, q.category));
  if (q.chain) where.push(sql`${q.chain} = ANY(${projects.chains})`);
  if (q.tier) where.push(eq(projects.tier, q.tier));
  if (q.audit) where.push(eq(projects.auditStatus, q.audit));
  if (q.kyc !== undefined) where.push(eq(projects.kyc, q.kyc));
  if (q.minScore !== undefined) where.push(gte(projects.score, q.minScore - 0.05));
  if (q.maxScore !== undefined) where.push(lte(projects.score, q.maxScore + 0.05));
  if (q.keyword?.trim()) {
    const like = `%${q.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(${projects.name} ILIKE ${like} OR EXISTS (SELECT 1 FROM unnest(${projects.tokenTickers}) t WHERE t ILIKE ${like}))`,
    );
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** The column and direction in force: the one asked for, else the tab's own order. */
export function leaderboardOrder(q: LeaderboardParams) {
  if (q.sort) return { sort: q.sort, order: q.order ?? 'asc' };
  const own = LEADERBOARD_TAB_SORT[q.tab];
  return { sort: own.sort, order: q.order ?? own.order };
}

function orderBy(q: LeaderboardParams, now: Date): SQL[] {
  const { sort, order } = leaderboardOrder(q);
  const dir = order === 'desc' ? desc : asc;
  // Figures a project may lack go last whichever way the column is sorted.
  const nullsLast = (col: SQL) => sql`${col} ${sql.raw(order === 'desc' ? 'DESC' : 'ASC')} NULLS LAST`;
  const first: SQL = {
    rank: () => nullsLast(sql`${projects.rank}`),
    score: () => dir(projects.score),
    name: () => dir(sql`lower(${projects.name})`),
    auditDate: () => nullsLast(sql`${projects.auditDate}`),
    trend: () => dir(projects.trendScore),
    marketCap: () => nullsLast(sql`${projects.marketCapUsd}`),
    price: () => nullsLast(sql`${projects.priceUsd}`),
    priceChange24h: () => nullsLast(sql`${projects.priceChange24hPct}`),
    tvl: () => nullsLast(sql`${projects.tvlUsd}`),
    bugBounty: () => nullsLast(sql`${projects.bugBountyUsd}`),
    change24h: () => nullsLast(scoreChangeSql(1, now)),
    change7d: () => nullsLast(scoreChangeSql(7, now)),
    change30d: () => nullsLast(scoreChangeSql(30, now)),
  }[sort]();
  return [first, sql`${projects.rank} ASC NULLS LAST`, asc(projects.id)];
}

const NO_CHANGE: ScoreChange = { d1: null, d7: null, d30: null };

/** Stored rows as the leaderboard shows them, with their score changes as of `now`. */
export async function toLeaderboardRows(
  database: Database,
  rows: ProjectRecordRow[],
  now: Date,
): Promise<LeaderboardRow[]> {
  const changes = await scoreChanges(
    database,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((p) => ({
    ...toProjectRow(p),
    category: p.kind,
    scoreChange: changes.get(p.id) ?? NO_CHANGE,
    marketCapUsd: p.marketCapUsd,
    priceUsd: p.priceUsd,
    priceChange24hPct: p.priceChange24hPct,
    tvlUsd: p.tvlUsd,
    bugBountyUsd: p.bugBountyUsd,
    marketDataAsOf: marketDataAsOf(p.id),
  }));
}

/** How many projects match `condition` (cached by the text and parameters of its count until the projects change). */
function countProjects(database: Database, condition: SQL | undefined): Promise<number> {
  const query = database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(condition);
  const { sql: text, params } = query.toSQL();
  return cacheFor(database).leaderboardTotals.get(JSON.stringify([text, params]), async () => {
    const [counted] = await query;
    return counted?.n ?? 0;
  });
}

/** The last page of the leaderboard for the query's filters and page size (1 when nothing matches). */
export async function lastLeaderboardPage(database: Database, q: LeaderboardParams): Promise<number> {
  return Math.max(1, Math.ceil((await countProjects(database, leaderboardCondition(q))) / q.pageSize));
}

/**
 * A page of the leaderboard, with the number of projects its tab and filters match. A page past the last one
 * answers the last one (and names it), as a shared link outlives the projects it counted: the visitor sees rows,
 * not an empty table under a count that cannot be.
 */
export async function leaderboardPage(
  database: Database,
  q: LeaderboardParams,
  now: Date,
): Promise<LeaderboardPage> {
  const condition = leaderboardCondition(q);
  const total = await countProjects(database, condition);
  const page = Math.min(q.page, Math.max(1, Math.ceil(total / q.pageSize)));
  const offset = (page - 1) * q.pageSize;
  const rows =
    offset >= total
      ? []
      : await database.db
          .select()
          .from(projects)
          .where(condition)
          .orderBy(...orderBy(q, now))
          .limit(q.pageSize)
          .offset(offset);
  return { items: await toLeaderboardRows(database, rows, now), total, page, pageSize: q.pageSize };
}

/** Every row of the view (all its pages), up to `max`, with the number it matches. */
export async function leaderboardRowsForExport(
  database: Database,
  q: LeaderboardParams,
  max: number,
  now: Date,
): Promise<{ rows: LeaderboardRow[]; total: number }> {
  const condition = leaderboardCondition(q);
  const [total, rows] = await Promise.all([
    countProjects(database, condition),
    database.db
      .select()
      .from(projects)
      .where(condition)
      .orderBy(...orderBy(q, now))
      .limit(max),
  ]);
  return { rows: await toLeaderboardRows(database, rows, now), total };
}

const CSV_COLUMNS: [string, (r: LeaderboardRow) => string | number | null][] = [
  ['Rank', (r) => r.rank],
  ['Project', (r) => r.name],
  ['Tickers', (r) => r.tokenTickers.join(' ')],
  ['Category', (r) => r.category],
  ['Chains', (r) => r.chains.join(' ')],
  ['Security score', (r) => r.score],
  ['Tier', (r) => r.tier],
  ['Score change 24h', (r) => r.scoreChange.d1],
  ['Score change 7d', (r) => r.scoreChange.d7],
  ['Score change 30d', (r) => r.scoreChange.d30],
  ['Market cap (USD)', (r) => r.marketCapUsd],
  ['Price (USD)', (r) => r.priceUsd],
  ['Price change 24h (%)', (r) => r.priceChange24hPct],
  ['TVL (USD)', (r) => r.tvlUsd],
  ['Bug bounty (USD)', (r) => r.bugBountyUsd],
  ['Audit status', (r) => r.auditStatus],
  ['Audit date', (r) => r.auditDate],
  ['KYC', (r) => (r.kyc ? 'yes' : 'no')],
  // Where the market figures come from, as the page says it (24 h change and TVL are always demo data).
  [
    'Market data',
    (r) =>
      r.marketDataAsOf ? `Market data as of ${r.marketDataAsOf}; 24h change and TVL: Demo data` : 'Demo data',
  ],
  ['Id', (r) => r.id],
];

/** The CSV file of leaderboard rows (header first, CRLF line ends), with the watchlist export's formula guard. */
export function leaderboardCsv(rows: LeaderboardRow[]): string {
  const lines = [CSV_COLUMNS.map(([h]) => csvCell(h)).join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map(([, cell]) => csvCell(cell(r))).join(','));
  return lines.join('\r\n') + '\r\n';
}
