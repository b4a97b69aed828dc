import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  RESEND_COOLDOWN_SECONDS,
  resendTimerMachine,
} from '../../machines/auth/resend-timer/resendTimer.machine';
import { connectResendTimer } from '../../machines/auth/resend-timer/resendTimer.connect';
import { describePaths, type StepEffect } from './harness';

const tick = { type: 'xstate.after.tick.resendTimer.counting' };
const remaining = (s: StepEffect['after']) => (s.context as { remaining: number }).remaining;
/** What the auth form's countdown shows. */
const view = (s: StepEffect['after']) => connectResendTimer(s as Parameters<typeof connectResendTimer>[0]);

// The seconds asked for, and the countdown they start from: a whole number of seconds, at least one.
for (const [input, start] of [
  [{ seconds: 3 }, 3],
  [{ seconds: 1 }, 1],
  [{ seconds: 0 }, 1],
  [{}, RESEND_COOLDOWN_SECONDS],
] as const) {
  describePaths('resendTimer', resendTimerMachine, {
    input,
    events: [tick],
    transitions: {
      // Each second takes one off the countdown; the last one finishes it, with nothing left.
      'resendTimer.counting|xstate.after.tick.resendTimer.counting': (step) => {
        const before = remaining(step.before);
        expect(before).toBeGreaterThanOrEqual(1);
        expect(remaining(step.after)).toBe(before - 1);
        if (before === 1) {
          expect(step.after.status).toBe('done');
          expect(step.after.hasTag('counting')).toBe(false);
          expect(step.after.output).toEqual({ remaining: 0 });
          // No further second is scheduled once it is over.
          expect(step.actions.filter((a) => a.type === 'xstate.raise')).toEqual([]);
        } else {
          expect(step.after.status).toBe('active');
          expect(step.after.hasTag('counting')).toBe(true);
          expect(step.after.output).toBeUndefined();
          // The next second is scheduled, one second from now.
          expect(step.actions.filter((a) => a.type === 'xstate.raise')).toEqual([
            { type: 'xstate.raise', params: expect.objectContaining({ event: tick, delay: 1000 }) },
          ]);
        }
        expect(step.emitted).toEqual([]);
        expect(step.sent).toEqual([]);
      },
    },
    states: {
      'resendTimer.counting': (s, step) => {
        // It starts from the seconds asked for, and never counts past them.
        if (step?.event.type === 'xstate.init') expect(remaining(s)).toBe(start);
        expect(remaining(s)).toBeGreaterThanOrEqual(1);
        expect(remaining(s)).toBeLessThanOrEqual(start);
        // While counting, the form says how many seconds are left (spec §9).
        expect(view(s)).toMatchObject({ counting: true, remaining: remaining(s) });
        expect(view(s).text).toBe(`You can resend the code in ${remaining(s)} s.`);
        expect(view(s).getCountdownProps()).toEqual({
          className: 'auth-forms__countdown',
          'data-part': 'countdown',
        });
      },
      // Nothing is left once it is over.
      'resendTimer.finished': (s) => expect(view(s)).toMatchObject({ counting: false, remaining: 0 }),
    },
  });
}

describe('resendTimer on a simulated clock', () => {
  it('counts 60 seconds down one second at a time, then finishes', () => {
    const clock = new SimulatedClock();
    const actor = createActor(resendTimerMachine, { clock, input: {} }).start();
    expect(actor.getSnapshot().context.remaining).toBe(RESEND_COOLDOWN_SECONDS);
    clock.increment(999);
    expect(actor.getSnapshot().context.remaining).toBe(60);
    clock.increment(1);
    expect(actor.getSnapshot().context.remaining).toBe(59);
    for (let second = 0; second < 58; second++) clock.increment(1000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    expect(actor.getSnapshot().hasTag('counting')).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ remaining: 0 });
  });

  it("started without input, counts the spec's 60 seconds", () => {
    const clock = new SimulatedClock();
    const actor = createActor(resendTimerMachine, { clock, input: undefined });
    actor.subscribe({ error: () => undefined });
    actor.start();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context).toEqual({ remaining: 60 });
    for (let second = 0; second < 60; second++) clock.increment(1000);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
