/**
 * A navigation dropdown's view model (a disclosure: a button and its panel): a snapshot and a send function in,
 * whether it is open and prop getters out. Components read this (the `open` tag underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { navDropdownMachine } from './navDropdown.machine';
import type { NavDropdownEvent, NavDropdownIds, NavDropdownView } from './navDropdown.types';

export function connectNavDropdown(
  snapshot: SnapshotFrom<typeof navDropdownMachine>,
  send: (event: NavDropdownEvent) => void,
  ids: NavDropdownIds,
): NavDropdownView {
  const open = snapshot.hasTag('open');
  return {
    open,
    getRootProps: () => ({ 'data-open': open || undefined }),
    getTriggerProps: () => ({
      'aria-expanded': open,
      'aria-controls': ids.panel,
      onClick: () => send({ type: 'TOGGLE' }),
    }),
    getPanelProps: () => ({ id: ids.panel, hidden: !open }),
    getLinkProps: () => ({ onClick: () => send({ type: 'CLOSE' }) }),
  };
}
