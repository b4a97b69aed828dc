import { fromPromise } from 'xstate';
import { getCsrfToken, signOut } from '../../../api/auth';
import { signOutMachine } from '../../../machines/auth/sign-out/signOut.machine';
import { request } from '../../lib/client';

/** Sign out with the real auth-service call (CSRF token first). */
export const liveSignOutMachine = signOutMachine.provide({
  actors: {
    signOut: fromPromise<unknown>(async () => {
      const csrfToken = await getCsrfToken(request);
      return signOut(request, { csrfToken, callbackUrl: window.location.href });
    }),
  },
});
