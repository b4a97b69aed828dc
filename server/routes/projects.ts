import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type LeaderboardPage, type ProjectDetail, type ProjectRow } from '../../api/projects';
import {
  Alert as AlertSchema,
  AverageYesPercentage,
  LeaderboardPage as LeaderboardPageSchema,
  LeaderboardQuery,
  LimitQuery,
  PageViewQuery,
  PageViews,
  ProjectDetail as ProjectDetailSchema,
  ProjectIdParams,
  ProjectRow as ProjectRowSchema,
  ProjectsListBody,
  ProjectSummary,
  SearchProjectQuery,
  VoteQuery,
  Votes,
} from '../../api/projects.schemas';
import type { Database } from '../db/client';
import { alerts, contracts, pageViews, projects, votes } from '../db/schema/index';
import { notFound } from '../errors';
import { LIMITS } from '../plugins/rateLimit';
import { deriveKey, isSecure } from '../plugins/session';
import {
  ownVote,
  type ProjectRecordRow,
  round1,
  toProjectRow,
  voteTally,
  votesCounted,
} from '../projects/rows';
import { countProjects, keptFor, type KeptWhileUnchanged } from '../projects/kept';
import { searchService } from '../search/index';
import { encodeAnswer, sendAnswer, type EncodedAnswer } from '../encodedAnswer';
import { recordView } from '../ratings/trending';
import { stripRows } from '../projects/strips';
import { replies, typed } from './schemas';
import { z } from 'zod';

/** The anonymous visitor cookie that keys votes of signed-out visitors (one vote per voter). */
export const VISITOR_COOKIE = 'sr_visitor';

/**
 * Public project data (no account needed): search, lists for the home page and the leaderboard, the project
 * page, votes and page views. See docs/api.md.
 */
