import type { AnyActorRef, StateValue } from 'xstate';

/** Resolves at the actor's next snapshot in `state` (the current snapshot does not count). */
export const nextIn = (actor: AnyActorRef, state: StateValue) =>
  new Promise<void>((resolve) => {
    const sub = actor.subscribe((s) => {
      if (s.matches(state)) {
        sub.unsubscribe();
        resolve();
      }
    });
  });
