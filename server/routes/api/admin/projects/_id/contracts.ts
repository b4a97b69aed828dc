import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as C from '../../../../../../api/chains.schemas';
import { ProjectIdParams } from '../../../../../../api/projects.schemas';
import { requireAdmin } from '../../../../../plugins/app/session';
import { adminOnly, created, errorsOnly, noContent, typed } from '../../../../../routing/schemas';

/** An admin adds or removes a contract monitored for a project (server/chains/, server/indexer/). */
export default async function apiAdminProjectsIdContractsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.post(
    '/contracts',
    {
      config: { audit: true },
      preValidation: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Monitor a contract of a project (admin)',
        params: ProjectIdParams,
        body: C.AddContractBody,
        response: created(C.MonitoredContract),
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const added = await app.admin.addContract(request.params.id, request.body);
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/contracts/:chainId/:address',
    {
      config: { audit: true },
      preValidation: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Stop monitoring a contract and remove it from a project (admin)',
        params: C.ContractParams,
        response: { 204: z.null(), ...errorsOnly },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { id, chainId, address } = request.params;
      await app.admin.removeContract(id, chainId, address);
      return noContent(reply);
    },
  );
}
