import { Ok, VerifyEmailBody } from '../../../../api/auth.schemas';
import { userPoolPost } from '../../../accounts/poolRoute';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';

/** POST /api/auth/verify-email: confirm an e-mail address with its code (user pool). */
export default userPoolPost(
  '/verify-email',
  {
    rateLimit: LIMITS.verify,
    summary: 'Confirm an e-mail address with its code',
    body: VerifyEmailBody,
    response: Ok,
  },
  async (users, body, request) => {
    await users.verifyEmail(body.email, body.verificationCode, clientAddress(request));
    return { ok: true as const };
  },
);
