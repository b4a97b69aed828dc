import type { FastifyInstance } from 'fastify';
import { ForgotPasswordBody } from '../../../../api/auth.schemas';
import { userPoolFor } from '../../../accounts/index';
import { LIMITS } from '../../../plugins/app/rateLimit';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { replies, typed } from '../../../routing/schemas';

/** POST /api/auth/forgot-password: mail a password reset code (user pool). */
export default async function apiAuthForgotPasswordRoutes(app: FastifyInstance) {
  /** The JSON routes of the user pool, typed by their zod schemas (the NextAuth form posts validate themselves). */
  const api = typed(app);
  const pool = userPoolFor(app);

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)

  api.post(
    '/forgot-password',
    {
      config: { rateLimit: LIMITS.forgot },
      schema: {
        summary: 'Mail a password reset code',
        body: ForgotPasswordBody,
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      await pool.forgotPassword(body.email);
      return { ok: true as const };
    },
  );
}
