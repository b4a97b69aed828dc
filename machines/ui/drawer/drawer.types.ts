import type { Tags } from '../../core/tags';

// No input and no context: open or closed is all the drawer knows.

/** OPEN: the menu button; CLOSE: its close button or Escape; NAVIGATED: another page opened (a link in it). */
export type DrawerEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'NAVIGATED' };
/** `open` while the drawer shows. */
export type DrawerTag = Tags<'open'>;

/**
 * What the header renders of the drawer (`connectDrawer`): whether it shows, the header's mark of it, the menu
 * button's props and what the drawer itself calls to close.
 */
export type DrawerView = {
  open: boolean;
  /** The header that holds the drawer, marked while it is open (the page's styles follow it). */
  getRootProps: () => { 'data-drawer-open': true | undefined };
  /** The menu button: says whether the drawer is open, and opens it. */
  getTriggerProps: () => { 'aria-expanded': boolean; onClick: () => void };
  /** The drawer's own props: its close button, Escape and its links close it. */
  getDrawerProps: () => { onClose: () => void };
};
