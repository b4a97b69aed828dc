import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { connectNavDropdown } from '../../machines/ui/nav-dropdown/navDropdown.connect';
import { navDropdownMachine } from '../../machines/ui/nav-dropdown/navDropdown.machine';
import type { NavDropdownEvent } from '../../machines/ui/nav-dropdown/navDropdown.types';
import { attachedListeners, describePaths, handlerEvents, type StepEffect } from './harness';

/** The outside/Escape listeners the component provides, while attached: each step sees whether they are. */
const { listening, listener } = attachedListeners();
const machine = navDropdownMachine.provide({ actors: { dismissWatcher: listener } });

/** The panel's id, as the component gives it (React's useId). */
const PANEL_ID = ':r2:';
const { send, sends } = handlerEvents<NavDropdownEvent>();
/** The view NavDropdown and the notification bell render; their handlers' events go to `send`. */
const view = (s: AnyMachineSnapshot) =>
  connectNavDropdown(s as Parameters<typeof connectNavDropdown>[0], send, { panel: PANEL_ID });

/**
 * The connected view in a state: the root is marked, the button says expanded and the panel shows exactly while
 * open; the button always names the panel and toggles it, and a link in the panel closes it.
 */
function expectView(s: AnyMachineSnapshot, open: boolean) {
  const v = view(s);
  expect(v.open).toBe(open);
  expect(v.getRootProps()).toStrictEqual({ 'data-open': open ? true : undefined });
  const trigger = v.getTriggerProps();
  expect(trigger).toStrictEqual({
    'aria-expanded': open,
    'aria-controls': PANEL_ID,
    onClick: expect.any(Function),
  });
  expect(v.getPanelProps()).toStrictEqual({ id: PANEL_ID, hidden: !open });
  const link = v.getLinkProps();
  expect(link).toStrictEqual({ onClick: expect.any(Function) });
  expect(sends(trigger.onClick)).toEqual([{ type: 'TOGGLE' }]);
  expect(sends(link.onClick)).toEqual([{ type: 'CLOSE' }]);
}

/** The panel closed, and its outside/Escape listeners went with it. */
const closes = (step: StepEffect) => {
  const watcher = step.before.children.dismissWatcher as AnyActorRef;
  expect(view(step.before).open).toBe(true);
  expect(listening.has(watcher)).toBe(false);
  expect(view(step.after).open).toBe(false);
  expect(step.after.children.dismissWatcher).toBeUndefined();
  expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: watcher }]);
  expect(step.sent).toEqual([]);
};

describePaths('navDropdown', machine, {
  events: [{ type: 'TOGGLE' }, { type: 'CLOSE' }],
  transitions: {
    // The disclosure button opens the panel, and only then are the outside/Escape listeners attached.
    'navDropdown.closed|TOGGLE': (step) => {
      expect(view(step.before).open).toBe(false);
      expect(step.before.children.dismissWatcher).toBeUndefined();
      expect(view(step.after).open).toBe(true);
      const watcher = step.after.children.dismissWatcher as AnyActorRef;
      expect(listening.has(watcher)).toBe(true);
      expect(step.actions).toEqual([
        {
          type: 'xstate.spawnChild',
          params: { id: 'dismissWatcher', src: 'dismissWatcher', actorRef: watcher },
        },
      ]);
    },
    // The button again closes it.
    'navDropdown.open|TOGGLE': closes,
    // A pointer or focus outside, Escape, or a chosen link closes it.
    'navDropdown.open|CLOSE': closes,
  },
  states: {
    // Before any interaction the panel is closed and nothing listens to the page.
    'navDropdown.closed': (s, step) => {
      expectView(s, false);
      if (step?.event.type !== 'xstate.init') return;
      expect(s.children).toEqual({});
    },
    // Open: the panel shows and the button says so.
    'navDropdown.open': (s) => expectView(s, true),
  },
});
