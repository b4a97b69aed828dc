import { createActorContext } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { AppInput } from '../../machines/core/app/app.machine';
import { inspect } from '../lib/inspect';
import { appInput, liveAppMachine, redirectToSignIn } from '../first-load/liveApp';
import { useConstant } from '../lib/useConstant';

/** The app's one actor system: the root app actor and, through it, every app-wide actor. */
export const AppActor = createActorContext(liveAppMachine);

type Implementations = Parameters<typeof liveAppMachine.provide>[0];

export type AppProviderProps = {
  children: ReactNode;
  /** Replaces children, loaders or browser actions (tests). */
  provide?: Implementations;
  /** The children's inputs; by default read from the page and browser storage. */
  input?: AppInput;
  /** How the browser goes to the sign-in page from a page that needs a session (tests replace it). */
  onSessionRequired?: (url: string) => void;
};

// The auth modal's host is its own chunk, loaded with the modal's code (on intent or on the first open).
const AuthModalHost = lazy(() => import('../features/auth/AuthModalHost'));

function AuthModalWhenLoaded() {
  const loaded = AppActor.useSelector((s) => s.context.authModal !== null);
  return loaded ? (
    <Suspense fallback={null}>
      <AuthModalHost />
    </Suspense>
  ) : null;
}

/**
 * Starts the app actor (systemId `app`) for everything below it. With `?inspect` in development the Stately
 * inspector, and always the /dev/machines explorer, see the whole system through it.
 */
export function AppProvider({ children, provide, input, onSessionRequired }: AppProviderProps) {
  // Fixed for the provider's life: the actor is created once.
  const logic = useConstant(() => {
    const redirect = onSessionRequired ? { redirectToSignIn: redirectToSignIn(onSessionRequired) } : {};
    return provide || onSessionRequired
      ? liveAppMachine.provide({ ...provide, actions: { ...provide?.actions, ...redirect } })
      : liveAppMachine;
  });
  const startInput = useConstant(() => input ?? appInput());
  return (
    <AppActor.Provider logic={logic} options={{ input: startInput, inspect, systemId: 'app' }}>
      {children}
      <AuthModalWhenLoaded />
    </AppActor.Provider>
  );
}
