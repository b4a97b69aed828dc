import { z } from 'zod';
import type { Request } from './http';
import { Wallet } from './user';

/** Score bands of the risk view: below 50 high risk, below 75 medium, else low. */
export const RISK_LEVELS = ['high', 'medium', 'low'] as const;
export const RiskLevel = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof RiskLevel>;
export const riskLevel = (score: number): RiskLevel => (score < 50 ? 'high' : score < 75 ? 'medium' : 'low');

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
export type PortfolioProject = z.infer<typeof PortfolioProject>;

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
export type Portfolio = z.infer<typeof Portfolio>;

export const getPortfolio = (request: Request) => request<Portfolio>('/api/portfolio');
