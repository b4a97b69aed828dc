import type { z } from 'zod';
import type * as schemas from './compare.schemas';
import type { Request } from './http';

/** How many projects the compare page and GET /api/compare take side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** Most signals a comparison lists (those that differ most). */
export const COMPARE_SIGNALS = 8;
/** Days of score history a comparison overlays. */
export const COMPARE_HISTORY_DAYS = 90;

export type CompareProject = z.infer<typeof schemas.CompareProject>;
export type CompareSignal = z.infer<typeof schemas.CompareSignal>;
export type Comparison = z.infer<typeof schemas.Comparison>;

/** The compare page's address for these ids (commas kept readable; each id encoded). */
export const compareHref = (ids: readonly string[]) =>
  ids.length === 0 ? '/compare' : `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;

export const getComparison = (request: Request, ids: readonly string[]) =>
  request<Comparison>('/api/compare', { query: { ids: ids.join(',') } });

/** The embeddable badge of a project (an SVG any site may show in an `<img>`). */
export const badgePath = (id: string) => `/badge/${encodeURIComponent(id)}.svg`;
