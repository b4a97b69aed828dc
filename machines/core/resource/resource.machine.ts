import { assign, setup } from 'xstate';
import { notProvided, withError } from '../requests';

type ErrorLike = { kind?: string; message?: string };

/**
 * One piece of remote data shown on a page (a home section, a project page panel): loading → ready, or
 * notFound (a 404) / failed with a retry. Data the page arrived with (`input.data`, written in by the server) is
 * ready at once, with nothing fetched. The loader is injected with .provide({ actors: { load } }).
 */
export const resourceMachine = setup({
  types: {
    context: {} as { data: unknown; error: string | null },
    events: {} as { type: 'RETRY' },
    input: {} as { data?: unknown } | undefined,
    tags: {} as 'loading' | 'ready' | 'notFound' | 'error',
  },
  actors: {
    load: notProvided<unknown>('load'),
  },
  guards: {
    arrivedWithData: ({ context }) => context.data !== null,
    isNotFound: (_, params: { error: unknown }) =>
      ((params.error as ErrorLike | undefined)?.kind ?? '') === 'not-found',
  },
  actions: {
    storeData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: (params.error as ErrorLike | undefined)?.message ?? 'Something went wrong',
    })),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ data: input?.data ?? null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'arrivedWithData', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: withError },
            target: 'notFound',
            actions: { type: 'rememberError', params: withError },
          },
          {
            target: 'failed',
            actions: { type: 'rememberError', params: withError },
          },
        ],
      },
    },
    ready: { tags: ['ready'] },
    notFound: { tags: ['notFound'] },
    failed: { tags: ['error'], on: { RETRY: { target: 'loading' } } },
  },
});
