import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { SIGN_OUT_MESSAGES, signOutMachine } from '../../machines/sign-out/signOut.machine';
import { describePaths, pending } from './harness';

describePaths('signOut', signOutMachine.provide({ actors: { signOut: pending() as never } }), {
  events: (s: AnyMachineSnapshot) => [
    { type: 'SIGN_OUT' },
    { type: 'DISMISS' },
    ...(s.hasTag('busy')
      ? [
          { type: 'xstate.done.actor.signOut', output: { url: '/' } },
          { type: 'xstate.error.actor.signOut', error: new Error('offline') },
        ]
      : []),
    ...(s.hasTag('message') ? [{ type: 'xstate.after.messageTimeout.signOut.showingMessage' }] : []),
  ],
  states: {
    'signOut.idle': (s) => expect(s.context.message).toBeNull(),
    'signOut.signingOut': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.message).toBeNull();
    },
    'signOut.showingMessage': (s) => {
      expect(s.hasTag('message')).toBe(true);
      expect([SIGN_OUT_MESSAGES.success, SIGN_OUT_MESSAGES.failure]).toContain(s.context.message);
      expect(s.context.failed).toBe(s.context.message === SIGN_OUT_MESSAGES.failure);
    },
  },
});

describe('signOut', () => {
  it('emits signedOut on success only, and hides the message after five seconds', async () => {
    const clock = new SimulatedClock();
    let ok = true;
    const actor = createActor(
      signOutMachine.provide({
        actors: {
          signOut: fromPromise<unknown>(async () => {
            if (!ok) throw new Error('down');
            return { url: '/' };
          }),
        },
      }),
      { clock },
    ).start();
    let signedOut = 0;
    actor.on('signedOut', () => signedOut++);
    actor.send({ type: 'SIGN_OUT' });
    await new Promise<void>((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.message).toBe('Signed out successfully.');
    expect(signedOut).toBe(1);
    clock.increment(5000);
    expect(actor.getSnapshot().context.message).toBeNull();
    ok = false;
    actor.send({ type: 'SIGN_OUT' });
    await new Promise<void>((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.message).toBe('Something went wrong.');
    expect(signedOut).toBe(1);
    actor.stop();
  });
});
