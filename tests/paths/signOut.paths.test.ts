import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { SIGN_OUT_MESSAGES, signOutMachine } from '../../machines/auth/sign-out/signOut.machine';
import { describePaths, pending, type StepEffect } from './harness';

/** Whether the sign-out request is in flight. */
const requesting = (s: AnyMachineSnapshot) => s.children.signOut !== undefined;

/** The message went away (nothing else happened): the menu is back as it was. */
const clears = (step: StepEffect) => {
  expect(step.before.context.message).not.toBeNull();
  expect(step.after.context).toEqual({ message: null, failed: false });
  expect(step.after.hasTag('message')).toBe(false);
  expect(step.after.hasTag('busy')).toBe(false);
  expect(requesting(step.after)).toBe(false);
  expect(step.emitted).toEqual([]);
};

/** A sign-out request starts, with no message on screen while it runs. */
const startsSigningOut = (step: StepEffect) => {
  expect(requesting(step.before)).toBe(false);
  expect(requesting(step.after)).toBe(true);
  expect(step.after.hasTag('busy')).toBe(true);
  expect(step.after.hasTag('message')).toBe(false);
  expect(step.after.context).toEqual({ message: null, failed: false });
  expect(step.emitted).toEqual([]);
  expect(step.actions.map((a) => a.type)).toContain('xstate.spawnChild');
};

/** The request is over and its outcome shows. */
const shows = (step: StepEffect, message: string, failed: boolean) => {
  expect(requesting(step.after)).toBe(false);
  expect(step.after.hasTag('busy')).toBe(false);
  expect(step.after.hasTag('message')).toBe(true);
  expect(step.after.context).toEqual({ message, failed });
  // The request actor is stopped and the five-second timer that hides the message starts.
  expect(step.actions).toContainEqual({ type: 'xstate.stopChild', params: step.before.children.signOut });
  expect(step.actions).toContainEqual(
    expect.objectContaining({
      type: 'xstate.raise',
      params: expect.objectContaining({ delay: 5000 }),
    }),
  );
};

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
  transitions: {
    // "Sign out" calls the auth service.
    'signOut.idle|SIGN_OUT': startsSigningOut,
    // Signed out: the success message shows and the app is told (it refetches the session, tells other tabs).
    'signOut.signingOut|xstate.done.actor.signOut': (step) => {
      shows(step, SIGN_OUT_MESSAGES.success, false);
      expect(step.emitted).toEqual([{ type: 'signedOut' }]);
    },
    // Failed: the failure message shows, and nobody is told the user signed out.
    'signOut.signingOut|xstate.error.actor.signOut': (step) => {
      shows(step, SIGN_OUT_MESSAGES.failure, true);
      expect(step.emitted).toEqual([]);
    },
    // The message is dismissed by hand...
    'signOut.showingMessage|DISMISS': clears,
    // ...or goes after five seconds.
    'signOut.showingMessage|xstate.after.messageTimeout.signOut.showingMessage': clears,
    // Signing out again (e.g. after a failure) drops the old message and calls the service again.
    'signOut.showingMessage|SIGN_OUT': (step) => {
      expect(step.before.context.message).not.toBeNull();
      startsSigningOut(step);
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
