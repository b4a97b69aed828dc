import { ForgotPasswordBody, Ok } from '../../../../api/auth.schemas';
import { userPoolPost } from '../../../accounts/poolRoute';
import { LIMITS } from '../../../plugins/app/rateLimit';

/** POST /api/auth/forgot-password: mail a password reset code (user pool). */
export default userPoolPost(
  '/forgot-password',
  { rateLimit: LIMITS.forgot, summary: 'Mail a password reset code', body: ForgotPasswordBody, response: Ok },
  async (users, { email }) => {
    await users.forgotPassword(email);
    return { ok: true as const };
  },
);
