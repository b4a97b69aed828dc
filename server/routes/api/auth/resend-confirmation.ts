import type { FastifyInstance } from 'fastify';
import { ResendConfirmationBody } from '../../../../api/auth.schemas';
import { userPoolFor } from '../../../accounts/index';
import { LIMITS } from '../../../plugins/app/rateLimit';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { replies, typed } from '../../../routing/schemas';

/** POST /api/auth/resend-confirmation: mail the sign-up confirmation code again (user pool). */
export default async function apiAuthResendConfirmationRoutes(app: FastifyInstance) {
  /** The JSON routes of the user pool, typed by their zod schemas (the NextAuth form posts validate themselves). */
  const api = typed(app);
  const pool = userPoolFor(app);

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)

  api.post(
    '/resend-confirmation',
    {
      config: { rateLimit: LIMITS.resend },
      schema: {
        summary: 'Mail the confirmation code again',
        body: ResendConfirmationBody,
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      await pool.resendConfirmation(body.email);
      return { ok: true as const };
    },
  );
}
