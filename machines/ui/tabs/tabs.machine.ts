import { assign, setup } from 'xstate';
import type { TabsContext, TabsEvent, TabsInput } from './tabs.types';

/**
 * A row of tabs and the one panel shown (WAI-ARIA tabs with automatic activation: the tab that gets the focus is
 * shown). The arrows wrap around. Only the selected panel is rendered, so a panel's data loads when it is first shown.
 * Action: `focusSelected` (the component focuses the selected tab), provided by the component.
 */
export const tabsMachine = setup({
  types: {
    input: {} as TabsInput,
    context: {} as TabsContext,
    events: {} as TabsEvent,
  },
  guards: {
    isTab: ({ context, event }) =>
      event.type === 'SELECT' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.count,
  },
  actions: {
    focusSelected: () => undefined,
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => ({ count: Math.max(1, input.count), selected: 0 }),
  initial: 'showing',
  states: {
    showing: {
      on: {
        SELECT: {
          guard: 'isTab',
          actions: assign({ selected: ({ event }) => event.index }),
        },
        NEXT: {
          actions: [
            assign({ selected: ({ context }) => (context.selected + 1) % context.count }),
            'focusSelected',
          ],
        },
        PREVIOUS: {
          actions: [
            assign({ selected: ({ context }) => (context.selected - 1 + context.count) % context.count }),
            'focusSelected',
          ],
        },
        FIRST: { actions: [assign({ selected: 0 }), 'focusSelected'] },
        LAST: { actions: [assign({ selected: ({ context }) => context.count - 1 }), 'focusSelected'] },
      },
    },
  },
});
