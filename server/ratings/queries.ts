import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projectSignals, projects, scoreSnapshots, type SignalValues } from '../db/schema/index';
import { lastComputedAt } from './recompute';

/**
 * The public reads of a project's rating: its score snapshots, its stored signals and its peers. Every query goes
 * through a primary key or the (project_id, computed_at) index of score_snapshots.
 */

const SNAPSHOT_COLUMNS = {
  computedAt: scoreSnapshots.computedAt,
  score: scoreSnapshots.score,
  subScores: scoreSnapshots.subScores,
  tier: scoreSnapshots.tier,
  moves: scoreSnapshots.moves,
};

/**
 * The snapshots from `start` on, oldest first, and the last one before it (at most one: where the chart's line
 * starts).
 */
export async function snapshotsFrom(db: Db, projectId: string, start: Date) {
  const [before, inside] = await Promise.all([
    db
      .select(SNAPSHOT_COLUMNS)
      .from(scoreSnapshots)
      .where(and(eq(scoreSnapshots.projectId, projectId), lt(scoreSnapshots.computedAt, start)))
      .orderBy(desc(scoreSnapshots.computedAt))
      .limit(1),
    db
      .select(SNAPSHOT_COLUMNS)
      .from(scoreSnapshots)
      .where(and(eq(scoreSnapshots.projectId, projectId), gte(scoreSnapshots.computedAt, start)))
      .orderBy(asc(scoreSnapshots.computedAt), asc(scoreSnapshots.id)),
  ]);
  return { before, inside };
}

/** The project's stored signal values and when they were last computed; undefined when none are stored. */
export async function storedSignals(
  db: Db,
  projectId: string,
): Promise<{ values: SignalValues; computedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ values: projectSignals.values, computedAt: lastComputedAt })
    .from(projectSignals)
    .where(eq(projectSignals.projectId, projectId))
    .limit(1);
  return row;
}

export type CohortCount = { all: number; below: number };

/**
 * The project's cohorts: how many projects of its kind and of its first chain there are, and how many of each score
 * at most `score`; and up to `sampleSize` other projects of its kind (id, name, score, market stability), a
 * deterministic, evenly spread sample (not its top), so a scatter shows the whole cohort.
 */
export async function peerCohorts(
  db: Db,
  project: { id: string; kind: string; chain: string; score: number },
  sampleSize: number,
) {
  const market = sql<number>`coalesce((${projects.subScores} ->> 'marketStability')::float8, 0)`;
  const counted = {
    all: sql<number>`count(*)::int`,
    below: sql<number>`(count(*) filter (where ${projects.score} <= ${project.score}))::int`,
  };
  const [kindStats, chainStats, others] = await Promise.all([
    db.select(counted).from(projects).where(eq(projects.kind, project.kind)),
    db
      .select(counted)
      .from(projects)
      .where(sql`${projects.chains}[1] = ${project.chain}`),
    db
      .select({ id: projects.id, name: projects.name, score: projects.score, marketScore: market })
      .from(projects)
      .where(and(eq(projects.kind, project.kind), ne(projects.id, project.id)))
      .orderBy(sql`md5(${projects.id})`)
      .limit(sampleSize),
  ]);
  const none: CohortCount = { all: 0, below: 0 };
  return {
    kind: { all: Number((kindStats[0] ?? none).all), below: Number((kindStats[0] ?? none).below) },
    chain: { all: Number((chainStats[0] ?? none).all), below: Number((chainStats[0] ?? none).below) },
    others: others.map((o) => ({ ...o, marketScore: Number(o.marketScore) })),
  };
}
