import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as C from '../../../../../../api/chains.schemas';
import { ProjectIdParams } from '../../../../../../api/projects.schemas';
import { contractAt, listProjectContracts, projectHasContract } from '../../../../../chains/contracts';
import { badRequest, notFound } from '../../../../../errors';
import { requireAdmin } from '../../../../../plugins/app/session';
import { requireProject } from '../../../../../projects/detail';
import { created, errorsOnly, noContent, typed } from '../../../../../routing/schemas';

/** An admin adds or removes a contract monitored for a project (server/chains/, server/indexer/). */
export default async function apiAdminProjectsIdContractsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const confirmationsOf = (chainId: number) => app.chains.get(chainId)?.confirmations ?? 0;

  app.post(
    '/contracts',
    {
      config: { audit: true },
      preValidation: async (request) => void requireAdmin(request),
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
      const project = await requireProject(app, request.params.id);
      const body = request.body;
      const chain = app.chains.get(body.chainId);
      if (!chain)
        throw badRequest('This chain is not configured here.', { chainId: 'Choose a configured chain' });
      const address = body.address.toLowerCase();
      const existing = await contractAt(app.db, address);
      if (existing && existing.projectId !== project.id)
        throw badRequest('This contract belongs to another project.', {
          address: 'This contract is monitored for another project',
        });
      await app.chains.addContract({
        projectId: project.id,
        chain,
        address,
        label: body.label ?? existing?.label ?? 'Contract',
        abi: body.abi ?? null,
        fromBlock: body.fromBlock,
      });
      const list = await listProjectContracts(app.db, project.id, confirmationsOf);
      const added = list.find((c) => c.address.toLowerCase() === address && c.chainId === chain.id);
      if (!added) throw notFound('The contract was removed meanwhile.');
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/contracts/:chainId/:address',
    {
      config: { audit: true },
      preValidation: async (request) => void requireAdmin(request),
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
      const key = address.toLowerCase();
      if (!(await projectHasContract(app.db, id, chainId, key)))
        throw notFound(`No contract ${address} on chain ${chainId} in project "${id.slice(0, 200)}".`);
      await app.chains.removeContract(chainId, key);
      return noContent(reply);
    },
  );
}
