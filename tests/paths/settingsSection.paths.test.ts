import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import {
  settingsSectionMachine,
  type SettingsSectionContext,
} from '../../machines/account/settings-section/settingsSection.machine';
import { describePaths, pending, type StepEffect } from './harness';

const machine = settingsSectionMachine.provide({
  actors: { load: pending() as never, mutate: pending() as never },
});

type Ctx = SettingsSectionContext & { loads: boolean };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;

const OFFLINE = { message: 'Offline' };
const INVALID = { message: 'walletAddress: Invalid', fields: { walletAddress: 'Invalid' } };
const BLANK = new Error('');
/** What the user reads for each error the server can give. */
const shownFor = new Map<unknown, Ctx['message']>([
  [OFFLINE, { kind: 'error', text: 'Offline' }],
  [INVALID, { kind: 'error', text: 'walletAddress: Invalid', fields: { walletAddress: 'Invalid' } }],
  // No message of its own: the generic one, and no field errors.
  [BLANK, { kind: 'error', text: 'Something went wrong.' }],
]);

function events(s: AnyMachineSnapshot) {
  const user = [
    { type: 'SUBMIT', action: 'add', payload: { walletAddress: '0x1' } },
    { type: 'SUBMIT', action: 'remove', payload: { id: 'w1' } },
    { type: 'RETRY' },
    { type: 'DISMISS' },
  ];
  if (s.hasTag('loading'))
    return [
      ...user,
      { type: 'xstate.done.actor.load', output: ['w1'] },
      { type: 'xstate.error.actor.load', error: OFFLINE },
    ];
  if (s.hasTag('busy'))
    return [
      ...user,
      { type: 'xstate.done.actor.mutate', output: { message: 'Wallet added.', data: ['w1', 'w2'] } },
      { type: 'xstate.done.actor.mutate', output: { message: 'Password changed.' } },
      { type: 'xstate.error.actor.mutate', error: INVALID },
      { type: 'xstate.error.actor.mutate', error: BLANK },
    ];
  return user;
}

/** The machine's own actions (not XState's starting and stopping of requests). */
const own = (step: StepEffect) => step.actions.filter((a) => !a.type.startsWith('xstate.'));

/** Nothing ran but the context changes named; no request left running or started. */
const onlyContext = (step: StepEffect, changes: Partial<Ctx>) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });
  expect(own(step)).toEqual([]);
  expect(requests(step.after)).toEqual([]);
};

for (const loads of [true, false]) {
  describePaths('settingsSection', machine, {
    input: { loads },
    events,
    transitions: {
      // A section with data loads it first; the others are ready at once, with nothing requested.
      'settingsSection.starting|always': (step) => {
        expect(ctx(step.after)).toEqual({ loads, data: null, message: null, action: null });
        expect(step.after.hasTag('loading')).toBe(loads);
        expect(step.after.hasTag('ready')).toBe(!loads);
        expect(requests(step.after)).toEqual(loads ? ['load'] : []);
      },
      'settingsSection.loading|xstate.done.actor.load': (step) => {
        onlyContext(step, { data: step.event.output });
        expect(step.after.hasTag('ready')).toBe(true);
        expect(step.after.hasTag('busy')).toBe(false);
      },
      'settingsSection.loading|xstate.error.actor.load': (step) => {
        onlyContext(step, { message: shownFor.get(step.event.error)! });
        expect(ctx(step.after).message).toEqual({ kind: 'error', text: 'Offline' });
        expect(step.after.hasTag('error')).toBe(true);
        expect(ctx(step.after).data).toBeNull();
      },
      // Retrying clears the error and loads again.
      'settingsSection.failed|RETRY': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), message: null });
        expect(step.after.hasTag('loading')).toBe(true);
        expect(requests(step.after)).toEqual(['load']);
      },
      // A write starts with the submitted action and payload; the previous message goes.
      'settingsSection.ready|SUBMIT': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), action: step.event.action, message: null });
        expect(step.after.hasTag('busy')).toBe(true);
        expect(requests(step.after)).toEqual(['mutate']);
        expect(requestInput(step.after, 'mutate')).toEqual({
          action: step.event.action,
          payload: step.event.payload,
        });
      },
      'settingsSection.ready|DISMISS': (step) => {
        onlyContext(step, { message: null });
        expect(step.after.value).toBe('ready');
      },
      // Success: the server's message, and its new data when it sent some (else the data stays).
      // The app is told which write succeeded (the password form then empties itself).
      'settingsSection.writing|xstate.done.actor.mutate': (step) => {
        const output = step.event.output as { message: string; data?: unknown };
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          action: null,
          data: 'data' in output ? output.data : ctx(step.before).data,
          message: { kind: 'success', text: output.message },
        });
        expect(own(step)).toEqual([{ type: 'written', params: { action: ctx(step.before).action } }]);
        expect(requests(step.after)).toEqual([]);
        expect(step.after.hasTag('busy')).toBe(false);
        expect(step.after.hasTag('ready')).toBe(true);
      },
      // Failure: the server's message and field errors; the data is kept.
      'settingsSection.writing|xstate.error.actor.mutate': (step) => {
        onlyContext(step, { action: null, message: shownFor.get(step.event.error)! });
        expect(step.after.hasTag('busy')).toBe(false);
        expect(step.after.hasTag('ready')).toBe(true);
      },
    },
  });
}
