import { assign, fromPromise, setup } from 'xstate';

type ErrorLike = { kind?: string; message?: string };

/**
 * One piece of remote data shown on a page (a home section, a project page panel): loading → ready, or
 * notFound (a 404) / failed with a retry. The loader is injected with .provide({ actors: { load } }).
 */
export const resourceMachine = setup({
  types: {
    context: {} as { data: unknown; error: string | null },
    events: {} as { type: 'RETRY' },
  },
  actors: {
    load: fromPromise<unknown>(async () => {
      throw new Error('load not provided');
    }),
  },
  guards: {
    isNotFound: ({ event }) => ((event as unknown as { error: ErrorLike }).error?.kind ?? '') === 'not-found',
  },
  actions: {
    rememberError: assign({
      error: ({ event }) =>
        (event as unknown as { error: ErrorLike }).error?.message ?? 'Something went wrong',
    }),
  },
}).createMachine({
  id: 'resource',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'rememberError' },
          { target: 'failed', actions: 'rememberError' },
        ],
      },
    },
    ready: { tags: ['ready'] },
    notFound: { tags: ['notFound'] },
    failed: { tags: ['error'], on: { RETRY: { target: 'loading' } } },
  },
});
