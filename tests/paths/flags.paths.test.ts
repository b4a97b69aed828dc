import { expect } from 'vitest';
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import type { FlagIdentity } from '../../api/flags';
import { flagsMachine } from '../../machines/flags/flags.machine';
import { describePaths, pending } from './harness';

const alice: FlagIdentity = { targetingKey: 'u-alice', email: 'alice@example.com' };
const adminValues = { impersonationTool: true, portfolio: false };
/** The server's values for alice, written into the page: equal to an evaluation, but a distinct object to tell apart. */
const pageValues = { ...adminValues };
const userValues = { impersonationTool: false, portfolio: false };

const machine = flagsMachine.provide({
  actors: { evaluate: pending() as never, watch: fromCallback(() => () => undefined) },
});

/** What a reader of the flags sees: values only when ready, defaults (nothing) otherwise. */
const visible = (s: AnyMachineSnapshot) => (s.hasTag('ready') ? s.context.values : {});

// Without values in the page (evaluated through the SDK), and with the server's values for alice in the page: her
// session makes them ready at once, anyone else's is evaluated.
for (const input of [undefined, { inlined: { identity: alice, values: pageValues } }])
  describeFlagPaths(input);

function describeFlagPaths(
  input: { inlined: { identity: FlagIdentity; values: typeof adminValues } } | undefined,
) {
  describePaths('flags', machine, {
    input,
    // Actor outcomes only where the actor runs (an unhandled error event would crash the actor).
    events: (s) => [
      { type: 'SESSION_CHANGED', identity: null },
      { type: 'SESSION_CHANGED', identity: alice },
      ...(s.matches('loading') || s.matches('stale')
        ? [
            { type: 'xstate.done.actor.evaluate', output: adminValues },
            { type: 'xstate.error.actor.evaluate', error: new Error('network down') },
          ]
        : []),
      ...(s.matches('ready') ? [{ type: 'FLAGS_CHANGED', values: userValues }] : []),
      ...(s.matches('failed') ? [{ type: 'xstate.after.retry.flags.failed' }] : []),
    ],
    states: {
      'flags.waitingForSession': (s) => {
        expect(s.hasTag('loading')).toBe(true);
        expect(visible(s)).toEqual({});
      },
      'flags.loading': (s) => {
        expect(s.hasTag('loading')).toBe(true);
        expect(s.context.identity).not.toBeUndefined();
        expect(visible(s)).toEqual({});
      },
      'flags.ready': (s) => {
        expect(s.hasTag('ready')).toBe(true);
        expect(s.context.error).toBeNull();
        expect([adminValues, userValues]).toContainEqual(visible(s));
        // Only the identity the page's values were evaluated for gets them without an evaluation.
        if (s.context.values === pageValues) expect(s.context.identity).toEqual(alice);
      },
      'flags.stale': (s) => {
        expect(s.hasTag('stale')).toBe(true);
        // The previous identity's flags are gone at once (e.g. no impersonation tool after signing out).
        expect(s.context.values).toEqual({});
        expect(visible(s)).toEqual({});
      },
      'flags.failed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(s.context.error).toBe('network down');
        expect(visible(s)).toEqual({});
      },
    },
  });
}
