import type { FastifyInstance } from 'fastify';
import type { MonitoredContract } from '../../../../../api/chains';
import * as C from '../../../../../api/chains.schemas';
import { ProjectIdParams } from '../../../../../api/projects.schemas';
import { partnerRead, typed } from '../../../../routing/schemas';

/** GET /api/projects/:id/contracts: the contracts monitored for a project. */
export default async function apiProjectsIdContractsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const confirmationsOf = (chainId: number) => app.chains.get(chainId)?.confirmations ?? 0;

  app.get(
    '/contracts',
    partnerRead({
      summary: "A project's contracts, where their figures come from and the indexer's progress",
      params: ProjectIdParams,
      response: C.MonitoredContractList,
    }),
    async (request): Promise<MonitoredContract[]> => {
      await app.projects.require(request.params.id);
      return app.projects.contracts(request.params.id, confirmationsOf);
    },
  );
}
