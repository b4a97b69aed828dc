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
import { request } from '../../lib/client';

const here = () => (typeof window === 'undefined' ? '/' : window.location.href);

/** The auth modal with the real user-pool and auth-service calls. */
export const liveAuthModalMachine = authModalMachine.provide({
  actors: {
    signIn: fromPromise<unknown, Credentials>(async ({ input }) => {
      const csrfToken = await getCsrfToken(request);
      return signInWithCredentials(request, { ...input, csrfToken, callbackUrl: here() });
    }),
    signUp: fromPromise<unknown, Credentials>(({ input }) => signUp(request, input)),
    forgotPassword: fromPromise<unknown, { email: string }>(({ input }) => forgotPassword(request, input)),
    resetPassword: fromPromise<unknown, { email: string; code: string; newPassword: string }>(({ input }) =>
      resetForgottenPassword(request, input),
    ),
    verifyEmail: fromPromise<unknown, { email: string; verificationCode: string }>(({ input }) =>
      verifyEmail(request, input),
    ),
    resendConfirmation: fromPromise<unknown, { email: string }>(({ input }) =>
      resendConfirmation(request, input),
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
