import { assign, setup } from 'xstate';
import type {
  ResendTimerContext,
  ResendTimerInput,
  ResendTimerOutput,
  ResendTimerTag,
} from './resendTimer.types';

/** Seconds between two code sends (spec §9 "Resend-code cooldown"). */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * The resend-code countdown: counts down one second at a time through a named delay (so a SimulatedClock
 * can drive it) and reaches its final state when the cooldown is over. The auth modal invokes it while
 * Resend is unavailable; its `onDone` makes Resend available again.
 */
export const resendTimerMachine = setup({
  types: {
    input: {} as ResendTimerInput,
    context: {} as ResendTimerContext,
    output: {} as ResendTimerOutput,
    tags: {} as ResendTimerTag,
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  actions: {
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
  },
}).createMachine({
  id: 'resendTimer',
  context: ({ input }) => ({ remaining: Math.max(1, input?.seconds ?? RESEND_COOLDOWN_SECONDS) }),
  initial: 'counting',
  states: {
    counting: {
      tags: ['counting'],
      after: {
        tick: [
          { guard: 'isLastSecond', target: 'finished', actions: 'countDown' },
          { target: 'counting', reenter: true, actions: 'countDown' },
        ],
      },
    },
    finished: { type: 'final' },
  },
  output: () => ({ remaining: 0 as const }),
});
