import type { z } from 'zod';
import type * as schemas from './admin.schemas';
import type { Request } from './http';

export type AnnouncementUpdateInput = z.input<typeof schemas.AnnouncementUpdateBody>;
export type AnnouncementUpdateBody = z.infer<typeof schemas.AnnouncementUpdateBody>;
export type AdminAnnouncement = z.infer<typeof schemas.AdminAnnouncement>;

// ---- typed fetch functions ----

export const getAdminAnnouncement = (request: Request) =>
  request<AdminAnnouncement | null>('/api/admin/announcement');

export const updateAnnouncement = (request: Request, body: AnnouncementUpdateInput) =>
  request<AdminAnnouncement>('/api/announcement', { method: 'PUT', body });
