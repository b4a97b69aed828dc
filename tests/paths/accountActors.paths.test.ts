import { expect } from 'vitest';
import { createMachine, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { accountActorsMachine } from '../../machines/core/account-actors/accountActors.machine';
import { describePaths, pending, withFreshSystems, type StepEffect } from './harness';
import { answersIn } from './answers';

/** The loaded actors: machines that keep their input, to show what they were spawned with. */
const recording = createMachine({ context: ({ input }) => ({ input }) });
const logic = { notifications: recording, surveyNotification: recording, signOut: recording };
const INPUT = { notifications: { pollInterval: 5000 } };

type Ctx = {
  signedIn: boolean;
  survey: { type: string } | null;
  listWanted: boolean;
  notifications: AnyActorRef | null;
  surveyNotification: AnyActorRef | null;
  signOut: AnyActorRef | null;
};
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
const LOADED = ['notifications', 'surveyNotification', 'signOut'] as const;

/** What the step sent, the loaded actors' start aside, with them named by their system id. */
const sentOf = (step: StepEffect) =>
  step.sent
    .filter((s) => s.event.type !== 'xstate.init')
    .map(({ to, event }) => ({
      to: LOADED.find((key) => ctx(step.after)[key]?.id === to) ?? to,
      event: { type: event.type },
    }));
const named = (step: StepEffect) => step.actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));

/** Everything but the named context keys is as before. */
function onlyChanged(step: StepEffect, keys: (keyof Ctx)[]) {
  for (const key of ['signedIn', 'survey', 'listWanted', ...LOADED] as const)
    if (!keys.includes(key)) expect(ctx(step.after)[key], key).toEqual(ctx(step.before)[key]);
}

/** The news is remembered for later and not passed on (nothing is loaded yet). */
const remembered = (step: StepEffect) => {
  const { type } = step.event;
  if (type === 'SIGNED_IN' || type === 'SIGNED_OUT') {
    expect(ctx(step.after).signedIn).toBe(type === 'SIGNED_IN');
    onlyChanged(step, ['signedIn']);
  } else {
    expect(ctx(step.after).survey).toEqual({ type });
    onlyChanged(step, ['survey']);
  }
  expect(sentOf(step)).toEqual([]);
};

/** A sign-in starts loading the code: one load, nothing spawned yet. */
const startsLoading = (step: StepEffect) => {
  expect(step.after.matches('loading')).toBe(true);
  expect(step.after.children.load).toBeDefined();
  expect(ctx(step.after).signedIn).toBe(true);
  expect(ctx(step.after).notifications).toBeNull();
  expect(sentOf(step)).toEqual([]);
};

/** Once loaded, the news goes on to the one it is for: notifications for the session, the survey for its news. */
const passedOn = (to: 'notifications' | 'surveyNotification') => (step: StepEffect) => {
  expect(sentOf(step)).toEqual([{ to, event: { type: step.event.type } }]);
  expect(step.after.matches('ready')).toBe(true);
  if (to === 'notifications') expect(ctx(step.after).signedIn).toBe(step.event.type === 'SIGNED_IN');
  else expect(ctx(step.after).survey).toEqual({ type: step.event.type });
};

/** A loaded actor failed (a bug): reported, and the rest goes on. */
const reported = (step: StepEffect) => {
  expect(named(step)).toEqual(['reportChildError']);
  expect(step.after.value).toEqual(step.before.value);
  expect(step.after.status).toBe('active');
  expect(sentOf(step)).toEqual([]);
  onlyChanged(step, []);
};

