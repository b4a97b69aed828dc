import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { authProvidersMachine } from '../../machines/auth/providers/authProviders.machine';
import { describePaths, pending, type StepEffect } from './harness';

const providers = [
  { id: 'google', name: 'Google' },
  { id: 'github', name: 'GitHub' },
];

/** Whether the providers request is in flight. */
const requesting = (s: AnyMachineSnapshot) => s.children.loadProviders !== undefined;

/** The request is over: the forms stop waiting for it. */
const settled = (step: StepEffect) => {
  expect(requesting(step.before)).toBe(true);
  expect(requesting(step.after)).toBe(false);
  expect(step.after.hasTag('loading')).toBe(false);
  expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: step.before.children.loadProviders }]);
};

describePaths(
  'authProviders',
  authProvidersMachine.provide({ actors: { loadProviders: pending() as never } }),
  {
    events: (s: AnyMachineSnapshot) => [
      { type: 'RETRY' },
      ...(s.hasTag('loading')
        ? [
            { type: 'xstate.done.actor.loadProviders', output: providers },
            { type: 'xstate.error.actor.loadProviders', error: new Error('offline') },
          ]
        : []),
    ],
    transitions: {
      // The forms show one social button per provider the server named, in its order.
      'authProviders.loading|xstate.done.actor.loadProviders': (step) => {
        settled(step);
        expect(step.after.hasTag('loaded')).toBe(true);
        expect(step.after.context.providers).toEqual(step.event.output);
      },
      // A failed load shows no social buttons (and no error in the forms).
      'authProviders.loading|xstate.error.actor.loadProviders': (step) => {
        settled(step);
        expect(step.after.hasTag('loaded')).toBe(false);
        expect(step.after.context.providers).toEqual([]);
      },
      // Retrying asks the server again, still with no buttons until it answers.
      'authProviders.failed|RETRY': (step) => {
        expect(requesting(step.before)).toBe(false);
        expect(requesting(step.after)).toBe(true);
        expect(step.after.hasTag('loading')).toBe(true);
        expect(step.after.hasTag('loaded')).toBe(false);
        expect(step.after.context.providers).toEqual([]);
        expect(step.actions.map((a) => a.type)).toEqual(['xstate.spawnChild']);
      },
    },
    states: {
      // On start the providers are asked for at once, with no buttons meanwhile.
      'authProviders.loading': (s, step) => {
        if (step?.event.type !== 'xstate.init') return;
        expect(requesting(s)).toBe(true);
        expect(s.context.providers).toEqual([]);
      },
    },
  },
);
