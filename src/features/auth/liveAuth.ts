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
import { authModalMachine } from '../../../machines/auth/modal/authModal.machine';
import type { Credentials } from '../../../machines/auth/modal/authModal.types';
import {
  authProvidersMachine,
  type SocialProvider,
} from '../../../machines/auth/providers/authProviders.machine';
import { request } from '../../lib/client';

const here = () => (typeof window === 'undefined' ? '/' : window.location.href);

/**
 * The control that had focus when the modal opened (the header's 'Log in' or 'Sign up', a guest's star, …). The
 * dialog's own focus return cannot know it: its code loads on intent, after the opener was focused, so it never saw
 * that focus and would leave it on the page's body.
 */
let opener: HTMLElement | null = null;

/** Notes the opener (nothing when the page's body had focus). */
function noteOpener() {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  opener = active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Gives focus back to the opener once the dialog is gone: while it is on screen the rest of the page is inert and
 * cannot take focus, and it leaves the page when React renders the closed modal, after this action; the next frame
 * comes after that render. An opener no longer in the page (replaced by the avatar after a sign-in) is left alone.
 */
function returnFocus() {
  const target = opener;
  opener = null;
  if (!target) return;
  requestAnimationFrame(() => {
    if (target.isConnected && document.activeElement !== target) target.focus();
  });
}

/** The auth modal with the real user-pool and auth-service calls, giving focus back to its opener when it closes. */
export const liveAuthModalMachine = authModalMachine.provide({
  actions: { opened: noteOpener, closed: returnFocus },
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
