import type { FastifyInstance } from 'fastify';
import * as A from '../../../api/admin.schemas';
import { AnnouncementUpdateBody } from '../../../api/admin.schemas';
import { type Announcement } from '../../../api/site';
import { Announcement as AnnouncementSchema } from '../../../api/site.schemas';
import { requireAdmin } from '../../plugins/app/session';
import { adminOnly, replies, typed } from '../../routing/schemas';
import { publishAnnouncement, toAdminAnnouncement } from '../../site/announcements';
import { activeAnnouncement } from '../../site/pageData';

/**
 * The announcement banner: anyone reads the active one; an admin's PUT stores a new announcement and deactivates
 * every earlier one, so the public banner is the new one (or none when `active` is false). Earlier rows stay as
 * history.
 */
export default async function announcementRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/announcement',
    {
      schema: { summary: 'The active announcement banner', response: replies(AnnouncementSchema.nullable()) },
    },
    async (): Promise<Announcement | null> => activeAnnouncement(app.database),
  );

  app.put(
    '/announcement',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Publish an announcement (admin)',
        body: AnnouncementUpdateBody,
        response: replies(A.AdminAnnouncement),
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const row = await publishAnnouncement(app.db, request.body, admin.username, app.clock.now());
      return toAdminAnnouncement(row);
    },
  );
}
