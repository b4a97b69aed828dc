/** Zod schemas of the portfolio contract: the server validates with these (the browser uses api/portfolio.ts). */
import { z } from 'zod';
import { RISK_LEVELS } from './portfolio';
import { Wallet } from './user.schemas';

export const RiskLevel = z.enum(RISK_LEVELS);

export const PortfolioProject = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  tokenTickers: z.array(z.string()),
  rank: z.number().int().nullable(),
  score: z.number(),
  tier: z.string(),
  risk: RiskLevel,
  /** How many of the user's watchlists hold the project (its weight in the summary). */
  watchlists: z.number().int(),
});

/** GET /api/portfolio (only with the `portfolio` flag; 404 otherwise). Projects are lowest score first. */
export const Portfolio = z.object({
  wallets: z.array(Wallet),
  projects: z.array(PortfolioProject),
  summary: z.object({
    projectCount: z.number().int(),
    /** Mean score weighted by how many watchlists hold each project; null with no projects. */
    weightedScore: z.number().nullable(),
    lowestScore: z.number().nullable(),
    risk: RiskLevel.nullable(),
    byRisk: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  }),
});
