import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  sessionMachine,
  sessionStatus,
  type SessionEmitted,
} from '../../machines/session/session.machine';
import { describePaths, pending } from './harness';

const user = { username: '7f0c1c1e-0000-4000-8000-000000000001', email: 'ada@example.com' };
const stubbed = sessionMachine.provide({
  actors: {
    fetchSession: pending() as never,
    visibilityWatcher: fromCallback(() => () => undefined),
    storageWatcher: fromCallback(() => () => undefined),
  },
});

// The fetch answers only while a fetch is in flight; the poll timer only fires while idle.
const events = (s: AnyMachineSnapshot) => [
  { type: 'REFETCH' },
  { type: 'SIGNED_IN' },
  { type: 'SIGNED_OUT' },
  ...(s.hasTag('fetching')
    ? [
        { type: 'xstate.done.actor.fetchSession', output: { user, expires: '2030-01-01T00:00:00.000Z' } },
        { type: 'xstate.done.actor.fetchSession', output: {} },
        { type: 'xstate.error.actor.fetchSession', error: new Error('offline') },
      ]
    : [{ type: 'xstate.after.pollInterval.session.sync.idle' }]),
];

const states = {
  'session.status.loading': (s: AnyMachineSnapshot) => {
    expect(sessionStatus(s)).toBe('loading');
    expect(s.context.session.user).toBeUndefined();
  },
  'session.status.authenticated': (s: AnyMachineSnapshot) => {
    expect(sessionStatus(s)).toBe('authenticated');
    expect(s.context.session.user).toEqual(user);
  },
  'session.status.unauthenticated': (s: AnyMachineSnapshot) => {
    expect(sessionStatus(s)).toBe('unauthenticated');
    expect(s.context.session.user).toBeUndefined();
  },
  'session.sync.fetching': (s: AnyMachineSnapshot) => expect(s.hasTag('fetching')).toBe(true),
  'session.sync.idle': (s: AnyMachineSnapshot) => expect(s.hasTag('fetching')).toBe(false),
};

describePaths('session', stubbed, { input: { pollInterval: 30_000 }, events, states });
describePaths('session', stubbed, { input: {}, events, states });

describe('session status changes', () => {
  it('emits statusChanged with the previous status, and only on a change', async () => {
    const answers = [{ user }, { user }, {}];
    const actor = createActor(
      sessionMachine.provide({
        actors: { fetchSession: fromPromise(async () => answers.shift() ?? {}) },
      }),
      { input: {} },
    );
    const seen: SessionEmitted[] = [];
    actor.on('statusChanged', (e) => seen.push(e));
    actor.start();
    await new Promise<void>((r) => setTimeout(r, 0));
    actor.send({ type: 'REFETCH' });
    await new Promise<void>((r) => setTimeout(r, 0));
    actor.send({ type: 'SIGNED_OUT' });
    await new Promise<void>((r) => setTimeout(r, 0));
    expect(seen.map(({ status, previous }) => ({ type: 'statusChanged', status, previous }))).toEqual([
      { type: 'statusChanged', status: 'authenticated', previous: 'loading' },
      { type: 'statusChanged', status: 'unauthenticated', previous: 'authenticated' },
    ]);
    actor.stop();
  });

  it('lets a newer fetch replace one in flight, so a stale answer is never applied', async () => {
    let call = 0;
    const resolvers: ((v: unknown) => void)[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          fetchSession: fromPromise(() => {
            call++;
            return new Promise((resolve) => resolvers.push(resolve as (v: unknown) => void));
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'SIGNED_IN' });
    expect(call).toBe(2);
    resolvers[0]!({}); // the stale, signed-out answer
    resolvers[1]!({ user, expires: 'x' });
    await new Promise<void>((r) => setTimeout(r, 0));
    expect(sessionStatus(actor.getSnapshot())).toBe('authenticated');
    actor.stop();
  });
});