describePaths(
  'accountActors',
  withFreshSystems(accountActorsMachine.provide({ actors: { load: pending() } })),
  {
    input: INPUT,
    events: (s) => [
      { type: 'SIGNED_IN' },
      { type: 'SIGNED_OUT' },
      { type: 'AUTHENTICATED' },
      { type: 'UNAUTHENTICATED' },
      { type: 'NOTIFICATIONS_OPENED' },
      ...answersIn(s, 'loading', 'load', { outputs: [logic], errors: [new Error('offline')] }),
      ...LOADED.filter((key) => ctx(s)[key]).map((key): EventObject & { error: Error } => ({
        type: `xstate.error.actor.${key}`,
        error: new Error(`${key} broke`),
      })),
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, ctx(s).signedIn, ctx(s).survey?.type ?? null, ctx(s).listWanted]),
    transitions: {
      'accountActors.waiting|SIGNED_IN': startsLoading,
      'accountActors.failed|SIGNED_IN': startsLoading,
      // Signed in again while loading: the same load goes on.
      'accountActors.loading|SIGNED_IN': (step) => {
        expect(step.after.children.load).toBe(step.before.children.load);
        remembered(step);
      },
      'accountActors|SIGNED_OUT': remembered,
      'accountActors|AUTHENTICATED': remembered,
      'accountActors|UNAUTHENTICATED': remembered,
      // The code arrived: the three are spawned under their system ids and hear the news that came meanwhile.
      'accountActors.loading|xstate.done.actor.load': (step) => {
        const after = ctx(step.after);
        for (const key of LOADED) {
          const ref = after[key]!;
          expect(ref.getSnapshot().status, key).toBe('active');
          expect(ref.system.get(key), key).toBe(ref);
        }
        expect(after.notifications!.getSnapshot().context.input).toEqual(INPUT.notifications);
        const before = ctx(step.before);
        expect(sentOf(step)).toEqual([
          ...(before.signedIn ? [{ to: 'notifications', event: { type: 'SIGNED_IN' } }] : []),
          ...(before.listWanted ? [{ to: 'notifications', event: { type: 'LOAD' } }] : []),
          ...(before.survey ? [{ to: 'surveyNotification', event: before.survey }] : []),
        ]);
        expect(after.listWanted).toBe(false);
        expect(step.after.children.load).toBeUndefined();
        onlyChanged(step, [...LOADED, 'listWanted']);
      },
      // It could not load (offline): nothing spawned; the next sign-in tries again.
      'accountActors.loading|xstate.error.actor.load': (step) => {
        expect(step.after.matches('failed')).toBe(true);
        expect(step.after.children.load).toBeUndefined();
        expect(sentOf(step)).toEqual([]);
        onlyChanged(step, []);
      },
      'accountActors.ready|SIGNED_IN': passedOn('notifications'),
      'accountActors.ready|SIGNED_OUT': passedOn('notifications'),
      'accountActors.ready|AUTHENTICATED': passedOn('surveyNotification'),
      'accountActors.ready|UNAUTHENTICATED': passedOn('surveyNotification'),
      // The notifications page opened before the centre is there: the wish is kept for it.
      'accountActors|NOTIFICATIONS_OPENED': (step) => {
        expect(ctx(step.after).listWanted).toBe(true);
        expect(sentOf(step)).toEqual([]);
        expect(step.after.value).toEqual(step.before.value);
        onlyChanged(step, ['listWanted']);
      },
      // Once it is there, it loads its list at once.
      'accountActors.ready|NOTIFICATIONS_OPENED': (step) => {
        expect(sentOf(step)).toEqual([{ to: 'notifications', event: { type: 'LOAD' } }]);
        expect(step.after.matches('ready')).toBe(true);
        onlyChanged(step, []);
      },
      'accountActors|xstate.error.actor.notifications': reported,
      'accountActors|xstate.error.actor.surveyNotification': reported,
      'accountActors|xstate.error.actor.signOut': reported,
    },
    states: {
      'accountActors.waiting': (s) => {
        expect(Object.keys(s.children)).toEqual([]);
        expect(ctx(s).notifications).toBeNull();
      },
      'accountActors.loading': (s) => {
        expect(s.children.load).toBeDefined();
        expect(ctx(s).surveyNotification).toBeNull();
      },
      'accountActors.ready': (s) => {
        for (const key of LOADED) expect(s.children[key], key).toBe(ctx(s)[key]);
      },
      'accountActors.failed': (s) => {
        expect(Object.keys(s.children)).toEqual([]);
        expect(ctx(s).notifications).toBeNull();
      },
    },
  },
);
