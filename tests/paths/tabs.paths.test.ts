import { expect } from 'vitest';
import { tabsMachine, type TabsEvent } from '../../machines/ui/tabs/tabs.machine';
import { describePaths, type StepEffect } from './harness';

const COUNT = 3;
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
    },
  },
});
