import type { PathOptions } from './harness';

type StateCheck = NonNullable<PathOptions['states']>[string];

/** `states` for describePaths where one check holds in each of the machine's states named. */
export const sameCheckIn = (machine: string, states: readonly string[], check: StateCheck) =>
  Object.fromEntries(states.map((state) => [`${machine}.${state}`, check]));
