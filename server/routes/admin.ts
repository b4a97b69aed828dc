import type { FastifyInstance } from 'fastify';
import { type AdminAnnouncement } from '../../api/admin';
import { AnnouncementUpdateBody } from '../../api/admin.schemas';
import { latestAnnouncement, publishAnnouncement, type AnnouncementRow } from '../site/announcements';
import { requireAdmin } from '../plugins/session';
import { replies, typed } from './schemas';
import * as A from '../../api/admin.schemas';

const toAdmin = (row: AnnouncementRow): AdminAnnouncement => ({
  content: row.content,
  link: row.link,
  linkText: row.linkText,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Admin-only site management. The announcement banner (public GET /api/announcement, in site.ts) is edited here:
 * PUT /api/announcement stores a new announcement and deactivates every earlier one, so the public banner is the
 * new one (or none when `active` is false). Earlier rows stay as history.
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  app.get(
    '/api/admin/announcement',
    {
      schema: {
        summary: 'The latest announcement (admin)',
        response: replies(A.AdminAnnouncement.nullable()),
      },
    },
    async (request) => {
      requireAdmin(request);
      const row = await latestAnnouncement(app.db);
      return row ? toAdmin(row) : null;
    },
  );

  app.put(
    '/api/announcement',
    {
      preValidation: async (request) => void requireAdmin(request),
      schema: {
        tags: ['Admin'],
        summary: 'Publish an announcement (admin)',
        body: AnnouncementUpdateBody,
        response: replies(A.AdminAnnouncement),
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const body = request.body;
      const row = await publishAnnouncement(app.db, body, admin.username, app.clock.now());
      return toAdmin(row);
    },
  );
}
