import type { ReactNode } from 'react';
import { createMachine, fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import type { FlagKey, FlagValues } from '../../api/flags';
import { accountActorsMachine } from '../../machines/core/account-actors/accountActors.machine';
import { flagsMachine } from '../../machines/core/flags/flags.machine';
import { sessionMachine, type SessionData, type SessionUser } from '../../machines/auth/session/session.machine';
import { AppProvider, type AppProviderProps } from '../../src/app/AppProvider';
import { liveAccountActors } from '../../src/features/account/liveAccountActors';

/** Flags that evaluate to `values` for every identity (the rest keep their defaults). */
export const fixedFlags = (values: Partial<Record<FlagKey, unknown>>) =>
  flagsMachine.provide({
    actors: {
      evaluate: fromPromise(async () => values as FlagValues),
      watch: fromCallback(() => () => undefined),
    },
  });

/** A session that answers with `user` (signed out when null), without a server. */
export const fixedSession = (user: SessionUser | null) =>
  sessionMachine.provide({
    actors: {
      fetchSession: fromPromise<SessionData>(async () =>
        user ? { user, expires: '2099-01-01T00:00:00Z' } : {},
      ),
    },
  });

/**
 * The signed-in-only actors with the given logic (a machine that does nothing for a notification actor not given,
 * the real sign-out for sign-out), loaded at once.
 */
export const fixedAccountActors = (logic: {
  notifications?: AnyActorLogic;
  surveyNotification?: AnyActorLogic;
  signOut?: AnyActorLogic;
}) =>
  accountActorsMachine.provide({
    actors: {
      load: fromPromise(async () => ({
        notifications: logic.notifications ?? createMachine({}),
        surveyNotification: logic.surveyNotification ?? createMachine({}),
        signOut: logic.signOut ?? liveAccountActors.signOut,
      })),
    },
  });

/**
 * The app's actor system for a component test: the real app machine and children (their HTTP calls go where the
 * test mocked `src/lib/client`), with an optional fixed session and flags and other replaced parts.
 */
export function TestApp({
  children,
  flags,
  session,
  provide,
  ...rest
}: Omit<AppProviderProps, 'children'> & {
  children: ReactNode;
  /** Fixed flag values instead of the flag service. */
  flags?: Partial<Record<FlagKey, unknown>>;
  /** A fixed session (null: signed out) instead of the auth service. */
  session?: SessionUser | null;
}) {
  const actors = {
    ...(flags ? { flags: fixedFlags(flags) } : {}),
    ...(session !== undefined ? { session: fixedSession(session) } : {}),
    ...provide?.actors,
  };
  return (
    <AppProvider {...rest} provide={{ ...provide, actors }}>
      {children}
    </AppProvider>
  );
}
