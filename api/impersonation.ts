import type { z } from 'zod';
import type * as schemas from './impersonation.schemas';
import type { Request } from './http';

/** Spec §8: the one impersonation error the user sees when the id does not resolve. */
export const USER_NOT_FOUND_MESSAGE = "User doesn't exist.";
export type CreateImpersonationBody = z.infer<typeof schemas.CreateImpersonationBody>;
export type DeleteImpersonationBody = z.infer<typeof schemas.DeleteImpersonationBody>;
export type ImpersonationResult = z.infer<typeof schemas.ImpersonationResult>;

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
