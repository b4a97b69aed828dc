import type { FastifyInstance } from 'fastify';
import { SUB_SCORE_LABELS } from '../../../../../api/projects';
import { ProjectIdParams } from '../../../../../api/projects.schemas';
import { type CategoryBreakdown, type ScoreBreakdown } from '../../../../../api/ratings';
import * as R from '../../../../../api/ratings.schemas';
import { cacheShort, partnerRead, typed } from '../../../../routing/schemas';
import { notFound } from '../../../../errors';
import {
  CATEGORIES,
  METHODOLOGY_VERSION,
  rate,
  SIGNALS,
  UNAUDITED_CODE_SECURITY_MAX,
} from '../../../../ratings/methodology';

/** GET /api/projects/:id/score-breakdown: "Why this score". */
export default async function apiProjectsIdScoreBreakdownRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.get(
    '/score-breakdown',
    partnerRead({
      operationId: 'getScoreBreakdown',
      summary: 'Why this score: the breakdown of a project',
      params: ProjectIdParams,
      response: R.ScoreBreakdown,
    }),
    async (request, reply): Promise<ScoreBreakdown> => {
      const { id } = request.params;
      await app.projects.require(id);
      const signals = await app.projects.storedSignals(id);
      if (!signals) throw notFound(`No signals are stored for "${id.slice(0, 200)}" yet.`);
      const asOf = signals.computedAt ?? new Date();
      const rating = rate(signals.values, asOf);
      const byKey = new Map(rating.signals.map((s) => [s.key, s]));
      const categories: CategoryBreakdown[] = CATEGORIES.map((c) => ({
        key: c.key,
        label: SUB_SCORE_LABELS[c.key],
        weight: c.weight,
        score: rating.subScores[c.key],
        cap: rating.capped.includes(c.key)
          ? `Capped at ${UNAUDITED_CODE_SECURITY_MAX} until an audit is completed`
          : null,
        signals: SIGNALS.filter((s) => s.category === c.key).map((s) => {
          const r = byKey.get(s.key)!;
          return {
            key: s.key,
            label: s.label,
            description: s.description,
            weight: s.weight,
            raw: r.raw,
            display: s.describe(r.raw, asOf),
            normalized: r.normalized,
            contribution: r.contribution,
          };
        }),
      }));
      cacheShort(reply);
      return {
        projectId: id,
        methodologyVersion: METHODOLOGY_VERSION,
        computedAt: signals.computedAt?.toISOString() ?? null,
        score: rating.score,
        tier: rating.tier,
        categories,
      };
    },
  );
}
