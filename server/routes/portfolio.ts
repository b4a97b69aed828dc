import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_HOLDINGS, riskLevel, RISK_LEVELS, type Portfolio } from '../../api/portfolio';
import { DeleteHoldingBody, SetHoldingBody } from '../../api/portfolio.schemas';
import { TIERS } from '../../api/projects';
import { normalizeWalletAddress, type WalletChain } from '../../api/user';
import type { Db } from '../db/client';
import { holdings, projects, walletTokens, watchlists } from '../db/schema/index';
import { AppError, notFound } from '../errors';
import { requireUser, type SessionUser } from '../plugins/session';
import { walletsOf } from '../accounts/wallets';
import { flagContextFor } from '../flags/service';
import { replies, typed } from './schemas';
import * as P from '../../api/portfolio.schemas';

const round1 = (n: number) => Math.round(n * 10) / 10;
const cents = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part / total) * 10_000) / 10_000;

const PROJECT_FACTS = {
  id: projects.id,
  name: projects.name,
  logo: projects.logo,
  tokenTickers: projects.tokenTickers,
  rank: projects.rank,
  score: projects.score,
  tier: projects.tier,
};

/** The watched projects (lowest score first) and their summary, weighted by how many watchlists hold each. */
async function watchedRisk(db: Db, userId: string) {
  const lists = await db
    .select({ projects: watchlists.projects })
    .from(watchlists)
    .where(eq(watchlists.userId, userId));
  const weight = new Map<string, number>();
  for (const list of lists)
    for (const id of new Set(list.projects)) weight.set(id, (weight.get(id) ?? 0) + 1);
  const ids = [...weight.keys()];
  const rows =
    ids.length === 0 ? [] : await db.select(PROJECT_FACTS).from(projects).where(inArray(projects.id, ids));
  const items = rows
    .map((p) => ({ ...p, risk: riskLevel(p.score), watchlists: weight.get(p.id) ?? 1 }))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const totalWeight = items.reduce((s, p) => s + p.watchlists, 0);
  const weightedScore =
    totalWeight === 0 ? null : round1(items.reduce((s, p) => s + p.score * p.watchlists, 0) / totalWeight);
  return {
    projects: items,
    summary: {
      projectCount: items.length,
      weightedScore,
      lowestScore: items[0]?.score ?? null,
      risk: weightedScore === null ? null : riskLevel(weightedScore),
      byRisk: {
        high: items.filter((p) => p.risk === 'high').length,
        medium: items.filter((p) => p.risk === 'medium').length,
        low: items.filter((p) => p.risk === 'low').length,
      },
    },
  };
}

/** The holdings, riskiest first (most value at risk), and the exposure by tier and risk band. */
async function holdingsRisk(db: Db, userId: string) {
  const rows = await db
    .select({ ...PROJECT_FACTS, amountUsd: holdings.amountUsd, source: holdings.source })
    .from(holdings)
    .innerJoin(projects, eq(projects.id, holdings.projectId))
    .where(eq(holdings.userId, userId));
  const totalUsd = rows.reduce((s, h) => s + h.amountUsd, 0);
  const items = rows
    .map((h) => ({
      ...h,
      amountUsd: cents(h.amountUsd),
      risk: riskLevel(h.score),
      share: share(h.amountUsd, totalUsd),
      atRiskUsd: cents((h.amountUsd * (100 - h.score)) / 100),
    }))
    .sort((a, b) => b.atRiskUsd - a.atRiskUsd || a.score - b.score || a.name.localeCompare(b.name));
  const sumWhere = (keep: (h: (typeof items)[number]) => boolean) =>
    items.filter(keep).reduce((s, h) => s + h.amountUsd, 0);
  const valueWeightedScore =
    totalUsd === 0 ? null : round1(rows.reduce((s, h) => s + h.score * h.amountUsd, 0) / totalUsd);
  return {
    holdings: items,
    exposure: {
      totalUsd: cents(totalUsd),
      atRiskUsd: cents(items.reduce((s, h) => s + h.atRiskUsd, 0)),
      valueWeightedScore,
      risk: valueWeightedScore === null ? null : riskLevel(valueWeightedScore),
      byTier: TIERS.map((tier) => {
        const amountUsd = sumWhere((h) => h.tier === tier);
        return { tier, amountUsd: cents(amountUsd), share: share(amountUsd, totalUsd) };
      }),
      byRisk: RISK_LEVELS.map((risk) => {
        const amountUsd = sumWhere((h) => h.risk === risk);
        return { risk, amountUsd: cents(amountUsd), share: share(amountUsd, totalUsd) };
      }),
    },
  };
}

