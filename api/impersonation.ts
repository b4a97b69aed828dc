import { z } from 'zod';
import type { Request } from './http';

/** Spec §8: the one impersonation error the user sees when the id does not resolve. */
export const USER_NOT_FOUND_MESSAGE = "User doesn't exist.";

/** POST /api/impersonation-tool/create — admin (with the impersonationTool flag) switches to this user id. */
export const CreateImpersonationBody = z.object({
  impersonatingUserId: z.string().trim().min(1, 'Enter a user id').max(100, 'At most 100 characters'),
});
export type CreateImpersonationBody = z.infer<typeof CreateImpersonationBody>;

/** POST /api/impersonation-tool/delete — back to the admin whose id this is. */
export const DeleteImpersonationBody = z.object({
  adminId: z.string().trim().min(1, 'The admin id is required').max(100, 'At most 100 characters'),
});
export type DeleteImpersonationBody = z.infer<typeof DeleteImpersonationBody>;

/** Both calls answer with the user the new session belongs to (adminId set only while impersonating). */
export const ImpersonationResult = z.object({
  user: z.object({
    username: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    adminId: z.string().optional(),
  }),
});
export type ImpersonationResult = z.infer<typeof ImpersonationResult>;

// ---- typed fetch functions ----

export const createImpersonation = (request: Request, impersonatingUserId: string) =>
  request<ImpersonationResult>('/api/impersonation-tool/create', {
    method: 'POST',
    body: { impersonatingUserId } satisfies CreateImpersonationBody,
  });

export const deleteImpersonation = (request: Request, adminId: string) =>
  request<ImpersonationResult>('/api/impersonation-tool/delete', {
    method: 'POST',
    body: { adminId } satisfies DeleteImpersonationBody,
  });
