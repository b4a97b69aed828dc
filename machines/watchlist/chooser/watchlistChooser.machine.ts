import { fromCallback, setup } from 'xstate';
import type { WatchlistChooserEvent, WatchlistChooserTag } from './watchlistChooser.types';

/**
 * The leaderboard star's choice of list, for a user with several watchlists (with one, the star toggles it and this
 * flow is not used). The star opens a menu of the lists, those holding the project marked; choosing one toggles
 * the project in that list through the provided `toggle` action (the app sends TOGGLE with the list's id to its
 * watchlist actor, which shows the change and the message as for any star) and closes the menu. While open it
 * runs `dismissWatcher`, which the component provides with the DOM listeners and which sends CLOSE.
 */
export const watchlistChooserMachine = setup({
  types: {
    events: {} as WatchlistChooserEvent,
    tags: {} as WatchlistChooserTag,
  },
  actors: {
    dismissWatcher: fromCallback(() => () => undefined),
  },
  actions: {
    /** Provided by the app: toggles the row's project in the chosen list. */
    toggle: (_, _params: { listId: string }) => undefined,
  },
}).createMachine({
  id: 'watchlistChooser',
  initial: 'closed',
  states: {
    closed: { on: { STAR: { target: 'open' } } },
    open: {
      tags: ['open'],
      invoke: { id: 'dismissWatcher', src: 'dismissWatcher' },
      on: {
        STAR: { target: 'closed' },
        CLOSE: { target: 'closed' },
        CHOOSE: {
          target: 'closed',
          actions: { type: 'toggle', params: ({ event }) => ({ listId: event.listId }) },
        },
      },
    },
  },
});
