import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import {
  SESSION_BROADCAST_KEY,
  sessionMachine,
  sessionStatus,
  type SessionData,
  type SessionEmitted,
  type SessionStatus,
} from '../../machines/auth/session/session.machine';
import { describePaths, pending, type StepEffect } from './harness';

const user = { username: '7f0c1c1e-0000-4000-8000-000000000001', email: 'ada@example.com' };
/** The same user while an admin impersonates them: a refetch must show the new session. */
const impersonated = { ...user, adminId: '7f0c1c1e-0000-4000-8000-0000000000ad' };
const stubbed = sessionMachine.provide({
  actors: {
    fetchSession: pending() as never,
    visibilityWatcher: fromCallback(() => () => undefined),
    storageWatcher: fromCallback(() => () => undefined),
  },
});

// The broadcast to other tabs is a browser-storage write: record it.
const writes: [string, string][] = [];
vi.stubGlobal('localStorage', {
  setItem: (key: string, value: string) => writes.push([key, value]),
  getItem: () => null,
  removeItem: () => undefined,
});
/** Where the current step's writes start: a path may write in an earlier step (a sign-out before a refetch). */
let stepStart = 0;
const stepWrites = () => writes.slice(stepStart);
beforeEach(() => {
  writes.length = 0;
  stepStart = 0;
});

/** The signed-in answer a fetch may give: while signed in, a session that differs from the one shown. */
const signedInAnswer = (s: AnyMachineSnapshot) =>
  (s.context.session as SessionData).user === user ? impersonated : user;

// The fetch answers only while a fetch is in flight; the poll timer only fires while idle.
const events = (s: AnyMachineSnapshot) => [
  { type: 'REFETCH' },
  { type: 'SIGNED_IN' },
  { type: 'SIGNED_OUT' },
  { type: 'PICTURE_CHANGED' },
  ...(s.hasTag('fetching')
    ? [
        {
          type: 'xstate.done.actor.fetchSession',
          output: { user: signedInAnswer(s), expires: '2030-01-01T00:00:00.000Z' },
        },
        { type: 'xstate.done.actor.fetchSession', output: {} },
        { type: 'xstate.error.actor.fetchSession', error: new Error('offline') },
      ]
    : [{ type: 'xstate.after.pollInterval.session.sync.idle' }]),
];

/** What the app reads (useSessionStatus, useSessionUser, the /my/* guard, the fetching tag). */
const seen = (s: AnyMachineSnapshot) => ({
  status: sessionStatus(s),
  user: (s.context.session as SessionData).user ?? null,
  sentToSignIn: sessionStatus(s) === 'unauthenticated' && !s.hasTag('fetching'),
  fetching: s.hasTag('fetching'),
});

/** A fresh session fetch is in flight after the step (not the one that was running before it). */
function expectNewFetch(step: StepEffect) {
  const fetch = step.after.children.fetchSession;
  expect(fetch).toBeDefined();
  expect(fetch).not.toBe(step.before.children.fetchSession);
  expect(seen(step.after).fetching).toBe(true);
}

/** Nothing the app sees changes until the answer comes: no flash back to loading, same user. */
function expectSessionShownUnchanged(step: StepEffect) {
  const { status, user: shownUser } = seen(step.after);
  expect({ status, user: shownUser }).toEqual({
    status: seen(step.before).status,
    user: seen(step.before).user,
  });
  expect(seen(step.after).sentToSignIn).toBe(false);
  expect(step.emitted).toEqual([]);
}

const namedActions = (step: StepEffect) =>
  step.actions.map((a) => a.type).filter((t) => !String(t).startsWith('xstate.'));

/** A refetch that is not a sign-in or sign-out tells no other tab. */
function expectNoBroadcast(step: StepEffect) {
  expect(stepWrites()).toEqual([]);
  expect(namedActions(step)).not.toContain('broadcastChange');
}

/**
 * The fetch answered (done or error): a session with a user signs in as that user, an empty one signs out; a
 * failed fetch keeps what is shown, except that a first load ends signed out. A status change is emitted once,
 * with the previous status.
 */