async function portfolioOf(db: Db, userId: string): Promise<Portfolio> {
  return {
    wallets: await walletsOf(db, userId),
    ...(await watchedRisk(db, userId)),
    ...(await holdingsRisk(db, userId)),
  };
}

const tooMany = () =>
  new AppError(409, 'Conflict', `You can keep at most ${MAX_HOLDINGS} holdings.`, {
    projectId: 'Too many holdings',
  });

/**
 * The portfolio risk view (behind the `portfolio` flag; every route is a 404 without it): watched projects,
 * holdings entered by hand or imported from the token index for the user's wallets, and the exposure they add up to.
 */
export async function portfolioRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  /** The signed-in user with the flag on, or the 404 a user without it gets for any unknown route. */
  const portfolioUser = async (request: FastifyRequest): Promise<SessionUser> => {
    const user = requireUser(request);
    if (!app.flags.isEnabled('portfolio', flagContextFor(user)))
      throw notFound(`No route for ${request.method} ${request.routeOptions.url}`);
    return user;
  };

  app.get(
    '/api/portfolio',
    { schema: { summary: 'My portfolio risk view', response: replies(P.Portfolio) } },
    async (request) => portfolioOf(app.db, (await portfolioUser(request)).username),
  );

  app.post(
    '/api/portfolio/holdings',
    {
      preValidation: async (request) => void (await portfolioUser(request)),
      schema: { summary: 'Set a holding', body: SetHoldingBody, response: replies(P.Portfolio) },
    },
    async (request) => {
      const user = await portfolioUser(request);
      const body = request.body;
      const [project] = await app.db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, body.projectId));
      if (!project) throw notFound('No such project.');
      await app.db.transaction(async (tx) => {
        await tx
          .insert(holdings)
          .values({
            userId: user.username,
            projectId: project.id,
            amountUsd: body.amountUsd,
            source: 'manual',
          })
          .onConflictDoUpdate({
            target: [holdings.userId, holdings.projectId],
            set: { amountUsd: body.amountUsd, source: 'manual', updatedAt: new Date() },
          });
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(holdings)
          .where(eq(holdings.userId, user.username));
        if (count > MAX_HOLDINGS) throw tooMany(); // rolls the insert back
      });
      return portfolioOf(app.db, user.username);
    },
  );

  app.post(
    '/api/portfolio/holdings/delete',
    {
      preValidation: async (request) => void (await portfolioUser(request)),
      schema: { summary: 'Remove a holding', body: DeleteHoldingBody, response: replies(P.Portfolio) },
    },
    async (request) => {
      const user = await portfolioUser(request);
      const body = request.body;
      await app.db
        .delete(holdings)
        .where(and(eq(holdings.userId, user.username), eq(holdings.projectId, body.projectId)));
      return portfolioOf(app.db, user.username);
    },
  );

  /** Replaces the wallet-imported holdings with what the token index holds for the user's wallets now. */
  app.post(
    '/api/portfolio/import-wallets',
    {
      schema: {
        summary: 'Import holdings of my wallets from the token index',
        response: replies(P.WalletImport),
      },
    },
    async (request) => {
      const user = await portfolioUser(request);
      const wallets = await walletsOf(app.db, user.username);
      const found = new Map<string, number>();
      const unknownWallets: string[] = [];
      for (const wallet of wallets) {
        const address = normalizeWalletAddress(wallet.chain as WalletChain, wallet.walletAddress);
        const tokens = await app.db
          .select({ projectId: walletTokens.projectId, amountUsd: walletTokens.amountUsd })
          .from(walletTokens)
          .where(and(eq(walletTokens.chain, wallet.chain), eq(walletTokens.walletAddress, address)));
        if (tokens.length === 0) unknownWallets.push(wallet.walletAddress);
        for (const t of tokens) found.set(t.projectId, (found.get(t.projectId) ?? 0) + t.amountUsd);
      }
      let imported = 0;
      await app.db.transaction(async (tx) => {
        await tx
          .delete(holdings)
          .where(and(eq(holdings.userId, user.username), eq(holdings.source, 'wallet')));
        for (const [projectId, amountUsd] of found) {
          // A holding entered by hand wins over the import.
          const added = await tx
            .insert(holdings)
            .values({ userId: user.username, projectId, amountUsd, source: 'wallet' })
            .onConflictDoNothing()
            .returning({ projectId: holdings.projectId });
          imported += added.length;
        }
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(holdings)
          .where(eq(holdings.userId, user.username));
        if (count > MAX_HOLDINGS) throw tooMany();
      });
      return { imported, unknownWallets, portfolio: await portfolioOf(app.db, user.username) };
    },
  );
}
