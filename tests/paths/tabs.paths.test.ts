import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { connectTabs } from '../../machines/ui/tabs/tabs.connect';
import { tabsMachine } from '../../machines/ui/tabs/tabs.machine';
import type { TabsEvent } from '../../machines/ui/tabs/tabs.types';
import { describePaths, handlerEvents, type StepEffect } from './harness';

const COUNT = 3;
/** The ids' prefix, as React's useId gives it. */
const BASE = ':r1:';
const { send, sends } = handlerEvents<TabsEvent>();
/** The view Tabs renders; its handlers' events go to `send`. */
const view = (s: AnyMachineSnapshot) =>
  connectTabs(s as Parameters<typeof connectTabs>[0], send, { base: BASE });

/** A key pressed on the tab list: the events it sent and whether the browser's default (scrolling) was stopped. */
function press(s: AnyMachineSnapshot, key: string) {
  const preventDefault = vi.fn();
  const events = sends(() => view(s).getListProps().onKeyDown({ key, preventDefault }));
  return { events, prevented: preventDefault.mock.calls.length };
}

/**
 * The connected view with tab `selected` shown: that tab alone is selected, in the tab order and names the panel,
 * which names it back; every tab's click selects it; arrows, Home and End move (the page does not scroll), other
 * keys do nothing.
 */
function expectView(s: AnyMachineSnapshot, selected: number) {
  const v = view(s);
  expect(v.selected).toBe(selected);
  for (let i = 0; i < COUNT; i++) {
    const tab = v.getTabProps(i);
    expect(tab).toStrictEqual({
      type: 'button',
      role: 'tab',
      id: `${BASE}-tab-${i}`,
      'aria-selected': i === selected,
      'aria-controls': i === selected ? `${BASE}-panel` : undefined,
      'data-selected': i === selected ? '' : undefined,
      tabIndex: i === selected ? 0 : -1,
      onClick: expect.any(Function),
    });
    expect(sends(tab.onClick)).toEqual([{ type: 'SELECT', index: i }]);
  }
  expect(v.getPanelProps()).toStrictEqual({
    role: 'tabpanel',
    id: `${BASE}-panel`,
    'aria-labelledby': `${BASE}-tab-${selected}`,
    tabIndex: 0,
  });
  expect(v.getListProps()).toStrictEqual({ role: 'tablist', onKeyDown: expect.any(Function) });
  expect(press(s, 'ArrowRight')).toEqual({ events: [{ type: 'NEXT' }], prevented: 1 });
  expect(press(s, 'ArrowLeft')).toEqual({ events: [{ type: 'PREVIOUS' }], prevented: 1 });
  expect(press(s, 'Home')).toEqual({ events: [{ type: 'FIRST' }], prevented: 1 });
  expect(press(s, 'End')).toEqual({ events: [{ type: 'LAST' }], prevented: 1 });
  for (const key of ['ArrowDown', 'ArrowUp', 'Enter', ' ', 'Tab'])
    expect(press(s, key)).toEqual({ events: [], prevented: 0 });
}
const selected = (step: StepEffect) => [step.before.context.selected, step.after.context.selected];
const focused = (step: StepEffect) => step.actions.filter((a) => a.type === 'focusSelected').length;

const EVENTS: TabsEvent[] = [
  // A click on the first and the last tab.
  { type: 'SELECT', index: 0 },
  { type: 'SELECT', index: 2 },
  // Not a tab: ignored.
  { type: 'SELECT', index: COUNT },
  { type: 'SELECT', index: -1 },
  { type: 'NEXT' },
  { type: 'PREVIOUS' },
  { type: 'FIRST' },
  { type: 'LAST' },
];

describePaths('tabs', tabsMachine, {
  input: { count: COUNT },
  events: EVENTS,
  transitions: {
    // A click shows the clicked tab's panel; the focus is already on it (the click put it there).
    'tabs.showing|SELECT': (step) => {
      const index = step.event.index as number;
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(COUNT);
      expect(step.after.context.selected).toBe(index);
      expect(focused(step)).toBe(0);
    },
    // Right arrow: the next tab, the first after the last; shown and focused.
    'tabs.showing|NEXT': (step) => {
      const [before, after] = selected(step);
      expect(after).toBe(before === COUNT - 1 ? 0 : before! + 1);
      expect(focused(step)).toBe(1);
    },
    // Left arrow: the previous tab, the last before the first.
    'tabs.showing|PREVIOUS': (step) => {
      const [before, after] = selected(step);
      expect(after).toBe(before === 0 ? COUNT - 1 : before! - 1);
      expect(focused(step)).toBe(1);
    },
    'tabs.showing|FIRST': (step) => {
      expect(step.after.context.selected).toBe(0);
      expect(focused(step)).toBe(1);
    },
    'tabs.showing|LAST': (step) => {
      expect(step.after.context.selected).toBe(COUNT - 1);
      expect(focused(step)).toBe(1);
    },
  },
  states: {
    // Always exactly one tab shown, among the tabs there are.
    'tabs.showing': (s) => {
      expect(s.context.count).toBe(COUNT);
      expect(s.context.selected).toBeGreaterThanOrEqual(0);
      expect(s.context.selected).toBeLessThan(COUNT);
      expectView(s, s.context.selected);
    },
  },
});
