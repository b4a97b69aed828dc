import { expect } from 'vitest';
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import type { FlagIdentity } from '../../api/flags';
import { flagsMachine } from '../../machines/core/flags/flags.machine';
import { describePaths, inputOf, pending, type StepEffect } from './harness';

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

type Inlined = { identity: FlagIdentity; values: typeof adminValues };
type Ctx = {
  identity: FlagIdentity | undefined;
  values: object;
  error: string | null;
  inlined: Inlined | null;
};
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
const same = (a: FlagIdentity | undefined, b: FlagIdentity) => JSON.stringify(a) === JSON.stringify(b);
/** The actors running, by id. */
const running = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Flags could not be evaluated';

/** A new evaluation runs for the event's identity; the old identity's values are gone. */
const evaluatesFor = (step: StepEffect, identity: FlagIdentity) => {
  expect(running(step.after)).toEqual(['evaluate']);
  expect(inputOf(step.after, 'evaluate')).toEqual(identity);
  // A new request, not the previous one kept.
  if (step.before.children.evaluate)
    expect(step.after.children.evaluate).not.toBe(step.before.children.evaluate);
  expect(ctx(step.after).identity).toEqual(identity);
  expect(visible(step.after)).toEqual({});
  expect(ctx(step.after).values).toEqual({});
};
/** The flags are ready with `values` for the current identity, kept fresh by `watch` for that identity. */
const readyWith = (step: StepEffect, values: object) => {
  expect(step.after.hasTag('ready')).toBe(true);
  expect(visible(step.after)).toBe(values);
  expect(ctx(step.after).error).toBeNull();
  expect(running(step.after)).toEqual(['watch']);
  expect(inputOf(step.after, 'watch')).toEqual(ctx(step.after).identity ?? null);
};
/** The evaluation failed: defaults everywhere, the reason kept, a retry scheduled; the identity stays. */
const failsWith = (step: StepEffect) => {
  expect(step.after.hasTag('error')).toBe(true);
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: errorText(step.event.error) });
  expect(visible(step.after)).toEqual({});
  expect(running(step.after)).toEqual([]);
};

/** The evaluation answered: its flags are ready, for the identity it was asked about. */
const evaluated = (step: StepEffect) => {
  readyWith(step, step.event.output as object);
  expect(ctx(step.after).identity).toEqual(ctx(step.before).identity);
};
/** Another identity: its evaluation starts, the state tagged `tag` meanwhile. */
const reevaluates = (tag: 'loading' | 'stale') => (step: StepEffect) => {
  expect(same(ctx(step.before).identity, step.event.identity as FlagIdentity)).toBe(false);
  expect(step.after.hasTag(tag)).toBe(true);
  evaluatesFor(step, step.event.identity as FlagIdentity);
};

// Without values in the page (evaluated through the SDK), and with the server's values for alice in the page: her
// session makes them ready at once, anyone else's is evaluated.
for (const input of [undefined, { inlined: { identity: alice, values: pageValues } }])
  describeFlagPaths(input);

function describeFlagPaths(input: { inlined: Inlined } | undefined) {
  describePaths('flags', machine, {
    input,
    // Actor outcomes only where the actor runs (an unhandled error event would crash the actor).
    events: (s) => [
      { type: 'SESSION_CHANGED', identity: null },
      { type: 'SESSION_CHANGED', identity: alice },
      ...(s.matches('loading') || s.matches('stale')
        ? [
            { type: 'xstate.done.actor.evaluate', output: adminValues },
            // A re-evaluation failing with something else than an Error: the generic reason.
            {
              type: 'xstate.error.actor.evaluate',
              error: s.matches('loading') ? new Error('network down') : 'timeout',
            },
          ]
        : []),
      ...(s.matches('ready') ? [{ type: 'FLAGS_CHANGED', values: userValues }] : []),
      ...(s.matches('failed') ? [{ type: 'xstate.after.retry.flags.failed' }] : []),
    ],
    transitions: {
      // The session arrives: the page's values when they were evaluated for this identity, else an evaluation.
      'flags.waitingForSession|SESSION_CHANGED': (step) => {
        const identity = step.event.identity as FlagIdentity;
        expect(ctx(step.after).identity).toEqual(identity);
        if (input?.inlined && same(input.inlined.identity, identity)) {
          readyWith(step, pageValues);
          expect(step.after.children.evaluate).toBeUndefined();
        } else {
          expect(step.after.hasTag('loading')).toBe(true);
          evaluatesFor(step, identity);
        }
      },
      // Another identity while evaluating: the evaluation starts over for it.
      'flags.loading|SESSION_CHANGED': reevaluates('loading'),
      'flags.loading|xstate.done.actor.evaluate': evaluated,
      'flags.loading|xstate.error.actor.evaluate': failsWith,
      // The provider's new values replace the old at once; the watcher keeps running.
      'flags.ready|FLAGS_CHANGED': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), values: step.event.values });
        readyWith(step, step.event.values as object);
        expect(step.after.children.watch).toBe(step.before.children.watch);
      },
      // Sign-in, sign-out or impersonation: the old identity's flags go at once and the new one is evaluated.
      'flags.ready|SESSION_CHANGED': reevaluates('stale'),
      'flags.stale|SESSION_CHANGED': reevaluates('stale'),
      'flags.stale|xstate.done.actor.evaluate': evaluated,
      'flags.stale|xstate.error.actor.evaluate': failsWith,
      // Any session event after a failure evaluates again, for the event's identity.
      'flags.failed|SESSION_CHANGED': (step) => {
        expect(step.after.hasTag('loading')).toBe(true);
        evaluatesFor(step, step.event.identity as FlagIdentity);
      },
      // The retry evaluates the same identity again.
      'flags.failed|xstate.after.retry.flags.failed': (step) => {
        expect(step.after.hasTag('loading')).toBe(true);
        evaluatesFor(step, ctx(step.before).identity!);
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
    },
    states: {
      'flags.waitingForSession': (s) => {
        expect(s.context.identity).toBeUndefined();
        expect(visible(s)).toEqual({});
        expect(running(s)).toEqual([]);
      },
      'flags.loading': (s) => {
        expect(s.context.identity).not.toBeUndefined();
        expect(visible(s)).toEqual({});
      },
      'flags.ready': (s) => {
        expect(s.context.error).toBeNull();
        expect([adminValues, userValues]).toContainEqual(visible(s));
        // Only the identity the page's values were evaluated for gets them without an evaluation.
        if (s.context.values === pageValues) expect(s.context.identity).toEqual(alice);
      },
      'flags.stale': (s) => {
        // The previous identity's flags are gone at once (e.g. no impersonation tool after signing out).
        expect(s.context.values).toEqual({});
        expect(visible(s)).toEqual({});
      },
      'flags.failed': (s) => {
        expect(['network down', 'Flags could not be evaluated']).toContain(s.context.error);
        expect(visible(s)).toEqual({});
      },
    },
  });
}
