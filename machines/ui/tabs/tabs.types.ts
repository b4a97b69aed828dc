/** How many tabs the row has (at least one is kept). */
export type TabsInput = { count: number };
/** `selected`: the index of the tab shown (and, after a key, focused). */
export type TabsContext = { count: number; selected: number };
export type TabsEvent =
  /** A click on a tab. */
  | { type: 'SELECT'; index: number }
  /** The arrow keys, Home and End on a focused tab: the selection and the focus move together. */
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'FIRST' }
  | { type: 'LAST' };
// No tags: the tabs have one state, and which tab shows is context.

/** What the connected view needs of the page: the prefix of the tabs' and the panel's ids (React's useId). */
export type TabsIds = { base: string };

/**
 * What a row of tabs renders (`connectTabs`): the selected index and the props of the tab list, of each tab and
 * of the one panel shown.
 */
export type TabsView = {
  selected: number;
  /** The tab list: arrows, Home and End on a focused tab move the selection (and the focus); other keys do nothing. */
  getListProps: () => {
    role: 'tablist';
    onKeyDown: (event: { key: string; preventDefault: () => void }) => void;
  };
  /** Tab `index`: only the selected one is in the tab order and names the panel; a click shows it. */
  getTabProps: (index: number) => {
    type: 'button';
    role: 'tab';
    id: string;
    'aria-selected': boolean;
    'aria-controls': string | undefined;
    'data-selected': '' | undefined;
    tabIndex: 0 | -1;
    onClick: () => void;
  };
  /** The panel of the selected tab, named by that tab. */
  getPanelProps: () => { role: 'tabpanel'; id: string; 'aria-labelledby': string; tabIndex: 0 };
};
