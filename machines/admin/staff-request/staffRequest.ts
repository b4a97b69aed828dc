import { withError } from '../../core/requests';

/**
 * What the machines of staff pages share about their requests (announcement banner, audit records, incident
 * moderation): a refused caller (not signed in: 401, not staff: 403) ends on the page's `forbidden` screen; any other
 * failure keeps the server's message and the fields it named. Not a machine: each page's machine takes the guard and
 * the action into its setup (as `isForbidden` and `assignError`) and the states below into its config.
 */

type RequestError = { status?: number; message?: string; fields?: Record<string, string> };
const errorOf = (error: unknown): RequestError => (error ?? {}) as RequestError;

/** Guard `isForbidden`: the server refused the caller. */
export const isForbidden = (_: unknown, params: { error: unknown }) =>
  [401, 403].includes(errorOf(params.error).status ?? 0);

/** What `assignError` stores of a failed request: the server's message and the fields it named. */
export const failureOf = (error: unknown) => ({
  error: errorOf(error).message ?? 'Something went wrong.',
  fields: errorOf(error).fields ?? {},
});

/** A request's `onError`: a refused caller goes to `forbidden`, any other failure to `otherwise` with its message. */
export const refusedOr = (forbidden: string, otherwise: string) => [
  { guard: { type: 'isForbidden' as const, params: withError }, target: forbidden },
  { target: otherwise, actions: { type: 'assignError' as const, params: withError } },
];

/**
 * The page's first request and its outcomes: `loading` invokes `src` and goes to `ready` with `onDone`'s action;
 * `loadFailed` shows the message with a retry; `forbidden` is the end of the page for this caller.
 */
export function loadStates<const Src extends string, const Action>(src: Src, ready: string, onDone: Action) {
  return {
    loading: {
      tags: ['loading' as const],
      invoke: {
        id: src,
        src,
        onDone: { target: ready, actions: onDone },
        onError: refusedOr('forbidden', 'loadFailed'),
      },
    },
    loadFailed: { tags: ['error' as const], on: { RETRY: 'loading' } },
    forbidden: { tags: ['forbidden' as const] },
  };
}
