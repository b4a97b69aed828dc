import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/**
 * The part every list section (API keys, webhooks, the portfolio, a settings section, a project's contracts)
 * shares: `loading` runs the injected `load` actor and, with what it answered, goes to the state that shows it;
 * a failure goes to `failed`, tagged 'error', which RETRY takes back to `loading`. The machine adds its shown
 * state (tagged 'ready'; its writes in substates or siblings tagged 'busy') beside these two:
 *
 *   states: { ...listSectionStates<ApiKey[]>()({ store: 'storeKeys', failed: 'showLoadFailed' }), ready: { … } }
 *
 * (curried so the load's output type can be named while the action names are inferred). `store` is the machine's action that keeps the list; it gets `{ data }` (the load's output) as its params.
 * `failed` (an action given `{ error }`) words the failure; `retry` runs on RETRY (to drop that message). `input`
 * is the load's input, `id` the invoke's id (without one XState numbers it, which some path tests name).
 */
export function listSectionStates<Output>() {
  return function states<
    const Store extends string,
    const Failed extends string = never,
    const Retry extends string = never,
    const Shown extends string = 'ready',
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
  }) {
    const { store, failed, retry, shown, id, input } = options;
    return {
      loading: {
        tags: 'loading' as const,
        invoke: {
          ...(id === undefined ? {} : { id }),
          src: 'load' as const,
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
            actions:
              failed === undefined
                ? []
                : [
                    {
                      type: failed,
                      params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }),
                    },
                  ],
          },
        },
      },
      failed: {
        tags: 'error' as const,
        on: { RETRY: { target: 'loading' as const, actions: retry === undefined ? [] : [retry] } },
      },
    };
  };
}
