import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { connectCopy } from '../../machines/ui/copy/copy.connect';
import { COPY_MESSAGES, COPY_SHOWN_FOR, copyMachine } from '../../machines/ui/copy/copy.machine';
import { describePaths, pending, type StepEffect } from './harness';

const machine = copyMachine.provide({ actors: { write: pending() as never } });
const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const HASH = `0x${'ab'.repeat(32)}`;

/** What the live region says. */
const said = (s: AnyMachineSnapshot) => connectCopy(s as never).message;
/** The text the running clipboard write was given, or null when none runs. */
const writing = (s: AnyMachineSnapshot) => {
  const child = s.children.write as { getSnapshot: () => { input: { text: string } } } | undefined;
  return child ? child.getSnapshot().input.text : null;
};

/** A copy asked for: the write starts with that text, nothing is said until it ends, the button is busy. */
function expectWriting(step: StepEffect) {
  expect(step.after.context.text).toBe(step.event.text);
  expect(writing(step.after)).toBe(step.event.text);
  expect(said(step.after)).toBe('');
  expect(connectCopy(step.after as never).busy).toBe(true);
  expect(step.emitted).toEqual([]);
}
/** The outcome is announced and kept for COPY_SHOWN_FOR ms. */
function expectSaid(message: string) {
  return (step: StepEffect) => {
    expect(said(step.after)).toBe(message);
    expect(connectCopy(step.after as never).busy).toBe(false);
    expect(writing(step.after)).toBeNull();
    expect(step.actions).toContainEqual({
      type: 'xstate.raise',
      params: expect.objectContaining({ delay: COPY_SHOWN_FOR }),
    });
  };
}
/** After the moment the announcement is cleared, so the next copy is heard again. */
function expectQuiet(step: StepEffect) {
  expect(said(step.after)).toBe('');
  expect(step.after.hasTag('copied') || step.after.hasTag('error')).toBe(false);
  expect(writing(step.after)).toBeNull();
}

describePaths('copy', machine, {
  // The write's outcome and the timers only where they can happen (an unhandled actor error would be thrown).
  events: (s) => [
    { type: 'COPY', text: ADDRESS },
    { type: 'COPY', text: HASH },
    ...(s.hasTag('copying')
      ? [
          { type: 'xstate.done.actor.write' },
          { type: 'xstate.error.actor.write', error: new Error('denied') },
        ]
      : []),
    ...(s.hasTag('copied') ? [{ type: 'xstate.after.shownFor.copy.copied' }] : []),
    ...(s.hasTag('error') ? [{ type: 'xstate.after.shownFor.copy.failed' }] : []),
  ],
  transitions: {
    'copy|COPY': expectWriting,
    'copy.copying|xstate.done.actor.write': expectSaid(COPY_MESSAGES.copied),
    'copy.copying|xstate.error.actor.write': expectSaid(COPY_MESSAGES.failed),
    'copy.copied|xstate.after.shownFor.copy.copied': expectQuiet,
    'copy.failed|xstate.after.shownFor.copy.failed': expectQuiet,
  },
  states: {
    'copy.idle': (s) => expect(said(s)).toBe(''),
    'copy.copied': (s) => expect(said(s)).toBe('Copied'),
    'copy.failed': (s) => expect(said(s)).toBe(COPY_MESSAGES.failed),
  },
});

describe('copy on a simulated clock', () => {
  it('writes the text, says "Copied" for two seconds, and a second copy writes the new text', async () => {
    const clock = new SimulatedClock();
    const written: string[] = [];
    const logic = copyMachine.provide({
      actors: {
        write: fromPromise(async ({ input }: { input: { text: string } }) => {
          written.push(input.text);
        }),
      },
    });
    const actor = createActor(logic, { clock }).start();
    actor.send({ type: 'COPY', text: ADDRESS });
    await new Promise((r) => setTimeout(r, 0));
    expect(written).toEqual([ADDRESS]);
    expect(connectCopy(actor.getSnapshot()).message).toBe('Copied');
    clock.increment(COPY_SHOWN_FOR - 1);
    expect(connectCopy(actor.getSnapshot()).message).toBe('Copied');
    clock.increment(1);
    expect(connectCopy(actor.getSnapshot()).message).toBe('');
    actor.send({ type: 'COPY', text: HASH });
    await new Promise((r) => setTimeout(r, 0));
    expect(written).toEqual([ADDRESS, HASH]);
    actor.stop();
  });
});
