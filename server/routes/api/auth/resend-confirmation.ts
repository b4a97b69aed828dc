import { Ok, ResendConfirmationBody } from '../../../../api/auth.schemas';
import { userPoolPost } from '../../../accounts/poolRoute';
import { LIMITS } from '../../../plugins/app/rateLimit';

/** POST /api/auth/resend-confirmation: mail the sign-up confirmation code again (user pool). */
export default userPoolPost(
  '/resend-confirmation',
  {
    rateLimit: LIMITS.resend,
    summary: 'Mail the confirmation code again',
    body: ResendConfirmationBody,
    response: Ok,
  },
  async (users, { email }) => {
    await users.resendConfirmation(email);
    return { ok: true as const };
  },
);
