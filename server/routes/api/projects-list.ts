import type { FastifyInstance } from 'fastify';
import { type ProjectRow } from '../../../api/projects';
import { ProjectRow as ProjectRowSchema, ProjectsListBody } from '../../../api/projects.schemas';
import { projectsIn, toProjectRow } from '../../projects/rows';
import { partnerRead, typed } from '../../routing/schemas';
import { z } from 'zod';

/** POST /api/projects-list: projects by id (watchlists, compare). */
export default async function apiProjectsListRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.post(
    '/projects-list',
    partnerRead({
      summary: 'Projects by id',
      description: 'The rows of the given projects, in the order asked; unknown ids are left out.',
      body: ProjectsListBody,
      response: z.array(ProjectRowSchema),
    }),
    async (request): Promise<ProjectRow[]> => {
      const { projectIds } = request.body;
      const ids = [...new Set(projectIds)];
      const rows = await projectsIn(app.db, ids);
      const byId = new Map(rows.map((r) => [r.id, toProjectRow(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );
}
