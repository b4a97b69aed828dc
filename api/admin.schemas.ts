/** Zod schemas of the admin contract: the server validates with these (the browser uses api/admin.ts). */
import { z } from 'zod';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A site path (/…) or an http(s) URL; anything else (javascript:, data:) is refused. */
const link = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .refine(
    (v) => v === '' || /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
    'Enter a path starting with / or an http(s) URL',
  )
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** PUT /api/announcement (admin only) — replaces the announcement banner; `active: false` hides it. */
export const AnnouncementUpdateBody = z
  .object({
    content: z.string().trim().min(1, 'Enter the announcement text').max(500, 'At most 500 characters'),
    link,
    linkText: optionalText(100),
    active: z.boolean(),
  })
  .refine((b) => !(b.link && !b.linkText), { message: 'Enter the link text', path: ['linkText'] });

/** GET /api/admin/announcement (admin only) — the latest announcement, active or not, for the admin form. */
export const AdminAnnouncement = z.object({
  content: z.string(),
  link: z.string().nullable(),
  linkText: z.string().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
