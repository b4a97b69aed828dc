import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { hydrateOnIntentMachine } from '../../machines/first-load/hydrate/hydrateOnIntent.machine';
import { describePaths, pending, type StepEffect } from './harness';

const LINK = { kind: 'click', target: { href: '/projects/tether' } } as const;
const FORM = { kind: 'submit', target: { action: '/search' } } as const;
const OFFLINE = new Error('offline');

/** What runs: the intent watcher, the action holder, the app's load, the wait for the held action's target. */
const running = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const held = (s: AnyMachineSnapshot) => (s.context as { held: unknown }).held;
/** The side effects a step ran, by name (assigns show in the context instead). */
const effects = (step: StepEffect) =>
  step.actions.filter((a) => !a.type.startsWith('xstate.')).map((a) => [a.type, a.params]);

const stubbed = hydrateOnIntentMachine.provide({ actors: { startApp: pending() as never } });

const options = {
  events: (s: AnyMachineSnapshot) => [
    { type: 'INTENT' },
    { type: 'HELD', action: held(s) === LINK ? FORM : LINK },
    ...(s.matches({ beforeApp: 'starting' })
      ? [{ type: 'xstate.done.actor.startApp' }, { type: 'xstate.error.actor.startApp', error: OFFLINE }]
      : []),
    ...(s.matches('handingOver') ? [{ type: 'xstate.after.nextTask.hydrateOnIntent.handingOver' }] : []),
    ...(s.matches('failed') ? [{ type: 'xstate.after.nextTask.hydrateOnIntent.failed' }] : []),
    ...(s.matches('replaying') ? [{ type: 'TARGET_TAKEN_OVER' }] : []),
  ],
  transitions: {
    // The server rendered the page as this browser shows it: the page waits for intent, holding clicks.
    'hydrateOnIntent.deciding|always|1': (step: StepEffect) => {
      expect(running(step.after)).toEqual(['actionHolder', 'intentWatcher']);
    },
    // A choice kept in storage only, or a tour under way: the app loads at once, clicks held meanwhile.
    'hydrateOnIntent.deciding|always|0': (step: StepEffect) => {
      expect(running(step.after)).toEqual(['actionHolder', 'startApp']);
    },
    // The first sign of intent: the watcher stops and the app's code starts loading; nothing is held.
    'hydrateOnIntent.beforeApp.waiting|INTENT': (step: StepEffect) => {
      expect(running(step.before)).toEqual(['actionHolder', 'intentWatcher']);
      expect(running(step.after)).toEqual(['actionHolder', 'startApp']);
      expect(held(step.after)).toBeNull();
    },
    // A click with no intent before it: held, and the app starts loading.
    'hydrateOnIntent.beforeApp.waiting|HELD': (step: StepEffect) => {
      expect(held(step.after)).toBe(step.event.action);
      expect(running(step.after)).toEqual(['actionHolder', 'startApp']);
    },
    // Another click while the app loads: the newest is the one done again.
    'hydrateOnIntent.beforeApp|HELD': (step: StepEffect) => {
      expect(held(step.after)).toBe(step.event.action);
      expect(running(step.after)).toEqual(['actionHolder', 'startApp']);
      expect(effects(step)).toEqual([]);
    },
    // The app runs: the holder lets go; nothing is replayed in this task.
    'hydrateOnIntent.beforeApp.starting|xstate.done.actor.startApp': (step: StepEffect) => {
      expect(running(step.after)).toEqual([]);
      expect(effects(step)).toEqual([]);
      expect(held(step.after)).toBe(held(step.before));
    },
    // A task later: typed text is handed to the app; the held click waits for its target to be the app's.
    'hydrateOnIntent.handingOver|xstate.after.nextTask.hydrateOnIntent.handingOver|0': (step: StepEffect) => {
      expect(effects(step)).toEqual([['handOverTyped', undefined]]);
      expect(running(step.after)).toEqual(['targetTakenOver']);
      expect(step.after.children.targetTakenOver?.getSnapshot().input).toEqual({ action: held(step.before) });
      expect(held(step.after)).toBe(held(step.before));
    },
    // Its target is the app's: the held click is done again, once.
    'hydrateOnIntent.replaying|TARGET_TAKEN_OVER': (step: StepEffect) => {
      expect(effects(step)).toEqual([['replay', { action: held(step.before) }]]);
      expect(held(step.after)).toBeNull();
      expect(running(step.after)).toEqual([]);
      expect(step.after.status).toBe('done');
    },
    // Nothing was held: only the typed text is handed over.
    'hydrateOnIntent.handingOver|xstate.after.nextTask.hydrateOnIntent.handingOver|1': (step: StepEffect) => {
      expect(effects(step)).toEqual([['handOverTyped', undefined]]);
      expect(step.after.status).toBe('done');
    },
    // The app's code could not load: the holder lets go and the page waits for the next sign of intent.
    'hydrateOnIntent.beforeApp.starting|xstate.error.actor.startApp': (step: StepEffect) => {
      expect(running(step.after)).toEqual(['intentWatcher']);
      expect(effects(step)).toEqual([]);
    },
    // A task later, the held click is done on the server's HTML (a link loads its page).
    'hydrateOnIntent.failed|xstate.after.nextTask.hydrateOnIntent.failed': (step: StepEffect) => {
      expect(effects(step)).toEqual([['replay', { action: held(step.before) }]]);
      expect(held(step.after)).toBeNull();
      expect(step.after.matches('failed')).toBe(true);
    },
    // The next sign of intent tries again, holding clicks again.
    'hydrateOnIntent.failed|INTENT': (step: StepEffect) => {
      expect(running(step.after)).toEqual(['actionHolder', 'startApp']);
    },
  },
  states: {
    'hydrateOnIntent.beforeApp.waiting': (s: AnyMachineSnapshot) =>
      expect(running(s)).toEqual(['actionHolder', 'intentWatcher']),
    'hydrateOnIntent.beforeApp.starting': (s: AnyMachineSnapshot) =>
      expect(running(s)).toEqual(['actionHolder', 'startApp']),
    'hydrateOnIntent.handingOver': (s: AnyMachineSnapshot) => expect(running(s)).toEqual([]),
    'hydrateOnIntent.replaying': (s: AnyMachineSnapshot) => {
      expect(running(s)).toEqual(['targetTakenOver']);
      expect(held(s)).not.toBeNull();
    },
    'hydrateOnIntent.running': (s: AnyMachineSnapshot) => {
      expect(s.status).toBe('done');
      expect(held(s)).toBeNull();
    },
    'hydrateOnIntent.failed': (s: AnyMachineSnapshot) => {
      expect(running(s)).toEqual(['intentWatcher']);
      expect(s.hasTag('error')).toBe(true);
    },
  },
};

describePaths('hydrateOnIntent', stubbed, { ...options, input: { atOnce: false } });
describePaths('hydrateOnIntent', stubbed, { ...options, input: { atOnce: true } });
