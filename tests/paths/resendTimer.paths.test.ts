import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  RESEND_COOLDOWN_SECONDS,
  resendTimerMachine,
} from '../../machines/resend-timer/resendTimer.machine';
import { describePaths } from './harness';

const tick = { type: 'xstate.after.tick.resendTimer.counting' };

describePaths('resendTimer', resendTimerMachine, {
  input: { seconds: 3 },
  events: [tick],
  states: {
    'resendTimer.counting': (s) => {
      expect(s.hasTag('counting')).toBe(true);
      expect(s.context.remaining).toBeGreaterThan(0);
      expect(s.context.remaining).toBeLessThanOrEqual(3);
    },
    'resendTimer.finished': (s) => {
      expect(s.hasTag('counting')).toBe(false);
      expect(s.context.remaining).toBe(0);
      expect(s.status).toBe('done');
    },
  },
});

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
});
