import type { FastifyInstance } from 'fastify';
import { AverageYesPercentage } from '../../../../api/projects.schemas';
import { replies, typed } from '../../../routing/schemas';

/** GET /api/projects/average-yes-percentage: the average of all projects' votes. */
export default async function apiProjectsAverageYesPercentageRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/average-yes-percentage',
    { schema: { summary: 'Average share of yes votes', response: replies(AverageYesPercentage) } },
    async () => ({ averageYesPercentage: await app.projects.averageYesPercentage() }),
  );
}
