import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { flagsMachine, type FlagsEvent } from '../../../machines/flags/flags.machine';
import { useSessionStatus, useSessionUser } from '../session/session';
import { inspect } from '../../lib/inspect';
import {
  FLAG_DEFAULTS,
  FLAGS_ELEMENT_ID,
  type FlagIdentity,
  type FlagKey,
  type FlagValues,
  type InlinedFlags,
} from '../../../api/flags';

/** Runs `task` once the page has loaded and the browser is idle (the first paint is long past by then). */
function afterFirstPaint(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 500);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/**
 * The flags machine with the OpenFeature SDK, loaded on first use. With the server's values in the page, the first
 * use is `watch`, after the first paint: it sets the SDK up for the same identity (no request when it already is)
 * and passes on what the provider sees from then on.
 */
export const liveFlagsMachine = flagsMachine.provide({
  actors: {
    evaluate: fromPromise<FlagValues, FlagIdentity>(async ({ input }) =>
      (await import('./openfeature')).evaluate(input),
    ),
    watch: fromCallback<FlagsEvent, FlagIdentity>(({ sendBack, input }) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      const cancel = afterFirstPaint(() => {
        void import('./openfeature').then(async (sdk) => {
          if (stopped) return;
          try {
            const values = await sdk.evaluate(input);
            if (stopped) return;
            sendBack({ type: 'FLAGS_CHANGED', values });
            stop = sdk.watch((changed) => sendBack({ type: 'FLAGS_CHANGED', values: changed }));
          } catch {
            // The page's values stay; the provider is set up again with the next identity change.
          }
        });
      });
      return () => {
        stopped = true;
        cancel();
        stop?.();
      };
    }),
  },
});

/** The flags the server wrote into the page, or null (the dev server's page has none). */
function inlinedFlags(): InlinedFlags | null {
  const text = document.getElementById(FLAGS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as InlinedFlags;
  } catch {
    return null;
  }
}

type FlagsActor = ActorRefFrom<typeof flagsMachine>;
type Source = { actor: FlagsActor } | { fixed: Partial<Record<FlagKey, unknown>> };
const FlagsContext = createContext<Source | null>(null);

export type FlagsProviderProps = {
  children: ReactNode;
  /** Fixed flag values instead of the flag service (tests, previews). */
  values?: Partial<Record<FlagKey, unknown>>;
  /** Replaces the machine logic (tests). */
  logic?: typeof liveFlagsMachine;
};

/**
 * Evaluates the feature flags for the session's user (place it inside SessionProvider). Flags are re-evaluated
 * on sign-in, sign-out and impersonation, and polled while the page is open.
 */
export function FlagsProvider({ children, values, logic }: FlagsProviderProps) {
  if (values) return <FlagsContext.Provider value={{ fixed: values }}>{children}</FlagsContext.Provider>;
  return <LiveFlags logic={logic ?? liveFlagsMachine}>{children}</LiveFlags>;
}

function LiveFlags({ children, logic }: { children: ReactNode; logic: typeof liveFlagsMachine }) {
  const actor = useActorRef(logic, { inspect, input: { inlined: inlinedFlags() } });
  const status = useSessionStatus();
  const user = useSessionUser();
  const username = user?.username;
  const email = user?.email;
  useEffect(() => {
    if (status === 'loading') return;
    const identity: FlagIdentity =
      status === 'authenticated' && username && email ? { targetingKey: username, email } : null;
    actor.send({ type: 'SESSION_CHANGED', identity });
  }, [actor, status, username, email]);
  return <FlagsContext.Provider value={{ actor }}>{children}</FlagsContext.Provider>;
}

const noSubscription = () => () => undefined;

/**
 * A flag's current value: the evaluated one once flags are ready for this session, else its default
 * (`FLAG_DEFAULTS`: off). Outside a FlagsProvider every flag has its default.
 */
export function useFlag<K extends FlagKey>(key: K): (typeof FLAG_DEFAULTS)[K] | boolean {
  const source = useContext(FlagsContext);
  const actor = source && 'actor' in source ? source.actor : undefined;
  const live = useSyncExternalStore(
    actor ? (onChange) => actor.subscribe(onChange).unsubscribe : noSubscription,
    () => {
      if (!actor) return undefined;
      const snapshot = actor.getSnapshot();
      return snapshot.hasTag('ready') ? snapshot.context.values[key] : undefined;
    },
  );
  const value = source && 'fixed' in source ? source.fixed[key] : live;
  return typeof value === 'boolean' ? value : FLAG_DEFAULTS[key];
}

/** 'loading', 'ready', 'stale' or 'error' — for UI that must wait for real flag values. */
export function useFlagsStatus(): 'loading' | 'ready' | 'stale' | 'error' {
  const source = useContext(FlagsContext);
  const actor = source && 'actor' in source ? source.actor : undefined;
  return useSyncExternalStore(
    actor ? (onChange) => actor.subscribe(onChange).unsubscribe : noSubscription,
    () => {
      if (!actor) return source ? 'ready' : 'loading';
      const s = actor.getSnapshot();
      return s.hasTag('ready')
        ? 'ready'
        : s.hasTag('stale')
          ? 'stale'
          : s.hasTag('error')
            ? 'error'
            : 'loading';
    },
  );
}
