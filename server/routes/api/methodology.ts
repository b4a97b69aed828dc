import type { FastifyInstance } from 'fastify';
import { SUB_SCORE_LABELS } from '../../../api/projects';
import { type Methodology } from '../../../api/ratings';
import * as R from '../../../api/ratings.schemas';
import { cacheShort, replies, typed } from '../../routing/schemas';
import {
  CATEGORIES,
  METHODOLOGY_VERSION,
  SIGNALS,
  TIER_THRESHOLDS,
  UNAUDITED_CODE_SECURITY_MAX,
} from '../../ratings/methodology';

/** GET /api/methodology: the published rating methodology. */
export default async function apiMethodologyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.get(
    '/methodology',
    { schema: { summary: 'The published rating methodology', response: replies(R.Methodology) } },
    async (_request, reply): Promise<Methodology> => {
      cacheShort(reply);
      return {
        version: METHODOLOGY_VERSION,
        categories: CATEGORIES.map((c) => ({
          key: c.key,
          label: SUB_SCORE_LABELS[c.key],
          weight: c.weight,
          description: c.description,
          signals: SIGNALS.filter((s) => s.category === c.key).map((s) => ({
            key: s.key,
            label: s.label,
            description: s.description,
            weight: s.weight,
            normalisation: s.normalisation,
          })),
        })),
        tiers: [...TIER_THRESHOLDS.map(([min, tier]) => ({ tier, min })), { tier: 'CCC' as const, min: 0 }],
        unauditedCodeSecurityMax: UNAUDITED_CODE_SECURITY_MAX,
      };
    },
  );
}
