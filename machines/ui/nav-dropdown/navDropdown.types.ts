import type { Tags } from '../../core/tags';

// No input and no context: open or closed is all the dropdown knows.

/** TOGGLE: the disclosure button; CLOSE: a pointer or focus outside, Escape, or a chosen link. */
export type NavDropdownEvent = { type: 'TOGGLE' } | { type: 'CLOSE' };
/** `open` while the panel shows. */
export type NavDropdownTag = Tags<'open'>;

/** What the connected view needs of the page: the panel's id, which the button controls. */
export type NavDropdownIds = { panel: string };

/**
 * What a dropdown renders (`connectNavDropdown`; the header's Products and Company menus, the notification bell):
 * whether the panel shows, and the props of its root, its button, its panel and the links in it.
 */
export type NavDropdownView = {
  open: boolean;
  /** The element holding the button and the panel, marked while open (the styles follow it). */
  getRootProps: () => { 'data-open': true | undefined };
  /** The disclosure button: says whether the panel shows and which it is, and opens or closes it. */
  getTriggerProps: () => { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void };
  /** The panel, hidden while closed. */
  getPanelProps: () => { id: string; hidden: boolean };
  /** A link in the panel: following it closes the panel. */
  getLinkProps: () => { onClick: () => void };
};
