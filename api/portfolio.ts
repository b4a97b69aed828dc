import type { z } from 'zod';
import type * as schemas from './portfolio.schemas';
import type { Request } from './http';

/** Score bands of the risk view: below 50 high risk, below 75 medium, else low. */
export const RISK_LEVELS = ['high', 'medium', 'low'] as const;
export type RiskLevel = z.infer<typeof schemas.RiskLevel>;
export const riskLevel = (score: number): RiskLevel => (score < 50 ? 'high' : score < 75 ? 'medium' : 'low');
/** Largest amount of one holding, and the most holdings one user keeps. */
export const HOLDING_MAX_USD = 1_000_000_000_000;
export const MAX_HOLDINGS = 500;
export type PortfolioProject = z.infer<typeof schemas.PortfolioProject>;
export type Holding = z.infer<typeof schemas.Holding>;
export type Portfolio = z.infer<typeof schemas.Portfolio>;
export type SetHoldingBody = z.infer<typeof schemas.SetHoldingBody>;
export type WalletImport = z.infer<typeof schemas.WalletImport>;

export const getPortfolio = (request: Request) => request<Portfolio>('/api/portfolio');
export const setHolding = (request: Request, body: SetHoldingBody) =>
  request<Portfolio>('/api/portfolio/holdings', { body });
export const deleteHolding = (request: Request, projectId: string) =>
  request<Portfolio>('/api/portfolio/holdings/delete', { body: { projectId } });
export const importWalletHoldings = (request: Request) =>
  request<WalletImport>('/api/portfolio/import-wallets', { body: {} });
