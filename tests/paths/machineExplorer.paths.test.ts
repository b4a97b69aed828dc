import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { machineExplorerMachine } from '../../machines/core/machine-explorer/machineExplorer.machine';
import { describePaths, pending, type StepEffect } from './harness';

const machine = machineExplorerMachine.provide({ actors: { layout: pending() } });
const LAYOUT = { width: 120, height: 40 };
const names = (step: StepEffect) => step.actions.map((a) => a.type);

describePaths('machineExplorer', machine, {
  // The layout's answers only while it runs (an unhandled error event would fail the actor).
  events: (s) => [
    { type: 'SELECT', sessionId: 'x:1', isMachine: true },
    { type: 'SELECT', sessionId: 'x:2', isMachine: false },
    ...(s.matches({ machine: { chart: 'loading' } } as never)
      ? [
          { type: 'xstate.done.actor.layout', output: LAYOUT },
          { type: 'xstate.error.actor.layout', error: new Error('no elk') },
        ]
      : []),
    { type: 'RETRY' },
    { type: 'FORM_PAYLOAD', value: '{"id":7}' },
    { type: 'FORM_PAYLOAD', value: 'nope' },
    { type: 'FORM_SUBMIT', eventType: 'OPEN' },
    { type: 'FORM_SUBMIT', eventType: '' },
  ],
  // `sent` only counts: leaving it out keeps the traversal finite.
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, { ...s.context, sent: undefined }]),
  states: {
    'machineExplorer.machine.chart.loading': (s) => expect(s.context.layout).toBeNull(),
    'machineExplorer.machine.chart.ready': (s) => expect(s.context.layout).toEqual(LAYOUT),
    'machineExplorer.machine.chart.failed': (s) => expect(s.context.layoutError).toBe('no elk'),
  },
  transitions: {
    // Selecting a machine actor (again) starts over: a fresh layout and an empty form.
    'machineExplorer|SELECT|0': (step) => {
      expect(step.after.context.selected).toBe('x:1');
      expect(step.after.matches({ machine: { chart: 'loading', form: 'editing' } })).toBe(true);
      expect(step.after.context).toMatchObject({
        layout: null,
        layoutError: null,
        payload: '',
        formError: null,
      });
      expect(names(step)).toContain('xstate.spawnChild'); // the layout starts
    },
    // Any other actor (promise, callback): no chart, no form.
    'machineExplorer|SELECT|1': (step) => {
      expect(step.after.value).toBe('other');
      expect(step.after.context.selected).toBe('x:2');
      expect(step.after.context.layout).toBeNull();
    },
    'machineExplorer.machine.chart.loading|xstate.done.actor.layout': (step) => {
      expect(step.after.matches({ machine: { chart: 'ready' } })).toBe(true);
      expect(step.after.context.layout).toEqual(LAYOUT);
    },
    'machineExplorer.machine.chart.loading|xstate.error.actor.layout': (step) => {
      expect(step.after.matches({ machine: { chart: 'failed' } })).toBe(true);
      expect(step.after.context.layoutError).toBe('no elk');
    },
    'machineExplorer.machine.chart.failed|RETRY': (step) => {
      expect(step.after.matches({ machine: { chart: 'loading' } })).toBe(true);
      expect(step.after.context.layoutError).toBeNull();
    },
    'machineExplorer.machine.form|FORM_PAYLOAD': (step) => {
      expect(step.after.context.payload).toBe(step.event.value);
      expect(step.after.context.formError).toBeNull();
      expect(step.after.matches({ machine: { form: 'editing' } })).toBe(true);
      // The chart is not disturbed.
      expect(JSON.stringify(step.after.value)).toContain(
        JSON.stringify((step.before.value as { machine: { chart: string } }).machine.chart),
      );
    },
    // A type and an empty or JSON-object payload: the event goes to the selected actor with the payload merged.
    'machineExplorer.machine.form|FORM_SUBMIT|0': (step) => {
      const payload = step.before.context.payload ? JSON.parse(step.before.context.payload) : {};
      expect(step.actions.find((a) => a.type === 'deliver')?.params).toEqual({
        sessionId: 'x:1',
        event: { ...payload, type: step.event.eventType },
      });
      expect(step.after.context.sent).toBe(step.before.context.sent + 1);
      expect(step.after.matches({ machine: { form: 'editing' } })).toBe(true);
    },
    // No type, or a payload that is not a JSON object: nothing is sent and the form says why.
    'machineExplorer.machine.form|FORM_SUBMIT|1': (step) => {
      expect(names(step)).not.toContain('deliver');
      expect(step.after.context.sent).toBe(step.before.context.sent);
      expect(step.after.matches({ machine: { form: 'invalid' } })).toBe(true);
      expect(step.after.context.formError).toMatch(
        step.event.eventType === '' && step.before.context.payload !== 'nope'
          ? /Pick an event type/
          : /Invalid JSON/,
      );
    },
  },
});

it('selecting another machine actor while one is shown lays out again and clears the form', async () => {
  const laidOut: string[] = [];
  const actor = createActor(
    machineExplorerMachine.provide({
      actors: {
        layout: fromPromise<unknown, { sessionId: string }>(async ({ input }) => {
          laidOut.push(input.sessionId);
          return LAYOUT;
        }),
      },
    }),
  ).start();
  actor.send({ type: 'SELECT', sessionId: 'x:1', isMachine: true });
  await waitFor(actor, (s) => s.matches({ machine: { chart: 'ready' } }));
  actor.send({ type: 'FORM_PAYLOAD', value: '{"a":1}' });
  actor.send({ type: 'SELECT', sessionId: 'x:3', isMachine: true });
  expect(actor.getSnapshot().matches({ machine: { chart: 'loading' } })).toBe(true);
  expect(actor.getSnapshot().context).toMatchObject({ selected: 'x:3', layout: null, payload: '' });
  await waitFor(actor, (s) => s.matches({ machine: { chart: 'ready' } }));
  expect(laidOut).toEqual(['x:1', 'x:3']);
  actor.stop();
});
