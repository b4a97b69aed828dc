import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProjectRow, Votes } from '../../api/projects';
import type { Db } from '../db/client';
import { projects, votes } from '../db/schema/index';

export type ProjectRecordRow = typeof projects.$inferSelect;

/** A stored project as the API shows it in lists (score to one decimal; real columns carry float noise). */
export function toProjectRow(p: ProjectRecordRow): ProjectRow {
  return {
    id: p.id,
    rank: p.rank,
    logo: p.logo,
    name: p.name,
    tokenTickers: p.tokenTickers,
    chains: p.chains as ProjectRow['chains'],
    score: round1(p.score),
    tier: p.tier as ProjectRow['tier'],
    subScores: {
      codeSecurity: round1(p.subScores.codeSecurity),
      fundamentalHealth: round1(p.subScores.fundamentalHealth),
      operationalResilience: round1(p.subScores.operationalResilience),
      governanceStrength: round1(p.subScores.governanceStrength),
      marketStability: round1(p.subScores.marketStability),
      communityTrust: round1(p.subScores.communityTrust),
    },
    auditStatus: p.auditStatus,
    auditDate: p.auditDate,
    kyc: p.kyc,
  };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** The stored projects of these ids, in no particular order (unknown ids are left out). */
export async function projectsIn(db: Db, ids: string[]): Promise<ProjectRecordRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(projects).where(inArray(projects.id, ids));
}

/** Records this voter's vote on the project, or changes the one they gave. */
export async function castVote(db: Db, projectId: string, voterKey: string, yes: boolean): Promise<void> {
  await db
    .insert(votes)
    .values({ projectId, voterKey, vote: yes })
    .onConflictDoUpdate({
      target: [votes.projectId, votes.voterKey],
      set: { vote: yes, createdAt: new Date() },
    });
}

/** Vote tallies of one project, with this voter's own vote. */
export async function voteTally(db: Db, projectId: string, voterKey: string | undefined): Promise<Votes> {
  const tally = await votesCounted(db, projectId);
  return voterKey ? { ...tally, myVote: await ownVote(db, projectId, voterKey) } : tally;
}

/** Vote tallies of one project, as anyone sees them (no vote of their own). */
export async function votesCounted(db: Db, projectId: string): Promise<Votes> {
  const [tally] = await db
    .select({
      yes: sql<number>`count(*) filter (where ${votes.vote})::int`,
      no: sql<number>`count(*) filter (where not ${votes.vote})::int`,
    })
    .from(votes)
    .where(eq(votes.projectId, projectId));
  const yes = tally?.yes ?? 0;
  const no = tally?.no ?? 0;
  return { yes, no, yesPercentage: yes + no === 0 ? 0 : round1((yes * 100) / (yes + no)), myVote: null };
}

/** This voter's vote on the project, if any. */
export async function ownVote(db: Db, projectId: string, voterKey: string): Promise<Votes['myVote']> {
  const [mine] = await db
    .select({ vote: votes.vote })
    .from(votes)
    .where(and(eq(votes.projectId, projectId), eq(votes.voterKey, voterKey)));
  return mine ? (mine.vote ? 'yes' : 'no') : null;
}
