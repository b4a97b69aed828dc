import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { createImpersonation, deleteImpersonation } from '../../../api/impersonation';
import { impersonationMachine } from '../../../machines/auth/impersonation/impersonation.machine';
import type { OpenRequestsEvent } from '../../../machines/auth/impersonation/impersonation.types';
import { request } from '../../lib/client';

/** Keyboard shortcut for the tool: Alt+Shift+I. */
export const isImpersonationShortcut = (e: KeyboardEvent) =>
  e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyI';

/**
 * The impersonation machine with the real calls and a real page reload (a lazy chunk: the app actor loads it for
 * admins with the impersonationTool flag and for impersonated sessions).
 */
export const liveImpersonationMachine = impersonationMachine.provide({
  actors: {
    switchUser: fromPromise<unknown, { userId: string }>(({ input }) =>
      createImpersonation(request, input.userId),
    ),
    exitImpersonation: fromPromise<unknown, { adminId: string }>(({ input }) =>
      deleteImpersonation(request, input.adminId),
    ),
    // While enabled: Alt+Shift+I opens the tool ("Impersonate User" asks the app actor, which sends OPEN).
    openRequests: fromCallback<OpenRequestsEvent, { enabled: boolean }>(({ sendBack, receive, input }) => {
      const onKey = (e: KeyboardEvent) => {
        if (isImpersonationShortcut(e)) {
          e.preventDefault();
          sendBack({ type: 'OPEN' });
        }
      };
      let listening = false;
      const listen = (enabled: boolean) => {
        if (enabled === listening) return;
        listening = enabled;
        if (enabled) window.addEventListener('keydown', onKey);
        else window.removeEventListener('keydown', onKey);
      };
      listen(input.enabled);
      receive((event) => listen(event.enabled));
      return () => listen(false);
    }),
  },
  actions: {
    reloadPage: () => window.location.reload(),
  },
});

export type ImpersonationActorRef = ActorRefFrom<typeof liveImpersonationMachine>;
