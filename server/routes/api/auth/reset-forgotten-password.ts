import type { FastifyInstance } from 'fastify';
import { ResetForgottenPasswordBody } from '../../../../api/auth.schemas';
import { userPoolFor } from '../../../accounts/index';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { replies, typed } from '../../../routing/schemas';
import { checkNewPassword, looseNewPassword } from '../../../accounts/authForms';

/** POST /api/auth/reset-forgotten-password: set a new password with a reset code (user pool). */
export default async function apiAuthResetForgottenPasswordRoutes(app: FastifyInstance) {
  /** The JSON routes of the user pool, typed by their zod schemas (the NextAuth form posts validate themselves). */
  const api = typed(app);
  const pool = userPoolFor(app);

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)

  api.post(
    '/reset-forgotten-password',
    {
      config: { rateLimit: LIMITS.reset },
      schema: {
        summary: 'Set a new password with a reset code',
        body: ResetForgottenPasswordBody.extend({ newPassword: looseNewPassword }),
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      checkNewPassword(body.newPassword);
      await pool.resetPassword(body.email, body.code, body.newPassword, clientAddress(request));
      return { ok: true as const };
    },
  );
}
