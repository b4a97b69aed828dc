import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { connectDrawer } from '../../machines/ui/drawer/drawer.connect';
import { drawerMachine } from '../../machines/ui/drawer/drawer.machine';
import type { DrawerEvent } from '../../machines/ui/drawer/drawer.types';
import { attachedListeners, describePaths, handlerEvents, type StepEffect } from './harness';

/** The address listeners the header provides, while attached. */
const { listening, listener } = attachedListeners();
const machine = drawerMachine.provide({ actors: { routeWatcher: listener } });
const watcher = (s: AnyMachineSnapshot) => s.children.routeWatcher as AnyActorRef | undefined;

const { send, sends } = handlerEvents<DrawerEvent>();
/** The view the header renders; its handlers' events go to `send`. */
const view = (s: AnyMachineSnapshot) => connectDrawer(s as Parameters<typeof connectDrawer>[0], send);

/**
 * The connected view in a state: the header is marked and the menu button says expanded exactly while the drawer
 * is open; the button opens it and the drawer's own onClose closes it, whatever the state (the machine ignores
 * what does not apply).
 */
function expectView(s: AnyMachineSnapshot, open: boolean) {
  const v = view(s);
  expect(v.open).toBe(open);
  expect(v.getRootProps()).toStrictEqual({ 'data-drawer-open': open ? true : undefined });
  const trigger = v.getTriggerProps();
  expect(trigger).toStrictEqual({ 'aria-expanded': open, onClick: expect.any(Function) });
  const drawer = v.getDrawerProps();
  expect(drawer).toStrictEqual({ onClose: expect.any(Function) });
  expect(sends(trigger.onClick)).toEqual([{ type: 'OPEN' }]);
  expect(sends(drawer.onClose)).toEqual([{ type: 'CLOSE' }]);
}

/**
 * The drawer went from closed to open (or back), and the address is listened to exactly while it is open (a route
 * change closes it); nothing else ran.
 */
const shows = (step: StepEffect, open: boolean) => {
  expect(view(step.before).open).toBe(!open);
  expect(view(step.after).open).toBe(open);
  expect(step.after.status).toBe('active');
  if (open) {
    const ref = watcher(step.after)!;
    expect(listening.has(ref)).toBe(true);
    expect(step.actions).toEqual([
      {
        type: 'xstate.spawnChild',
        params: {
          id: 'routeWatcher',
          src: 'routeWatcher',
          actorRef: ref,
          input: undefined,
          systemId: undefined,
        },
      },
    ]);
  } else {
    const before = watcher(step.before)!;
    expect(watcher(step.after)).toBeUndefined();
    expect(listening.has(before)).toBe(false);
    expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: before }]);
  }
  expect(step.emitted).toEqual([]);
  expect(step.sent.filter((s) => s.event.type !== 'xstate.init')).toEqual([]);
};

describePaths('drawer', machine, {
  events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'NAVIGATED' }],
  states: {
    // Closed: only the menu button shows, not expanded.
    'drawer.closed': (s) => expectView(s, false),
    // Open: the drawer is rendered, the header marked and the button expanded.
    'drawer.open': (s) => expectView(s, true),
  },
  transitions: {
    // The menu button opens the drawer.
    'drawer.closed|OPEN': (step) => shows(step, true),
    // Its close button (or Escape) closes it.
    'drawer.open|CLOSE': (step) => shows(step, false),
    // Following a link in it closes it too.
    'drawer.open|NAVIGATED': (step) => shows(step, false),
  },
});
