import type { FastifyInstance } from 'fastify';
import {
  COMPARE_HISTORY_DAYS,
  COMPARE_SIGNALS,
  type CompareSignal,
  type Comparison,
} from '../../../api/compare';
import { Comparison as ComparisonSchema, CompareQuery } from '../../../api/compare.schemas';
import { SUB_SCORE_LABELS, type Tier } from '../../../api/projects';
import type { ScorePoint } from '../../../api/ratings';
import { AppError } from '../../errors';
import { projectsIn, toProjectRow } from '../../projects/rows';
import { storedSignalsIn } from '../../ratings/comparison';
import { snapshotsFrom } from '../../ratings/queries';
import { METHODOLOGY_VERSION, rate, SIGNALS, type SignalDefinition } from '../../ratings/methodology';
import { cacheShort, replies, typed } from '../../routing/schemas';

const DAY = 86_400_000;

/**
 * GET /api/compare?ids=a,b[,c[,d]]: 2 to 4 projects side by side — their rows, their score histories and the
 * methodology's signals on which they differ most. Public and computed, like the ratings routes; every query goes
 * through a primary key or the (project_id, computed_at) index.
 */
export default async function compareRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  /** The last computation before the range (the line's start), then every one inside it, oldest first. */
  const historyOf = async (id: string, start: Date): Promise<ScorePoint[]> => {
    const { before, inside } = await snapshotsFrom(app.db, id, start);
    return [...before, ...inside].map((s) => ({
      at: s.computedAt.toISOString(),
      score: s.score,
      subScores: s.subScores,
      tier: s.tier as Tier,
    }));
  };

  app.get(
    '/compare',
    {
      schema: {
        operationId: 'compareProjects',
        tags: ['Ratings'],
        summary: 'Compare 2 to 4 projects',
        description:
          'Scores, tiers, category scores and score histories (90 days) of the projects side by side, with the ' +
          'signals on which they differ most. `ids` lists 2 to 4 distinct project ids, comma-separated.',
        querystring: CompareQuery,
        response: replies(ComparisonSchema),
      },
    },
    async (request, reply): Promise<Comparison> => {
      const { ids } = request.query;
      const [rows, signalRows] = await Promise.all([projectsIn(app.db, ids), storedSignalsIn(app.db, ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const unknown = ids.find((id) => !byId.has(id));
      if (unknown !== undefined)
        throw new AppError(404, 'NotFound', `No project with id "${unknown}".`, {
          ids: `No project with id "${unknown}"`,
        });
      const start = new Date(Date.now() - COMPARE_HISTORY_DAYS * DAY);
      const histories = await Promise.all(ids.map((id) => historyOf(id, start)));

      // Each project's signals as "Why this score" computes them; a project with no stored signals has none to show.
      const signalsById = new Map(signalRows.map((s) => [s.projectId, s]));
      const ratings = ids.map((id) => {
        const stored = signalsById.get(id);
        if (!stored) return undefined;
        const asOf = stored.computedAt ?? new Date();
        return { asOf, byKey: new Map(rate(stored.values, asOf).signals.map((s) => [s.key, s])) };
      });
      const rated = ratings.filter((r) => r !== undefined);
      const signals: CompareSignal[] =
        rated.length < 2
          ? []
          : SIGNALS.map((def: SignalDefinition) => {
              const values = ids.flatMap((projectId, i) => {
                const r = ratings[i];
                const s = r?.byKey.get(def.key);
                if (!r || !s) return [];
                return [
                  {
                    projectId,
                    raw: s.raw,
                    display: def.describe(s.raw, r.asOf),
                    normalized: s.normalized,
                    contribution: s.contribution,
                  },
                ];
              });
              const normals = values.map((v) => v.normalized);
              return {
                key: def.key,
                label: def.label,
                category: def.category,
                categoryLabel: SUB_SCORE_LABELS[def.category],
                spread: Math.round((Math.max(...normals) - Math.min(...normals)) * 10) / 10,
                values,
              };
            })
              .filter((s) => s.spread > 0)
              // Largest difference first; ties keep the methodology's order (stable sort).
              .sort((a, b) => b.spread - a.spread)
              .slice(0, COMPARE_SIGNALS);

      cacheShort(reply);
      return {
        methodologyVersion: METHODOLOGY_VERSION,
        projects: ids.map((id, i) => ({ ...toProjectRow(byId.get(id)!), history: histories[i]! })),
        signals,
      };
    },
  );
}
