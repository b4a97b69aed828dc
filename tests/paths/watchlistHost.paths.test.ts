import { expect } from 'vitest';
import { createMachine, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { watchlistHostMachine } from '../../machines/watchlist/host/watchlistHost.machine';
import { describePaths, pending, withFreshSystems, type StepEffect } from './harness';

/** The loaded watchlist: a machine that does nothing, so what the host tells it is the step's `sent` list. */
const watchlistLogic = createMachine({});

type Ctx = { signedIn: boolean | null; keptToggle: string | null; list: AnyActorRef | null };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;

/** What the step sent, the watchlist's start aside, with the watchlist named `list`. */
const sentOf = (step: StepEffect) =>
  step.sent
    .filter((s) => s.event.type !== 'xstate.init')
    .map(({ to, event }) => ({ to: to === ctx(step.after).list?.id ? 'list' : to, event }));
const named = (step: StepEffect) => step.actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));

/** Everything but the named context keys is as before. */
function onlyChanged(step: StepEffect, keys: (keyof Ctx)[]) {
  for (const key of ['signedIn', 'keptToggle', 'list'] as const)
    if (!keys.includes(key)) expect(ctx(step.after)[key], key).toEqual(ctx(step.before)[key]);
}

/** A sign-in or a star click starts loading the code: one load, nothing spawned yet, the click kept. */
const startsLoading = (step: StepEffect) => {
  expect(step.after.matches('loading')).toBe(true);
  expect(step.after.children.load).toBeDefined();
  expect(ctx(step.after).list).toBeNull();
  if (step.event.type === 'SIGNED_IN') {
    expect(ctx(step.after).signedIn).toBe(true);
    onlyChanged(step, ['signedIn']);
  } else {
    expect(ctx(step.after).keptToggle).toBe(step.event.projectId);
    onlyChanged(step, ['keptToggle']);
  }
  expect(sentOf(step)).toEqual([]);
};

/** Before the code is there, the session news is remembered for it and nothing is sent. */
const remembered = (step: StepEffect) => {
  expect(ctx(step.after).signedIn).toBe(step.event.type === 'SIGNED_IN');
  onlyChanged(step, ['signedIn']);
  expect(sentOf(step)).toEqual([]);
  expect(step.after.value).toEqual(step.before.value);
};

/** Once loaded, the news or the click goes on to the watchlist as it came. */
const passedOn = (step: StepEffect) => {
  expect(sentOf(step)).toEqual([{ to: 'list', event: step.event }]);
  expect(step.after.matches('ready')).toBe(true);
  const { type } = step.event;
  if (type === 'SIGNED_IN' || type === 'SIGNED_OUT') {
    expect(ctx(step.after).signedIn).toBe(type === 'SIGNED_IN');
    onlyChanged(step, ['signedIn']);
  } else onlyChanged(step, []);
};

