import type { z } from 'zod';
import type * as schemas from './ratings.schemas';
import type { Request } from './http';

/** Ranges of the project page's score chart. */
export const SCORE_RANGES = ['30d', '90d', '180d'] as const;
export type ScoreRange = (typeof SCORE_RANGES)[number];
export const SCORE_RANGE_DAYS: Record<ScoreRange, number> = { '30d': 30, '90d': 90, '180d': 180 };

export type ScorePoint = z.infer<typeof schemas.ScorePoint>;
export type ScoreMarker = z.infer<typeof schemas.ScoreMarker>;
export type ScoreHistory = z.infer<typeof schemas.ScoreHistory>;
export type SignalBreakdown = z.infer<typeof schemas.SignalBreakdown>;
export type CategoryBreakdown = z.infer<typeof schemas.CategoryBreakdown>;
export type ScoreBreakdown = z.infer<typeof schemas.ScoreBreakdown>;
export type PeerPoint = z.infer<typeof schemas.PeerPoint>;
export type Peers = z.infer<typeof schemas.Peers>;
export type Methodology = z.infer<typeof schemas.Methodology>;

export const getScoreHistory = (request: Request, id: string, range: ScoreRange) =>
  request<ScoreHistory>(`/api/projects/${encodeURIComponent(id)}/score-history`, { query: { range } });
export const getScoreBreakdown = (request: Request, id: string) =>
  request<ScoreBreakdown>(`/api/projects/${encodeURIComponent(id)}/score-breakdown`);
export const getPeers = (request: Request, id: string) =>
  request<Peers>(`/api/projects/${encodeURIComponent(id)}/peers`);
export const getMethodology = (request: Request) => request<Methodology>('/api/methodology');
