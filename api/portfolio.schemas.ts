/** Zod schemas of the portfolio contract: the server validates with these (the browser uses api/portfolio.ts). */
import { z } from 'zod';
import { HOLDING_MAX_USD, RISK_LEVELS } from './portfolio';
import { Wallet } from './user.schemas';

export const RiskLevel = z.enum(RISK_LEVELS);

const ProjectFacts = {
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  tokenTickers: z.array(z.string()),
  rank: z.number().int().nullable(),
  score: z.number(),
  tier: z.string(),
  risk: RiskLevel,
};

export const PortfolioProject = z.object({
  ...ProjectFacts,
  /** How many of the user's watchlists hold the project (its weight in the summary). */
  watchlists: z.number().int(),
});

/** A holding: what the user holds of a project, and how much of it is at risk. */
export const Holding = z.object({
  ...ProjectFacts,
  amountUsd: z.number(),
  /** Share of the portfolio's value (0–1). */
  share: z.number(),
  /** The value weighted by how unsafe the project is: amount × (100 − score) / 100. */
  atRiskUsd: z.number(),
  source: z.enum(['manual', 'wallet']),
});

const Slice = z.object({ amountUsd: z.number(), share: z.number() });

/** GET /api/portfolio (only with the `portfolio` flag; 404 otherwise). */
export const Portfolio = z.object({
  wallets: z.array(Wallet),
  /** Watched projects, lowest score first. */
  projects: z.array(PortfolioProject),
  summary: z.object({
    projectCount: z.number().int(),
    /** Mean score weighted by how many watchlists hold each project; null with no projects. */
    weightedScore: z.number().nullable(),
    lowestScore: z.number().nullable(),
    risk: RiskLevel.nullable(),
    byRisk: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  }),
  /** Holdings, riskiest first (most value at risk). */
  holdings: z.array(Holding),
  exposure: z.object({
    totalUsd: z.number(),
    atRiskUsd: z.number(),
    /** Mean score weighted by value; null without holdings. */
    valueWeightedScore: z.number().nullable(),
    risk: RiskLevel.nullable(),
    /** Every tier, best first, with the value held in it. */
    byTier: z.array(Slice.extend({ tier: z.string() })),
    /** Every risk band (high, medium, low), with the value held in it. */
    byRisk: z.array(Slice.extend({ risk: RiskLevel })),
  }),
});

/** POST /api/portfolio/holdings: sets what the user holds of a project (adds it or replaces the amount). */
export const SetHoldingBody = z.object({
  projectId: z.string().trim().min(1, 'Choose a project.').max(200),
  amountUsd: z
    .number({ error: 'Enter an amount in US dollars.' })
    .positive('Enter an amount above 0.')
    .max(HOLDING_MAX_USD, 'Enter at most $1,000,000,000,000.'),
});

/** POST /api/portfolio/holdings/delete */
export const DeleteHoldingBody = z.object({ projectId: z.string().trim().min(1).max(200) });

/** POST /api/portfolio/import-wallets: what the token index knew of the user's wallets. */
export const WalletImport = z.object({
  imported: z.number().int(),
  /** Wallets the token index knows nothing about. */
  unknownWallets: z.array(z.string()),
  portfolio: Portfolio,
});
