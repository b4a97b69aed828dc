import type { FastifyInstance, FastifyReply } from 'fastify';
import { SUB_SCORE_LABELS, type Tier } from '../../api/projects';
import { ProjectIdParams } from '../../api/projects.schemas';
import {
  SCORE_RANGE_DAYS,
  type CategoryBreakdown,
  type Methodology,
  type Peers,
  type ScoreBreakdown,
  type ScoreHistory,
  type ScoreMarker,
} from '../../api/ratings';
import * as R from '../../api/ratings.schemas';
import { ScoreHistoryQuery } from '../../api/ratings.schemas';
import { replies, typed } from './schemas';
import type { SignalMove, SignalValues } from '../db/schema/index';
import { notFound } from '../errors';
import {
  CATEGORIES,
  describeMove,
  METHODOLOGY_VERSION,
  rate,
  SIGNALS,
  signalDefinition,
  TIER_THRESHOLDS,
  UNAUDITED_CODE_SECURITY_MAX,
} from '../ratings/methodology';
import { peerCohorts, snapshotsFrom, storedSignals } from '../ratings/queries';
import { requireProject } from '../projects/detail';

const DAY = 86_400_000;
/** Public, computed data: a minute of caching keeps a busy project page off the database. */
const cacheShort = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');
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

/** Most peers a scatter shows. */
const PEER_POINTS = 200;

/**
 * Score history, "Why this score", peers and the published methodology. Public reads (their queries are in
 * server/ratings/queries.ts).
 */
export async function ratingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const signalsOf = (projectId: string) => storedSignals(app.db, projectId);

  app.get(
    '/api/projects/:id/score-history',
    {
      config: { partnerRead: true },
      schema: {
        operationId: 'getScoreHistory',
        summary: 'Score history of a project',
        description:
          'The computations that changed the score in the range, with markers naming what moved it.',
        params: ProjectIdParams,
        querystring: ScoreHistoryQuery,
        response: replies(R.ScoreHistory),
      },
    },
    async (request, reply): Promise<ScoreHistory> => {
      const { id } = request.params;
      const { range } = request.query;
      await requireProject(app, id);
      const start = new Date(Date.now() - SCORE_RANGE_DAYS[range] * DAY);
      const [{ before, inside }, signals] = await Promise.all([
        snapshotsFrom(app.db, id, start),
        signalsOf(id),
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

  app.get(
    '/api/projects/:id/score-breakdown',
    {
      config: { partnerRead: true },
      schema: {
        operationId: 'getScoreBreakdown',
        summary: 'Why this score: the breakdown of a project',
        params: ProjectIdParams,
        response: replies(R.ScoreBreakdown),
      },
    },
    async (request, reply): Promise<ScoreBreakdown> => {
      const { id } = request.params;
      await requireProject(app, id);
      const signals = await signalsOf(id);
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

  app.get(
    '/api/projects/:id/peers',
    {
      config: { partnerRead: true },
      schema: {
        operationId: 'getPeers',
        summary: 'Peers of a project',
        params: ProjectIdParams,
        response: replies(R.Peers),
      },
    },
    async (request, reply): Promise<Peers> => {
      const { id } = request.params;
      const project = await requireProject(app, id);
      const chain = project.chains[0] ?? '';
      const share = (below: number, all: number) => (all === 0 ? 0 : round1((below / all) * 100));
      const cohorts = await peerCohorts(
        app.db,
        { id, kind: project.kind, chain, score: project.score },
        PEER_POINTS - 1,
      );
      cacheShort(reply);
      return {
        projectId: id,
        kind: project.kind,
        chain,
        kindPercentile: share(cohorts.kind.below, cohorts.kind.all),
        kindCount: cohorts.kind.all,
        chainPercentile: share(cohorts.chain.below, cohorts.chain.all),
        chainCount: cohorts.chain.all,
        points: [
          {
            id: project.id,
            name: project.name,
            score: project.score,
            marketScore: project.subScores.marketStability ?? 0,
          },
          ...cohorts.others,
        ],
      };
    },
  );

  app.get(
    '/api/methodology',
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
