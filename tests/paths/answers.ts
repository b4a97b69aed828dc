import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';

/**
 * The answers an invoked actor can give while the machine waits for it in `state`: a done event per output, then an
 * error event per error; none in any other state (an answer only arrives while its actor runs).
 */
export function answersIn(
  s: AnyMachineSnapshot,
  state: StateValue,
  actor: string,
  { outputs = [], errors = [] }: { outputs?: unknown[]; errors?: unknown[] },
): (EventObject & Record<string, unknown>)[] {
  if (!s.matches(state)) return [];
  return [
    ...outputs.map((output) => ({ type: `xstate.done.actor.${actor}`, output })),
    ...errors.map((error) => ({ type: `xstate.error.actor.${actor}`, error })),
  ];
}
