import { fromPromise } from 'xstate';
import {
  forgotPassword,
  getCsrfToken,
  getProviders,
  resendConfirmation,
  resetForgottenPassword,
  signInWithCredentials,
  signUp,
  verifyEmail,
} from '../../../api/auth';
import { authModalMachine, type Credentials } from '../../../machines/auth-modal/authModal.machine';
import {
  authProvidersMachine,
  type SocialProvider,
} from '../../../machines/auth-providers/authProviders.machine';
import type { Request, RequestOptions } from '../../../api/http';
import { request } from '../../lib/client';

/**
 * The user-pool writes carry the CSRF token as `x-csrf-token`: the server asks for it on any write made with a
 * session cookie (e.g. a stale one), and it costs one small GET per submit.
 */
const withCsrf: Request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const token = await getCsrfToken(request);
  return request<T>(path, { ...options, headers: { ...options.headers, 'x-csrf-token': token } });
};

const here = () => (typeof window === 'undefined' ? '/' : window.location.href);

/** The auth modal with the real user-pool and auth-service calls. */
export const liveAuthModalMachine = authModalMachine.provide({
  actors: {
    signIn: fromPromise<unknown, Credentials>(async ({ input }) => {
      const csrfToken = await getCsrfToken(request);
      return signInWithCredentials(request, { ...input, csrfToken, callbackUrl: here() });
    }),
    signUp: fromPromise<unknown, Credentials>(({ input }) => signUp(withCsrf, input)),
    forgotPassword: fromPromise<unknown, { email: string }>(({ input }) => forgotPassword(withCsrf, input)),
    resetPassword: fromPromise<unknown, { email: string; code: string; newPassword: string }>(({ input }) =>
      resetForgottenPassword(withCsrf, input),
    ),
    verifyEmail: fromPromise<unknown, { email: string; verificationCode: string }>(({ input }) =>
      verifyEmail(withCsrf, input),
    ),
    resendConfirmation: fromPromise<unknown, { email: string }>(({ input }) =>
      resendConfirmation(withCsrf, input),
    ),
  },
});

/** Social providers for the auth forms (the credentials provider has its own form). */
export const liveAuthProvidersMachine = authProvidersMachine.provide({
  actors: {
    loadProviders: fromPromise<SocialProvider[]>(async () =>
      Object.values(await getProviders(request))
        .filter((p) => p.type === 'oauth')
        .map(({ id, name }) => ({ id, name })),
    ),
  },
});
