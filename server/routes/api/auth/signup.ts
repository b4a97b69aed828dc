import { SignUpBody, SignUpResult } from '../../../../api/auth.schemas';
import { checkNewPassword, looseNewPassword } from '../../../accounts/authForms';
import { userPoolPost } from '../../../accounts/poolRoute';
import { clientAddress, LIMITS } from '../../../plugins/app/rateLimit';

/** POST /api/auth/signup: create an account; the confirmation code is mailed (user pool). */
export default userPoolPost(
  '/signup',
  {
    rateLimit: LIMITS.signUp,
    summary: 'Sign up (the confirmation code is mailed)',
    body: SignUpBody.extend({ password: looseNewPassword }),
    response: SignUpResult,
  },
  async (users, body, request) => {
    checkNewPassword(body.password);
    return users.signUp(body.email, body.password, clientAddress(request));
  },
);