function expectAnswerApplied(step: StepEffect) {
  const previous = sessionStatus(step.before);
  let status: SessionStatus;
  let shownUser: unknown;
  if (step.event.type === 'xstate.done.actor.fetchSession') {
    const answer = step.event.output as SessionData;
    status = answer.user ? 'authenticated' : 'unauthenticated';
    shownUser = answer.user ?? null;
    expect(step.after.context.session).toEqual(answer.user ? answer : {});
  } else {
    expect(step.event.type).toBe('xstate.error.actor.fetchSession');
    status = previous === 'loading' ? 'unauthenticated' : previous;
    shownUser = seen(step.before).user;
  }
  expect(seen(step.after)).toEqual({
    status,
    user: shownUser,
    sentToSignIn: status === 'unauthenticated',
    fetching: false,
  });
  expect(step.emitted).toEqual(status === previous ? [] : [{ type: 'statusChanged', status, previous }]);
  expect(step.after.children.fetchSession).toBeUndefined();
  expectNoBroadcast(step);
}

/** Sign-in and sign-out tell other tabs (a storage write they listen to) and refetch at once. */
function expectBroadcastAndRefetch(step: StepEffect) {
  expect(stepWrites()).toHaveLength(1);
  const [key, value] = stepWrites()[0]!;
  expect(key).toBe(SESSION_BROADCAST_KEY);
  expect(Math.abs(Number(value) - Date.now())).toBeLessThan(60_000);
  expect(namedActions(step).filter((t) => t !== 'emitStatusChanged')).toEqual(['broadcastChange']);
  // No event goes to another actor (the new fetch's own start aside).
  expect(step.sent.filter((sent) => sent.event.type !== 'xstate.init')).toEqual([]);
  expectNewFetch(step);
}

/** Signing in shows nothing new until the refetch answers. */
function expectSignInRefetched(step: StepEffect) {
  expectBroadcastAndRefetch(step);
  expectSessionShownUnchanged(step);
}

/**
 * Signing out (the server cookie is already cleared) shows the user signed out at once, from any status, and
 * refetches to confirm; a failed refetch (offline) then leaves the user signed out. The status change is emitted
 * once, with the previous status. The sign-in page waits for the confirming answer.
 */
function expectSignedOutAndRefetched(step: StepEffect) {
  expectBroadcastAndRefetch(step);
  const previous = sessionStatus(step.before);
  expect(step.after.context.session).toEqual({});
  expect(seen(step.after)).toEqual({
    status: 'unauthenticated',
    user: null,
    sentToSignIn: false,
    fetching: true,
  });
  expect(step.emitted).toEqual(
    previous === 'unauthenticated' ? [] : [{ type: 'statusChanged', status: 'unauthenticated', previous }],
  );
}

const transitions = {
  // A page the server made for a browser with no session: signed out from the first render, which shows 'Log in'
  // and 'Sign up'; the fetch at start runs all the same, and until it answers nobody is sent to the sign-in page.
  'session.status.loading|always': (step: StepEffect) => {
    expect(step.event.type).toBe('xstate.init');
    expect(step.before.context.servedSignedOut).toBe(true);
    expect(seen(step.after)).toEqual({
      status: 'unauthenticated',
      user: null,
      sentToSignIn: false,
      fetching: true,
    });
    expect(step.after.children.fetchSession).toBeDefined();
    expect(step.emitted).toEqual([]);
    expectNoBroadcast(step);
  },
  'session.status.loading|SESSION_LOADED': expectAnswerApplied,
  'session.status.loading|SESSION_FAILED': expectAnswerApplied,
  'session.status.authenticated|SESSION_LOADED': expectAnswerApplied,
  'session.status.unauthenticated|SESSION_LOADED': expectAnswerApplied,
  'session.sync.fetching|xstate.done.actor.fetchSession': expectAnswerApplied,
  'session.sync.fetching|xstate.error.actor.fetchSession': expectAnswerApplied,
  'session.sync|SIGNED_IN': expectSignInRefetched,
  'session.sync|SIGNED_OUT': expectSignedOutAndRefetched,
  'session.status.loading|SIGNED_OUT': expectSignedOutAndRefetched,
  'session.status.authenticated|SIGNED_OUT': expectSignedOutAndRefetched,
  // Tab visible again, storage broadcast from another tab, or a caller: refetch quietly.
  'session.sync.idle|REFETCH': (step: StepEffect) => {
    expectNewFetch(step);
    expectSessionShownUnchanged(step);
    expectNoBroadcast(step);
  },
  // A newer fetch replaces the one in flight, so the older answer can never be applied.
  'session.sync.fetching|REFETCH': (step: StepEffect) => {
    expect(step.before.children.fetchSession).toBeDefined();
    expectNewFetch(step);
    expectSessionShownUnchanged(step);
    expectNoBroadcast(step);
  },
  // Signed in, a new profile picture (or none) counts a version: the avatar's address changes at once; nothing
  // else changes and nothing is fetched or told to other tabs.
  'session.status.authenticated|PICTURE_CHANGED': (step: StepEffect) => {
    expect(step.after.context).toEqual({
      ...step.before.context,
      pictureVersion: (step.before.context.pictureVersion as number) + 1,
    });
    expect(step.after.value).toEqual(step.before.value);
    expect(step.after.children.fetchSession).toBe(step.before.children.fetchSession);
    expectSessionShownUnchanged(step);
    expectNoBroadcast(step);
  },
  // The poll timer refetches only when polling is on.
  'session.sync.idle|xstate.after.pollInterval.session.sync.idle': (step: StepEffect) => {
    expect(step.before.context.pollInterval).toBe(30_000);
    expectNewFetch(step);
    expectSessionShownUnchanged(step);
    expectNoBroadcast(step);
  },
};

