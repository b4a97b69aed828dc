import type { z } from 'zod';
import type * as schemas from './portfolio.schemas';
import type { Request } from './http';

/** Score bands of the risk view: below 50 high risk, below 75 medium, else low. */
export const RISK_LEVELS = ['high', 'medium', 'low'] as const;
export type RiskLevel = z.infer<typeof schemas.RiskLevel>;
export const riskLevel = (score: number): RiskLevel => (score < 50 ? 'high' : score < 75 ? 'medium' : 'low');
export type PortfolioProject = z.infer<typeof schemas.PortfolioProject>;
export type Portfolio = z.infer<typeof schemas.Portfolio>;

export const getPortfolio = (request: Request) => request<Portfolio>('/api/portfolio');
