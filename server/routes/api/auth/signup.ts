import type { FastifyInstance } from 'fastify';
import { SignUpBody } from '../../../../api/auth.schemas';
import { userPoolFor } from '../../../accounts/index';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';
import * as AuthSchemas from '../../../../api/auth.schemas';
import { replies, typed } from '../../../routing/schemas';
import { checkNewPassword, looseNewPassword } from '../../../accounts/authForms';

/** POST /api/auth/signup: create an account; the confirmation code is mailed (user pool). */
export default async function apiAuthSignupRoutes(app: FastifyInstance) {
  /** The JSON routes of the user pool, typed by their zod schemas (the NextAuth form posts validate themselves). */
  const api = typed(app);
  const pool = userPoolFor(app);

  // --------------------------------------------------------------------------------------------------------------
  // User pool (Cognito semantics)

  api.post(
    '/signup',
    {
      config: { rateLimit: LIMITS.signUp },
      schema: {
        summary: 'Sign up (the confirmation code is mailed)',
        body: SignUpBody.extend({ password: looseNewPassword }),
        response: replies(AuthSchemas.SignUpResult),
      },
    },
    async (request) => {
      const body = request.body;
      checkNewPassword(body.password);
      return pool.signUp(body.email, body.password, clientAddress(request));
    },
  );
}