const states = {
  // The first load shows no user and does not send anyone to the sign-in page yet.
  'session.status.loading': (s: AnyMachineSnapshot) =>
    expect(seen(s)).toMatchObject({ status: 'loading', user: null, sentToSignIn: false }),
  // Signed in always comes with a user, signed out never does.
  'session.status.authenticated': (s: AnyMachineSnapshot) => expect(seen(s).user).not.toBeNull(),
  'session.status.unauthenticated': (s: AnyMachineSnapshot) => expect(seen(s).user).toBeNull(),
  // Idle, no fetch is running.
  'session.sync.idle': (s: AnyMachineSnapshot) => expect(s.children.fetchSession).toBeUndefined(),
  // Always active, and run after the step's transition checks: the next step's writes start here.
  'session.sync': () => {
    stepStart = writes.length;
  },
};

/** Snapshots apart from how many picture changes they counted past one (the count only grows). */
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    { ...s.context, pictureVersion: Math.min(s.context.pictureVersion as number, 1) },
  ]);
const options = { events, states, transitions, serializeState };
describePaths('session', stubbed, { input: { pollInterval: 30_000 }, ...options });
describePaths('session', stubbed, { input: {}, ...options });
// The app may start it with no input at all: no polling, not served signed out.
describePaths('session', stubbed, { input: undefined, ...options });
describePaths('session', stubbed, { input: { servedSignedOut: true }, ...options });

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

  it('shows a signed-out user signed out at once, and still when the confirming refetch fails (offline)', async () => {
    const answers: (() => Promise<SessionData>)[] = [
      async () => ({ user }),
      () => Promise.reject(new Error('offline')),
    ];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          fetchSession: fromPromise(() => answers.shift()!()),
          visibilityWatcher: fromCallback(() => () => undefined),
          storageWatcher: fromCallback(() => () => undefined),
        },
      }),
      { input: {} },
    ).start();
    await new Promise<void>((r) => setTimeout(r, 0));
    expect(seen(actor.getSnapshot())).toMatchObject({ status: 'authenticated', user });
    actor.send({ type: 'SIGNED_OUT' });
    expect(seen(actor.getSnapshot())).toEqual({
      status: 'unauthenticated',
      user: null,
      sentToSignIn: false,
      fetching: true,
    });
    await new Promise<void>((r) => setTimeout(r, 0));
    expect(seen(actor.getSnapshot())).toEqual({
      status: 'unauthenticated',
      user: null,
      sentToSignIn: true,
      fetching: false,
    });
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

  it('polls while idle only when an interval is set, counting from the last answer', async () => {
    const settle = () => new Promise<void>((r) => setTimeout(r, 0));
    for (const pollInterval of [undefined, 0, 30_000]) {
      let calls = 0;
      const clock = new SimulatedClock();
      const actor = createActor(
        sessionMachine.provide({
          actors: {
            fetchSession: fromPromise<SessionData>(async () => {
              calls++;
              return { user };
            }),
            visibilityWatcher: fromCallback(() => () => undefined),
            storageWatcher: fromCallback(() => () => undefined),
          },
        }),
        { input: { pollInterval }, clock },
      ).start();
      await settle();
      expect(calls).toBe(1);
      clock.increment(29_999);
      await settle();
      expect(calls).toBe(1);
      clock.increment(1);
      await settle();
      expect(calls).toBe(pollInterval ? 2 : 1);
      expect(actor.getSnapshot().hasTag('fetching')).toBe(false);
      expect(sessionStatus(actor.getSnapshot())).toBe('authenticated');
      actor.stop();
    }
  });
});
