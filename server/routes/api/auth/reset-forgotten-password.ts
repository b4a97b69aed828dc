import { Ok, ResetForgottenPasswordBody } from '../../../../api/auth.schemas';
import { checkNewPassword, looseNewPassword } from '../../../accounts/authForms';
import { userPoolPost } from '../../../accounts/poolRoute';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';

/** POST /api/auth/reset-forgotten-password: set a new password with a reset code (user pool). */
export default userPoolPost(
  '/reset-forgotten-password',
  {
    rateLimit: LIMITS.reset,
    summary: 'Set a new password with a reset code',
    body: ResetForgottenPasswordBody.extend({ newPassword: looseNewPassword }),
    response: Ok,
  },
  async (users, body, request) => {
    checkNewPassword(body.newPassword);
    await users.resetPassword(body.email, body.code, body.newPassword, clientAddress(request));
    return { ok: true as const };
  },
);
