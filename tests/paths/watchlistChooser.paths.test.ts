import { expect } from 'vitest';
import { fromCallback, type AnyActorRef, type EventObject } from 'xstate';
import { watchlistChooserMachine } from '../../machines/watchlist/chooser/watchlistChooser.machine';
import { describePaths, type StepEffect } from './harness';

/** The outside/Escape listeners the component provides, while attached: each step sees whether they are. */
const listening = new Set<AnyActorRef>();
const machine = watchlistChooserMachine.provide({
  actors: {
    dismissWatcher: fromCallback(({ self }) => {
      listening.add(self);
      return () => {
        listening.delete(self);
      };
    }),
  },
});

/** The menu closed, its listeners went with it; `toggled` says which list the project was toggled in, if any. */
const closes = (step: StepEffect, toggled: string | null) => {
  const watcher = step.before.children.dismissWatcher as AnyActorRef;
  expect(step.before.hasTag('open')).toBe(true);
  expect(step.after.hasTag('open')).toBe(false);
  expect(listening.has(watcher)).toBe(false);
  expect(step.after.children.dismissWatcher).toBeUndefined();
  expect(step.actions.filter((a) => a.type === 'toggle')).toEqual(
    toggled ? [{ type: 'toggle', params: { listId: toggled } }] : [],
  );
  expect(step.actions).toContainEqual({ type: 'xstate.stopChild', params: watcher });
  expect(step.sent).toEqual([]);
};

describePaths('watchlistChooser', machine, {
  events: [{ type: 'STAR' }, { type: 'CLOSE' }, { type: 'CHOOSE', listId: 'w2' } as EventObject],
  transitions: {
    // The star opens the menu; nothing is toggled yet, and only now do the outside/Escape listeners attach.
    'watchlistChooser.closed|STAR': (step) => {
      expect(step.after.hasTag('open')).toBe(true);
      const watcher = step.after.children.dismissWatcher as AnyActorRef;
      expect(listening.has(watcher)).toBe(true);
      expect(step.actions).toEqual([
        { type: 'xstate.spawnChild', params: { id: 'dismissWatcher', src: 'dismissWatcher', actorRef: watcher } },
      ]);
    },
    // The star again, a click or focus outside, or Escape: closed, nothing toggled.
    'watchlistChooser.open|STAR': (step) => closes(step, null),
    'watchlistChooser.open|CLOSE': (step) => closes(step, null),
    // A list chosen: the project is toggled in exactly that list, once, and the menu closes.
    'watchlistChooser.open|CHOOSE': (step) => closes(step, step.event.listId as string),
  },
  states: {
    // Before the star is used the menu is closed and nothing listens to the page.
    'watchlistChooser.closed': (s, step) => {
      if (step?.event.type !== 'xstate.init') return;
      expect(s.hasTag('open')).toBe(false);
      expect(s.children).toEqual({});
    },
  },
});
