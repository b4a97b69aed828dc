import { fromCallback, setup } from 'xstate';
import type { DrawerEvent, DrawerTag } from './drawer.types';

/** Drawer sizes and motion on narrow layouts (spec §9). */
export const DRAWER = { width: 378, largeWidth: 736, push: 180, durationMs: 300 } as const;

/**
 * The mobile navigation drawer: opened by the menu button, closed by its close button, Escape or navigation.
 * While open, `routeWatcher` runs: the header provides the browser's address listener, which sends NAVIGATED.
 */
export const drawerMachine = setup({
  types: {
    events: {} as DrawerEvent,
    tags: {} as DrawerTag,
  },
  actors: {
    // No-op here (node, tests, the visualizer); the header provides the address listener.
    routeWatcher: fromCallback<DrawerEvent>(() => () => undefined),
  },
}).createMachine({
  id: 'drawer',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'open' } } },
    open: {
      tags: ['open'],
      invoke: { id: 'routeWatcher', src: 'routeWatcher' },
      on: { CLOSE: { target: 'closed' }, NAVIGATED: { target: 'closed' } },
    },
  },
});
