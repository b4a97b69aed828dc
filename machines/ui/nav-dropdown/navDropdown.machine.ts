import { fromCallback, setup } from 'xstate';
import type { NavDropdownEvent, NavDropdownTag } from './navDropdown.types';

/**
 * A header navigation dropdown (Products, Company): a disclosure button and its panel of links. While open it
 * runs `dismissWatcher`, which the component provides with the DOM listeners (a pointer or focus outside, Escape)
 * and which sends CLOSE; a chosen link sends CLOSE too.
 */
export const navDropdownMachine = setup({
  types: {
    events: {} as NavDropdownEvent,
    tags: {} as NavDropdownTag,
  },
  actors: {
    dismissWatcher: fromCallback(() => () => undefined),
  },
}).createMachine({
  id: 'navDropdown',
  initial: 'closed',
  states: {
    closed: { on: { TOGGLE: { target: 'open' } } },
    open: {
      tags: ['open'],
      invoke: { id: 'dismissWatcher', src: 'dismissWatcher' },
      on: { TOGGLE: { target: 'closed' }, CLOSE: { target: 'closed' } },
    },
  },
});
