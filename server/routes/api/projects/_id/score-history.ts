import type { FastifyInstance } from 'fastify';
import { type Tier } from '../../../../../api/projects';
import { ProjectIdParams } from '../../../../../api/projects.schemas';
import { SCORE_RANGE_DAYS, type ScoreHistory, type ScoreMarker } from '../../../../../api/ratings';
import * as R from '../../../../../api/ratings.schemas';
import { ScoreHistoryQuery } from '../../../../../api/ratings.schemas';
import { cacheShort, partnerRead, typed } from '../../../../routing/schemas';
import type { SignalMove, SignalValues } from '../../../../db/schema/index';
import { describeMove, signalDefinition } from '../../../../ratings/methodology';

const DAY = 86_400_000;
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * "Audit freshness −6.2: no audit for 12 months". A move keeps the raw value it went to, so the words say what was
 * true at that point. Rows written before moves kept it fall back to the current value when that still gives the
 * normalised value the snapshot moved to, and otherwise to the normalised move itself.
 */
function markerLabel(move: SignalMove, values: SignalValues, at: Date): string {
  if (move.raw !== undefined) return describeMove(move, values, at);
  const def = signalDefinition(move.signal)!;
  const raw = values[move.signal] ?? null;
  const then = raw === null || !Number.isFinite(raw) ? def.unknown : def.normalise(raw, at);
  if (Math.abs(then - move.to) <= 0.5) return describeMove(move, values, at);
  const sign = move.delta > 0 ? '+' : move.delta < 0 ? '−' : '±';
  return `${def.label} ${sign}${Math.abs(move.delta).toFixed(1)}: normalised ${round1(move.from)} → ${round1(move.to)}`;
}

/** GET /api/projects/:id/score-history: score snapshots with markers naming the signal that moved most. */
export default async function apiProjectsIdScoreHistoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.get(
    '/score-history',
    partnerRead({
      operationId: 'getScoreHistory',
      summary: 'Score history of a project',
      description: 'The computations that changed the score in the range, with markers naming what moved it.',
      params: ProjectIdParams,
      querystring: ScoreHistoryQuery,
      response: R.ScoreHistory,
    }),
    async (request, reply): Promise<ScoreHistory> => {
      const { id } = request.params;
      const { range } = request.query;
      await app.projects.require(id);
      const start = new Date(Date.now() - SCORE_RANGE_DAYS[range] * DAY);
      const [{ before, inside }, signals] = await Promise.all([
        app.projects.snapshotsFrom(id, start),
        app.projects.storedSignals(id),
      ]);
      const values = signals?.values ?? {};
      const markers: ScoreMarker[] = [];
      for (const s of inside) {
        // Stored largest effect first; pick the largest anyway, so an older writer's order does not matter.
        const top = s.moves.reduce<(typeof s.moves)[number] | undefined>(
          (best, m) => (!best || Math.abs(m.delta) > Math.abs(best.delta) ? m : best),
          undefined,
        );
        const def = top && signalDefinition(top.signal);
        if (!top || !def) continue;
        markers.push({
          at: s.computedAt.toISOString(),
          signal: top.signal,
          category: def.category,
          delta: top.delta,
          label: markerLabel(top, values, s.computedAt),
        });
      }
      cacheShort(reply);
      return {
        projectId: id,
        range,
        points: [...before, ...inside].map((s) => ({
          at: s.computedAt.toISOString(),
          score: s.score,
          subScores: s.subScores,
          tier: s.tier as Tier,
        })),
        markers,
      };
    },
  );
}