export async function projectsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const search = searchService(app.database);
  // The index builds once the server listens (PGlite's queries and the build run on this thread, so building
  // before would hold the listener back); until it is in, search answers from the database.
  app.addHook('onListen', async () => {
    search.start((err) => app.log.error({ err }, 'search index build failed; answering from the database'));
  });
  app.addHook('onClose', async () => search.stop());

  // The public lists below (leaderboard pages, home's strips) are made from a few tables alone: each answer is
  // encoded once by its route's schema and kept until those tables change (server/projects/kept.ts), as most
  // visitors ask for the same few.
  const kept = keptFor(app.database);
  const ProjectRows = z.array(ProjectRowSchema);
  const Alerts = z.array(AlertSchema);
  const sendKept = async <S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    answers: KeptWhileUnchanged<EncodedAnswer>,
    key: string,
    schema: S,
    read: () => Promise<z.input<S>>,
  ) => sendAnswer(request, reply, await answers.get(key, async () => encodeAnswer(schema, await read())));
  const sendKeptRows = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    read: () => Promise<ProjectRecordRow[]>,
  ) => sendKept(request, reply, kept.answers, key, ProjectRows, async () => (await read()).map(toProjectRow));

  // The answer is JSON the search index made once, compressed once per coding: ProjectSummary[].
  app.get(
    '/api/search-project',
    {
      config: { partnerRead: true },
      compress: false,
      schema: {
        summary: 'Search projects by name or ticker',
        description: 'Fewer than 2 characters (after trimming) answers the trending projects.',
        querystring: SearchProjectQuery,
        response: replies(z.array(ProjectSummary)),
      },
    },
    async (request, reply) => {
      const { keyword } = request.query;
      return sendAnswer(request, reply, await search.answer(keyword));
    },
  );

  app.post(
    '/api/projects-list',
    {
      config: { partnerRead: true },
      schema: {
        summary: 'Projects by id',
        description: 'The rows of the given projects, in the order asked; unknown ids are left out.',
        body: ProjectsListBody,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request): Promise<ProjectRow[]> => {
      const { projectIds } = request.body;
      const ids = [...new Set(projectIds)];
      if (ids.length === 0) return [];
      const rows = await app.db.select().from(projects).where(inArray(projects.id, ids));
      const byId = new Map(rows.map((r) => [r.id, toProjectRow(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );

  app.get(
    '/api/leaderboard',
    {
      config: { partnerRead: true },
      compress: false,
      schema: {
        operationId: 'getLeaderboard',
        summary: 'Leaderboard',
        description: 'Rated projects, filtered, sorted and paged (rank ascending, 25 a page by default).',
        querystring: LeaderboardQuery,
        response: replies(LeaderboardPageSchema),
      },
    },
    async (request, reply) =>
      sendKept(
        request,
        reply,
        kept.answers,
        `leaderboard ${JSON.stringify(request.query)}`,
        LeaderboardPageSchema,
        () => leaderboardPage(app.database, request.query),
      ),
  );

  app.get(
    '/api/trending',
    {
      compress: false,
      schema: {
        summary: 'Trending projects',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendKeptRows(request, reply, `trending ${request.query.limit}`, () =>
        stripRows(app.db, 'trending', request.query.limit),
      ),
  );

  app.get(
    '/api/recently-audited',
    {
      compress: false,
      schema: {
        summary: 'Recently audited projects',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendKeptRows(request, reply, `recently-audited ${request.query.limit}`, () =>
        stripRows(app.db, 'recentlyAudited', request.query.limit),
      ),
  );

  app.get(
    '/api/audits-in-progress',
    {
      compress: false,
      schema: {
        summary: 'Audits in progress',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendKeptRows(request, reply, `audits-in-progress ${request.query.limit}`, () =>
        stripRows(app.db, 'auditsInProgress', request.query.limit),
      ),
  );

  app.get(
    '/api/alerts',
    {
      compress: false,
      schema: {
        summary: 'Latest security alerts',
        querystring: LimitQuery,
        response: replies(Alerts),
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      return sendKept(request, reply, kept.alerts, `alerts ${limit}`, Alerts, async () => {
        const rows = await app.db
          .select({
            id: alerts.id,
            projectId: alerts.projectId,
            projectName: projects.name,
            projectLogo: projects.logo,
            severity: alerts.severity,
            title: alerts.title,
            description: alerts.description,
            lossUsd: alerts.lossUsd,
            occurredAt: alerts.occurredAt,
          })
          .from(alerts)
          .innerJoin(projects, eq(projects.id, alerts.projectId))
          .orderBy(desc(alerts.occurredAt), desc(alerts.id))
          .limit(limit);
        return rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() }));
      });
    },
  );

  // Votes (not tally reads) are limited per address: dropping the visitor cookie makes a new voter, not more votes.
  app.get(
    '/api/projects/vote',
    {
      config: { rateLimit: LIMITS.vote, writesWithQuery: 'vote' },
      schema: {
        summary: 'Vote on a project (or read its votes)',
        description: "Records or changes this visitor's vote; without `vote` it only reads the tally.",
        querystring: VoteQuery,
        response: replies(Votes),
      },
    },
    async (request, reply) => {
      const { id, vote } = request.query;
      await requireProject(app, id);
      const voter = voterKey(request, reply, vote !== undefined);
      if (vote !== undefined && voter) {
        await app.db
          .insert(votes)
          .values({ projectId: id, voterKey: voter, vote: vote === 'yes' })
          .onConflictDoUpdate({
            target: [votes.projectId, votes.voterKey],
            set: { vote: vote === 'yes', createdAt: new Date() },
          });
      }
      return voteTally(app.db, id, voter);
    },
  );

  app.get(
    '/api/projects/average-yes-percentage',
    { schema: { summary: 'Average share of yes votes', response: replies(AverageYesPercentage) } },
    async () => ({ averageYesPercentage: await averageYesPercentage(app.database) }),
  );

  app.get(
    '/api/projects/page-view',
    { schema: { summary: 'Count a page view', querystring: PageViewQuery, response: replies(PageViews) } },
    async (request) => {
      const { projectId } = request.query;
      await requireProject(app, projectId);
      const [row] = await app.db
        .insert(pageViews)
        .values({ projectId, views: 1 })
        .onConflictDoUpdate({ target: pageViews.projectId, set: { views: sql`${pageViews.views} + 1` } })
        .returning({ views: pageViews.views });
      // Today's views feed trending (server/ratings/trending.ts).
      await recordView(app.db, projectId, app.clock.now());
      return { views: row?.views ?? 1 };
    },
  );

  app.get(
    '/api/projects/:id',
    {
      config: { partnerRead: true },
      schema: {
        operationId: 'getProject',
        summary: 'A project',
        params: ProjectIdParams,
        response: replies(ProjectDetailSchema),
      },
    },
    async (request, reply): Promise<ProjectDetail> => projectDetail(app, request, reply, request.params.id),
  );
}

/**
 * A project as GET /api/projects/:id answers this request (its votes with the visitor's own); the project page's
 * HTML carries the same (server/site/pageData.ts). Throws the API's 404 for an unknown id. What anyone sees of it is
 * kept until the projects, the contracts or the votes change (server/projects/kept.ts); only the visitor's own vote is
 * read each time.
 */
export async function projectDetail(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
): Promise<ProjectDetail> {
  const detail = await keptFor(app.database).projectPages.get(id, async () => {
    const project = await requireProject(app, id);
    const projectContracts = await app.db
      .select({ address: contracts.address, chain: contracts.chain, label: contracts.label })
      .from(contracts)
      .where(eq(contracts.projectId, id))
      .orderBy(asc(contracts.label), asc(contracts.address));
    return {
      ...toProjectRow(project),
      description: project.description,
      website: project.website,
      marketCapUsd: project.marketCapUsd,
      contracts: projectContracts as ProjectDetail['contracts'],
      votes: await votesCounted(app.db, id),
    };
  });
  const voter = voterKey(request, reply, false);
  return voter ? { ...detail, votes: { ...detail.votes, myVote: await ownVote(app.db, id, voter) } } : detail;
}

/**
 * The average across projects of each one's share of yes votes (0 with no votes), as GET
 * /api/projects/average-yes-percentage answers it and every project page's HTML carries it. Kept until a vote changes,
 * so a vote counts at once.
 */
export function averageYesPercentage(database: Database): Promise<number> {
  return keptFor(database).voteAverage.get('all', async () => {
    const result = await database.db
      .select({ avg: sql<number | null>`avg(pct)::float8` })
      .from(
        sql`(SELECT 100.0 * count(*) FILTER (WHERE ${votes.vote}) / count(*) AS pct FROM ${votes} GROUP BY ${votes.projectId}) AS per_project`,
      );
    return round1(Number(result[0]?.avg ?? 0));
  });
}

/** The condition of the leaderboard's filters (undefined: every project). */
function leaderboardCondition(q: z.output<typeof LeaderboardQuery>): SQL | undefined {
  const where: SQL[] = [];
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

/** The last page of the leaderboard for the query's filters and page size (1 when nothing matches). */
export async function lastLeaderboardPage(
  database: Database,
  q: z.output<typeof LeaderboardQuery>,
): Promise<number> {
  return Math.max(1, Math.ceil((await countProjects(database, leaderboardCondition(q))) / q.pageSize));
}

/**
 * A page of the leaderboard, with the number of projects its filters match. A page past the last one answers the
 * last one (and names it), as a shared link outlives the projects it counted: the visitor sees rows, not an empty
 * table under a count that cannot be.
 */
async function leaderboardPage(
  database: Database,
  q: z.output<typeof LeaderboardQuery>,
): Promise<LeaderboardPage> {
  const dir = q.order === 'desc' ? desc : asc;
  const nullsLast = (col: SQL) => sql`${col} ${sql.raw(q.order === 'desc' ? 'DESC' : 'ASC')} NULLS LAST`;
  const order: SQL[] =
    q.sort === 'rank'
      ? [nullsLast(sql`${projects.rank}`)]
      : q.sort === 'score'
        ? [dir(projects.score)]
        : q.sort === 'name'
          ? [dir(sql`lower(${projects.name})`)]
          : [nullsLast(sql`${projects.auditDate}`)];
  order.push(sql`${projects.rank} ASC NULLS LAST`, asc(projects.id));
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
          .orderBy(...order)
          .limit(q.pageSize)
          .offset(offset);
  return { items: rows.map(toProjectRow), total, page, pageSize: q.pageSize };
}

export async function requireProject(app: FastifyInstance, id: string) {
  const [project] = await app.db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!project) throw notFound(`No project with id "${id.slice(0, 200)}".`);
  return project;
}

/** `<uuid>.<HMAC>`: the server made this visitor id (key derived from AUTH_SECRET for this use only). */
const visitorMac = (secret: string, id: string) =>
  createHmac('sha256', deriveKey(secret, 'visitor')).update(id).digest('base64url');

/** The visitor id of a cookie the server signed; a missing, unsigned or forged one is no visitor. */
export function visitorId(secret: string, cookie: string | undefined): string | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
  if (!match) return undefined;
  const [, id, mac] = match as unknown as [string, string, string];
  const expected = Buffer.from(visitorMac(secret, id));
  return timingSafeEqual(expected, Buffer.from(mac)) ? id : undefined;
}

/**
 * The voter: the signed-in user, else the anonymous visitor of the signed cookie (made on the first vote when
 * `create`). While impersonating, the vote is the impersonated user's.
 */
function voterKey(request: FastifyRequest, reply: FastifyReply, create: boolean): string | undefined {
  if (request.user) return `user:${request.user.username}`;
  const secret = request.server.config.authSecret;
  const known = visitorId(secret, request.cookies[VISITOR_COOKIE]);
  if (known) return `visitor:${known}`;
  if (!create) return undefined;
  const id = randomUUID();
  reply.setCookie(VISITOR_COOKIE, `${id}.${visitorMac(secret, id)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    maxAge: 400 * 24 * 3600,
  });
  return `visitor:${id}`;
}
