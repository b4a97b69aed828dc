import type { DoneActorEvent } from 'xstate';
import { withError } from '../requests';

/**
 * The part every list section (API keys, webhooks, the portfolio, a settings section, a project's contracts, the
 * notifications' list) shares: `loading` runs the injected `load` actor and, with what it answered, goes to the
 * state that shows it; a failure goes to `failed`, tagged 'error', which RETRY takes back to `loading`. The machine
 * adds its shown state (tagged 'ready'; its writes in substates or siblings tagged 'busy') beside these two:
 *
 *   states: { ...listSectionStates<ApiKey[]>()({ store: 'storeKeys', failed: 'showLoadFailed' }), ready: { … } }
 *
 * (curried so the load's output type can be named while the action names are inferred). `store` is the machine's action that keeps the list; it gets `{ data }` (the load's output) as its params.
 * `failed` (an action given `{ error }`) words the failure; `retry` runs on RETRY (to drop that message). `input`
 * is the load's input, `id` the invoke's id (without one XState numbers it, which some path tests name).
 *
 * A list that is one region of a larger machine (the notifications' list, beside the unread count) names what the
 * region needs: `src` when its load actor has another name, `tags` when the region's tags carry its prefix
 * (`listLoading`, `listError`: the common `loading` and `error` would speak for the whole machine), `entry` for
 * what every load does first, whatever led to it, and `retryOn` for events that, like RETRY, load again from
 * `failed`.
 */
export function listSectionStates<Output>() {
  return function states<
    const Store extends string,
    const Failed extends string = never,
    const Retry extends string = never,
    const Shown extends string = 'ready',
    const Src extends string = 'load',
    const LoadingTag extends string = 'loading',
    const ErrorTag extends string = 'error',
    const Entry extends string = never,
    const RetryOn extends string = never,
    Context = unknown,
    Input = undefined,
  >(options: {
    store: Store;
    failed?: Failed;
    retry?: Retry;
    /** The state that shows the list; 'ready' unless the machine names it otherwise. */
    shown?: Shown;
    id?: string;
    input?: (args: { context: Context }) => Input;
    /** The actor that loads the list; 'load' unless the machine names it otherwise. */
    src?: Src;
    /** The tags of `loading` and `failed`; 'loading' and 'error' unless the machine names them otherwise. */
    tags?: { loading: LoadingTag; failed: ErrorTag };
    /** Actions run on entering `loading` (a first load, a retry, and any other way in). */
    entry?: readonly Entry[];
    /** Events besides RETRY that take `failed` back to `loading` (running `retry` too). */
    retryOn?: readonly RetryOn[];
  }) {
    const { store, failed, retry, shown, id, input, src, tags, entry, retryOn = [] } = options;
    const again = () => ({ target: 'loading' as const, actions: retry === undefined ? [] : [retry] });
    const alsoAgain = Object.fromEntries(retryOn.map((type) => [type, again()])) as Record<
      RetryOn,
      ReturnType<typeof again>
    >;
    return {
      loading: {
        tags: tags === undefined ? ('loading' as LoadingTag) : tags.loading,
        ...(entry === undefined ? {} : { entry: [...entry] }),
        invoke: {
          ...(id === undefined ? {} : { id }),
          src: src ?? ('load' as Src),
          input,
          onDone: {
            target: shown ?? ('ready' as Shown),
            actions: {
              type: store,
              params: ({ event }: { event: DoneActorEvent<Output> }) => ({ data: event.output }),
            },
          },
          onError: {
            target: 'failed' as const,
            actions: failed === undefined ? [] : [{ type: failed, params: withError }],
          },
        },
      },
      failed: {
        tags: tags === undefined ? ('error' as ErrorTag) : tags.failed,
        on: { RETRY: again(), ...alsoAgain },
      },
    };
  };
}
