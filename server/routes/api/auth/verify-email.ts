import type { FastifyInstance } from 'fastify';
import { VerifyEmailBody } from '../../../../api/auth.schemas';
import { userPoolFor } from '../../../accounts/index';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { replies, typed } from '../../../routing/schemas';

/** POST /api/auth/verify-email: confirm an e-mail address with its code (user pool). */
export default async function apiAuthVerifyEmailRoutes(app: FastifyInstance) {
  /** The JSON routes of the user pool, typed by their zod schemas (the NextAuth form posts validate themselves). */
  const api = typed(app);
  const pool = userPoolFor(app);

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)

  api.post(
    '/verify-email',
    {
      config: { rateLimit: LIMITS.verify },
      schema: {
        summary: 'Confirm an e-mail address with its code',
        body: VerifyEmailBody,
        response: replies(AuthSchemas.Ok),
      },
    },
    async (request) => {
      const body = request.body;
      await pool.verifyEmail(body.email, body.verificationCode, clientAddress(request));
      return { ok: true as const };
    },
  );
}
