import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A machine's requests (API calls, injected by the app): how one is declared, and how its failure is read. One
 * module for both, which the guest's loader shares (vite.config.ts): a module of a few lines would otherwise be
 * a chunk of its own, or join whichever group first imports it, and ride along on every page that loads that.
 */

/**
 * A request declared in `setup({ actors })` for its types and replaced by the app with `.provide()` (machines never
 * import the HTTP client). Run without it, the machine fails loudly and names what is missing.
 */
export const notProvided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} not provided`);
  });

/**
 * The params of an action or a guard that reads a request's failure: the error its error event carries, as in
 * `onError: { target: 'idle', actions: { type: 'showFailure', params: withError } }`.
 */
export const withError = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
