/**
 * The mobile drawer's view model: a snapshot and a send function in, whether it shows and prop getters out.
 * Components read this (the `open` tag underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { drawerMachine } from './drawer.machine';
import type { DrawerEvent, DrawerView } from './drawer.types';

export function connectDrawer(
  snapshot: SnapshotFrom<typeof drawerMachine>,
  send: (event: DrawerEvent) => void,
): DrawerView {
  const open = snapshot.hasTag('open');
  return {
    open,
    getRootProps: () => ({ 'data-drawer-open': open || undefined }),
    getTriggerProps: () => ({ 'aria-expanded': open, onClick: () => send({ type: 'OPEN' }) }),
    getDrawerProps: () => ({ onClose: () => send({ type: 'CLOSE' }) }),
  };
}
