import type { FastifyInstance } from 'fastify';
import * as A from '../../../../api/admin.schemas';
import { requireAdmin } from '../../../plugins/app/session';
import { replies, typed } from '../../../routing/schemas';

/** The announcement banner as the admin page edits it: the newest one, active or not (published with PUT /api/announcement). */
export default async function adminAnnouncementRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  app.get(
    '/announcement',
    {
      schema: {
        summary: 'The latest announcement (admin)',
        response: replies(A.AdminAnnouncement.nullable()),
      },
    },
    async (request) => {
      requireAdmin(request);
      return app.admin.announcement();
    },
  );
}
