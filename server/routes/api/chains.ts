import type { FastifyInstance } from 'fastify';
import type { ChainInfo } from '../../../api/chains';
import * as C from '../../../api/chains.schemas';
import { chainHeads } from '../../chains/contracts';
import { partnerRead, typed } from '../../routing/schemas';

/** GET /api/chains: the chains monitored and their stored heads (server/chains/, server/indexer/). */
export default async function apiChainsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/chains',
    partnerRead({ summary: 'Chains this instance reads', response: C.ChainList }),
    async (): Promise<ChainInfo[]> => {
      const ids = app.chains.list.map((c) => c.id);
      const heads = ids.length ? await chainHeads(app.db, ids) : [];
      const headOf = new Map(heads.map((h) => [h.chainId, h.headBlock]));
      return app.chains.list.map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.kind,
        ...(headOf.has(c.id) ? { head: headOf.get(c.id)! } : {}),
        // Only the embedded devnet's (loopback) and never in production.
        ...(c.devnet && !app.config.production ? { rpcUrl: c.rpcUrls[0] } : {}),
        ...(c.explorer ? { explorer: c.explorer } : {}),
      }));
    },
  );
}
