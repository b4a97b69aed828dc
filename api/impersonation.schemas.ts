/** Zod schemas of the impersonation contract: the server validates with these (the browser uses api/impersonation.ts). */
import { z } from 'zod';

/** POST /api/impersonation-tool/create — admin (with the impersonationTool flag) switches to this user id. */
export const CreateImpersonationBody = z.object({
  impersonatingUserId: z.string().trim().min(1, 'Enter a user id').max(100, 'At most 100 characters'),
});

/** POST /api/impersonation-tool/delete — back to the admin whose id this is. */
export const DeleteImpersonationBody = z.object({
  adminId: z.string().trim().min(1, 'The admin id is required').max(100, 'At most 100 characters'),
});

/** Both calls answer with the user the new session belongs to (adminId set only while impersonating). */
export const ImpersonationResult = z.object({
  user: z.object({
    username: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    adminId: z.string().optional(),
  }),
});