describePaths(
  'watchlistHost',
  withFreshSystems(
    watchlistHostMachine.provide({
      actors: { load: pending() },
      // The real one sends the request to the host's parent, the app (tests/unit/appSystem.test.ts shows it
      // reaching the auth modal); a machine tested alone has no parent.
      actions: { askForLogin: () => undefined },
    }),
  ),
  {
    events: (s) => [
      { type: 'SIGNED_IN' },
      { type: 'SIGNED_OUT' },
      { type: 'RELOAD' },
      { type: 'TOGGLE', projectId: 'aave' },
      { type: 'OPEN_AUTH', view: 'login' },
      ...(s.matches('loading')
        ? [
            { type: 'xstate.done.actor.load', output: watchlistLogic },
            { type: 'xstate.error.actor.load', error: new Error('offline') },
          ]
        : []),
      ...(ctx(s).list ? [{ type: 'xstate.error.actor.list', error: new Error('watchlist broke') }] : []),
    ],
    serializeState: (s) => JSON.stringify([s.value, ctx(s).signedIn, ctx(s).keptToggle]),
    transitions: {
      'watchlistHost.dormant|SIGNED_IN': startsLoading,
      'watchlistHost.dormant|TOGGLE': startsLoading,
      'watchlistHost.failed|SIGNED_IN': startsLoading,
      'watchlistHost.failed|TOGGLE': startsLoading,
      'watchlistHost|SIGNED_OUT': remembered,
      // While loading: the same load goes on; the news is remembered, the latest click kept.
      'watchlistHost.loading|SIGNED_IN': (step) => {
        expect(step.after.children.load).toBe(step.before.children.load);
        remembered(step);
      },
      'watchlistHost.loading|TOGGLE': (step) => {
        expect(step.after.children.load).toBe(step.before.children.load);
        expect(ctx(step.after).keptToggle).toBe(step.event.projectId);
        onlyChanged(step, ['keptToggle']);
        expect(sentOf(step)).toEqual([]);
      },
      // The code arrived: the watchlist is spawned and hears the session first, then the kept click.
      'watchlistHost.loading|xstate.done.actor.load': (step) => {
        const list = ctx(step.after).list!;
        expect(list.getSnapshot().status).toBe('active');
        expect(step.after.children.list).toBe(list);
        expect(step.after.children.load).toBeUndefined();
        const { signedIn, keptToggle } = ctx(step.before);
        expect(sentOf(step)).toEqual([
          ...(signedIn === null
            ? []
            : [{ to: 'list', event: { type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' } }]),
          ...(keptToggle === null ? [] : [{ to: 'list', event: { type: 'TOGGLE', projectId: keptToggle } }]),
        ]);
        expect(ctx(step.after).keptToggle).toBeNull();
        onlyChanged(step, ['list', 'keptToggle']);
      },
      // It could not load (offline): nothing spawned, the click dropped; the next sign-in or click tries again.
      'watchlistHost.loading|xstate.error.actor.load': (step) => {
        expect(step.after.matches('failed')).toBe(true);
        expect(step.after.children.load).toBeUndefined();
        expect(ctx(step.after).keptToggle).toBeNull();
        expect(sentOf(step)).toEqual([]);
        onlyChanged(step, ['keptToggle']);
      },
      'watchlistHost.ready|SIGNED_IN': passedOn,
      'watchlistHost.ready|SIGNED_OUT': passedOn,
      'watchlistHost.ready|RELOAD': passedOn,
      'watchlistHost.ready|TOGGLE': passedOn,
      // The watchlist asks for the login (a guest's click): the request goes up to the app.
      'watchlistHost|OPEN_AUTH': (step) => {
        expect(named(step)).toEqual(['askForLogin']);
        expect(sentOf(step)).toEqual([]);
        expect(step.after.value).toEqual(step.before.value);
        onlyChanged(step, []);
      },
      // The watchlist failed (a bug): reported, the host goes on.
      'watchlistHost|xstate.error.actor.list': (step) => {
        expect(named(step)).toEqual(['reportChildError']);
        expect(step.after.status).toBe('active');
        expect(step.after.value).toEqual(step.before.value);
        expect(sentOf(step)).toEqual([]);
        onlyChanged(step, []);
      },
    },
    states: {
      'watchlistHost.dormant': (s) => {
        expect(Object.keys(s.children)).toEqual([]);
        expect(ctx(s).list).toBeNull();
        expect(ctx(s).signedIn).not.toBe(true);
      },
      'watchlistHost.loading': (s) => {
        expect(s.children.load).toBeDefined();
        expect(ctx(s).list).toBeNull();
      },
      'watchlistHost.ready': (s) => {
        expect(s.children.list).toBe(ctx(s).list);
        expect(ctx(s).keptToggle).toBeNull();
      },
      'watchlistHost.failed': (s) => {
        expect(Object.keys(s.children)).toEqual([]);
        expect(ctx(s).list).toBeNull();
        expect(ctx(s).keptToggle).toBeNull();
      },
    },
  },
);
