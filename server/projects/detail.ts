import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ProjectDetail } from '../../api/projects';
import { shownAddress } from '../chains/address';
import type { Database } from '../db/client';
import { contracts, projects, votes } from '../db/schema/index';
import { notFound } from '../errors';
import { demoFlags, marketDataAsOf } from '../seed/provenance';
import { auditsApplicableTo, kycDetailsOf } from './audits';
import { cacheFor } from '../cache/versionedCache';
import { ownVote, round1, toProjectRow, votesCounted } from './rows';
import { voterKey } from './voter';

/**
 * A project as GET /api/projects/:id answers this request (its votes with the visitor's own); the project page's
 * HTML carries the same (server/site/pageData.ts). Throws the API's 404 for an unknown id. What anyone sees of it is
 * cached until this project, its contracts or its votes change (its version: server/cache/versionedCache.ts); a
 * write to another project leaves it cached. Only the visitor's own vote is read each time.
 */
export async function projectDetail(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
): Promise<ProjectDetail> {
  const detail = await cacheFor(app.database).projectDetails.get(id, async () => {
    const project = await requireProject(app, id);
    const projectContracts = await app.db
      .select({
        address: contracts.address,
        chain: contracts.chain,
        label: contracts.label,
        source: contracts.source,
      })
      .from(contracts)
      .where(eq(contracts.projectId, id))
      .orderBy(asc(contracts.label), asc(contracts.address));
    return {
      ...toProjectRow(project),
      description: project.description,
      website: project.website,
      marketCapUsd: project.marketCapUsd,
      contracts: projectContracts.map(({ source: _s, ...c }) => ({
        ...c,
        address: shownAddress(c.chain, c.address),
      })) as ProjectDetail['contracts'],
      votes: await votesCounted(app.db, id),
      // Where the figures come from (docs/monitoring.md): the dated market snapshot, or demo data.
      marketDataAsOf: marketDataAsOf(id),
      demo: demoFlags(
        id,
        projectContracts.map((c) => c.source),
      ),
      kycDetails: kycDetailsOf(project),
      auditsApplicable: auditsApplicableTo(id, projectContracts.length),
    };
  });
  const voter = voterKey(request, reply, false);
  return voter ? { ...detail, votes: { ...detail.votes, myVote: await ownVote(app.db, id, voter) } } : detail;
}

/**
 * The average across projects of each one's share of yes votes (0 with no votes), as GET
 * /api/projects/average-yes-percentage answers it and every project page's HTML carries it. Cached until any vote
 * changes, so a vote counts at once.
 */
export function averageYesPercentage(database: Database): Promise<number> {
  return cacheFor(database).voteAverage.get('all', async () => {
    const result = await database.db
      .select({ avg: sql<number | null>`avg(pct)::float8` })
      .from(
        sql`(SELECT 100.0 * count(*) FILTER (WHERE ${votes.vote}) / count(*) AS pct FROM ${votes} GROUP BY ${votes.projectId}) AS per_project`,
      );
    return round1(Number(result[0]?.avg ?? 0));
  });
}

/** The project of this id, or the API's 404. */
export async function requireProject(app: FastifyInstance, id: string) {
  const [project] = await app.db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!project) throw notFound(`No project with id "${id.slice(0, 200)}".`);
  return project;
}
