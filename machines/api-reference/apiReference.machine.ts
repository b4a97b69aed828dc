import { fromCallback, setup } from 'xstate';

export type ApiReferenceEvent = { type: 'LOADED' } | { type: 'FAILED' };

/**
 * The API reference page (/developers/api): the reference renderer loads and mounts itself (`reference`, which the
 * app provides: Scalar, imported only on this page), then reports LOADED or FAILED; when it failed the page says so
 * and points at the OpenAPI document. The renderer runs as long as the page; stopping it unmounts the reference.
 * Tags: loading, ready, failed.
 */
export const apiReferenceMachine = setup({
  types: {
    events: {} as ApiReferenceEvent,
    tags: {} as 'loading' | 'ready' | 'failed',
  },
  actors: {
    // No-op here (node, tests, the visualizer): it never reports, so the page stays loading.
    reference: fromCallback<ApiReferenceEvent>(() => () => undefined),
  },
}).createMachine({
  id: 'apiReference',
  invoke: { id: 'reference', src: 'reference' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      on: { LOADED: { target: 'ready' }, FAILED: { target: 'failed' } },
    },
    ready: { tags: ['ready'] },
    failed: { tags: ['failed'] },
  },
});
