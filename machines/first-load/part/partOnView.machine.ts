import { assign, fromCallback, setup } from 'xstate';
import { notProvided } from '../../core/requests';

export type PartOnViewEvent =
  /**
   * The part must be made to work: its server-rendered HTML came near the viewport, or there is none to show (a page
   * the browser renders itself, or the server's HTML was replaced).
   */
  { type: 'NEEDED' };

/**
 * A part of a page below the fold whose code loads when it is needed: the server's HTML of the part stays
 * on screen, readable but inert, until the visitor scrolls near it; only then does its code load and React take it
 * over. Until then the page downloads and runs nothing for it. The part's code is the machine's output (`module`);
 * a load that fails ends in `failed` with the error, which the page reports as it reports any lazy part that
 * cannot load.
 * Actors: `watcher` (sends NEEDED: the browser's intersection and mutation observers; a no-op here, so the machine
 * runs in node, in tests and in the visualizer) and `load` (the part's dynamic import), provided by src/first-load/partOnView.
 */
export const partOnViewMachine = setup({
  types: {
    context: {} as { module: unknown; error: unknown },
    events: {} as PartOnViewEvent,
    output: {} as { module: unknown } | { error: unknown },
    tags: {} as 'error',
  },
  actors: {
    watcher: fromCallback<PartOnViewEvent>(() => () => undefined),
    load: notProvided<unknown>('load'),
  },
}).createMachine({
  id: 'partOnView',
  context: { module: undefined, error: undefined },
  initial: 'waiting',
  states: {
    /** The server's HTML shows; nothing of the part's code is loaded. */
    waiting: {
      invoke: { id: 'watcher', src: 'watcher' },
      on: { NEEDED: 'loading' },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ module: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loaded: { type: 'final' },
    failed: { type: 'final', tags: ['error'] },
  },
  output: ({ context }) =>
    context.error === undefined ? { module: context.module } : { error: context.error },
});
