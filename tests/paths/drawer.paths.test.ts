import { expect } from 'vitest';
import { fromCallback, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { drawerMachine } from '../../machines/ui/drawer/drawer.machine';
import { describePaths, type StepEffect } from './harness';

/** The address listeners the header provides, while attached. */
const listening = new Set<AnyActorRef>();
const machine = drawerMachine.provide({
  actors: {
    routeWatcher: fromCallback(({ self }) => {
      listening.add(self);
      return () => {
        listening.delete(self);
      };
    }),
  },
});
const watcher = (s: AnyMachineSnapshot) => s.children.routeWatcher as AnyActorRef | undefined;

/**
 * The drawer went from closed to open (or back), and the address is listened to exactly while it is open (a route
 * change closes it); nothing else ran.
 */
const shows = (step: StepEffect, open: boolean) => {
  expect(step.before.hasTag('open')).toBe(!open);
  expect(step.after.hasTag('open')).toBe(open);
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
  transitions: {
    // The menu button opens the drawer.
    'drawer.closed|OPEN': (step) => shows(step, true),
    // Its close button (or Escape) closes it.
    'drawer.open|CLOSE': (step) => shows(step, false),
    // Following a link in it closes it too.
    'drawer.open|NAVIGATED': (step) => shows(step, false),
  },
});
