/**
 * A row of tabs' view model (WAI-ARIA tabs): a snapshot and a send function in, the selected index and prop getters
 * out. Components read this (context underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { tabsMachine } from './tabs.machine';
import type { TabsEvent, TabsIds, TabsView } from './tabs.types';

const KEYS = new Map<string, Exclude<TabsEvent['type'], 'SELECT'>>([
  ['ArrowRight', 'NEXT'],
  ['ArrowLeft', 'PREVIOUS'],
  ['Home', 'FIRST'],
  ['End', 'LAST'],
]);

export function connectTabs(
  snapshot: SnapshotFrom<typeof tabsMachine>,
  send: (event: TabsEvent) => void,
  ids: TabsIds,
): TabsView {
  const { selected } = snapshot.context;
  const tabId = (index: number) => `${ids.base}-tab-${index}`;
  const panelId = `${ids.base}-panel`;
  return {
    selected,
    getListProps: () => ({
      role: 'tablist',
      onKeyDown: (event) => {
        const type = KEYS.get(event.key);
        if (!type) return;
        // The page must not scroll (Home, End) while the focus moves along the tabs.
        event.preventDefault();
        send({ type });
      },
    }),
    getTabProps: (index) => {
      const isSelected = index === selected;
      return {
        type: 'button',
        role: 'tab',
        id: tabId(index),
        'aria-selected': isSelected,
        'aria-controls': isSelected ? panelId : undefined,
        'data-selected': isSelected ? '' : undefined,
        tabIndex: isSelected ? 0 : -1,
        onClick: () => send({ type: 'SELECT', index }),
      };
    },
    getPanelProps: () => ({ role: 'tabpanel', id: panelId, 'aria-labelledby': tabId(selected), tabIndex: 0 }),
  };
}
