import type { FastifyInstance } from 'fastify';
import { ProjectIdParams } from '../../../../../api/projects.schemas';
import { type Peers } from '../../../../../api/ratings';
import * as R from '../../../../../api/ratings.schemas';
import { cacheShort, partnerRead, typed } from '../../../../routing/schemas';
const round1 = (v: number) => Math.round(v * 10) / 10;

/** Most peers a scatter shows. */
const PEER_POINTS = 200;

/** GET /api/projects/:id/peers: the project among its peers. */
export default async function apiProjectsIdPeersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.get(
    '/peers',
    partnerRead({
      operationId: 'getPeers',
      summary: 'Peers of a project',
      params: ProjectIdParams,
      response: R.Peers,
    }),
    async (request, reply): Promise<Peers> => {
      const { id } = request.params;
      const project = await app.projects.require(id);
      const chain = project.chains[0] ?? '';
      const share = (below: number, all: number) => (all === 0 ? 0 : round1((below / all) * 100));
      const cohorts = await app.projects.peerCohorts(
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
}
