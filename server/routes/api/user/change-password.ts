import type { FastifyInstance } from 'fastify';
import { ChangePasswordBody } from '../../../../api/auth.schemas';
import { AppError } from '../../../errors';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { signedInPost, typed } from '../../../routing/schemas';
import { checkNewPassword, looseNewPassword } from '../../../accounts/authForms';

/**
 * POST /api/user/change-password: the user pool's password change; needs a session and the CSRF header, refused while
 * impersonating.
 */
export default async function apiUserChangePasswordRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  signedInPost(
    app,
    '/change-password',
    {
      config: { rateLimit: LIMITS.changePassword },
      tags: ['Account'],
      summary: 'Change my password',
      body: ChangePasswordBody.extend({ newPassword: looseNewPassword }),
      response: AuthSchemas.Ok,
    },
    async (user, body, request) => {
      checkNewPassword(body.newPassword);
      // While impersonating, the admin must not change the subject's password.
      if (user.adminId) throw new AppError(403, 'Forbidden', 'Exit impersonation to change a password.');
      // Other devices are signed out; this session (request.sessionId) stays.
      await app.users.changePassword(
        user.username,
        body.oldPassword,
        body.newPassword,
        request.sessionId!,
        clientAddress(request),
      );
      return { ok: true as const };
    },
  );
}
