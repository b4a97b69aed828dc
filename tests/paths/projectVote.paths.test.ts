import { expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import {
  projectVoteMachine,
  type VoteChoice,
  type Votes,
} from '../../machines/projects/vote/projectVote.machine';
import { describePaths, pending, type StepEffect } from './harness';

type Context = {
  projectId: string;
  votes: Votes;
  myVote: VoteChoice | null;
  pendingVote: VoteChoice | null;
  average: number | null;
};
const ctx = (s: AnyMachineSnapshot) => s.context as Context;
const region = (s: AnyMachineSnapshot) => s.value as { average: string; ballot: string };
const child = (s: AnyMachineSnapshot, id: string) => s.children[id] as AnyActorRef | undefined;

const machine = projectVoteMachine.provide({
  actors: { castVote: pending() as never, loadAverage: pending() as never },
});

/** The ballot is as it was: same state, same vote request (if any). */
const ballotKept = (step: StepEffect) => {
  expect(region(step.after).ballot).toBe(region(step.before).ballot);
  expect(child(step.after, 'castVote')).toBe(child(step.before, 'castVote'));
};
/** The average region is as it was: same state, same request (if any), same average shown. */
const averageKept = (step: StepEffect) => {
  expect(region(step.after).average).toBe(region(step.before).average);
  expect(child(step.after, 'loadAverage')).toBe(child(step.before, 'loadAverage'));
  expect(ctx(step.after).average).toBe(ctx(step.before).average);
};
/** The vote is sent: the buttons show it is being saved; the shown vote and counts wait for the answer. */
const sendsVote = (step: StepEffect) => {
  const vote = step.event.vote as VoteChoice;
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), pendingVote: vote });
  expect(region(step.after).ballot).toBe('submitting');
  expect(step.after.hasTag('submitting')).toBe(true);
  expect(step.after.hasTag('error')).toBe(false);
  expect(child(step.after, 'castVote')!.getSnapshot().input).toEqual({
    projectId: ctx(step.before).projectId,
    vote,
  });
  averageKept(step);
};
/** A saved vote loads the average again: a new request, the last average shown meanwhile. */
const reloadsAverage = (step: StepEffect) => {
  expect(step.transitions).toContain('projectVote.ballot.submitting|xstate.done.actor.castVote|0');
  expect(region(step.after).average).toBe('loading');
  expect(step.after.hasTag('averageLoaded')).toBe(false);
  const loader = child(step.after, 'loadAverage');
  expect(loader).toBeDefined();
  expect(loader).not.toBe(child(step.before, 'loadAverage'));
  expect(child(step.before, 'loadAverage')?.getSnapshot().status ?? 'stopped').toBe('stopped');
  expect(ctx(step.after).average).toBe(ctx(step.before).average);
};

/** The server's counts after a vote; `echo`: whether it says which vote is the voter's. */
const counts = (vote: VoteChoice | null, echo: boolean): Votes =>
  vote === 'no'
    ? { yes: 3, no: 2, yesPercentage: 60, myVote: echo ? 'no' : null }
    : { yes: 4, no: 1, yesPercentage: 80, myVote: echo ? 'yes' : null };

/**
 * `served`: the average the page arrived with (the server's HTML carries it beside the project's tally), shown from
 * the start and until the machine's own load answers; none on a page the browser fetched.
 */
for (const [echo, served] of [
  [true, undefined],
  [false, 52.5],
] as const)
  describePaths('projectVote', machine, {
    input: { projectId: 'eth', votes: { yes: 3, no: 1, yesPercentage: 75, myVote: null }, average: served },

    events: (s) => [
      { type: 'VOTE', vote: 'yes' },
      { type: 'VOTE', vote: 'no' },
      ...(s.hasTag('submitting')
        ? [
            { type: 'xstate.done.actor.castVote', output: counts(ctx(s).pendingVote, echo) },
            { type: 'xstate.error.actor.castVote', error: new Error('offline') },
          ]
        : []),
      ...(s.matches({ average: 'loading' })
        ? [
            { type: 'xstate.done.actor.loadAverage', output: { averageYesPercentage: echo ? 61.5 : 40 } },
            { type: 'xstate.error.actor.loadAverage', error: new Error('offline') },
          ]
        : []),
    ],
    transitions: {
      'projectVote.ballot.idle|VOTE': sendsVote,
      // Re-voting (or trying again after a failure) sends the new choice.
      'projectVote.ballot.voted|VOTE': sendsVote,
      'projectVote.ballot.failed|VOTE': sendsVote,
      // Saved: the server's counts show, with the voter's choice (the server's, else the one sent) chosen.
      'projectVote.ballot.submitting|xstate.done.actor.castVote': (step) => {
        const before = ctx(step.before);
        const votes = step.event.output as Votes;
        expect(ctx(step.after)).toEqual({ ...before, votes, myVote: votes.myVote ?? before.pendingVote });
        expect(ctx(step.after).myVote).toBe(before.pendingVote);
        expect(region(step.after).ballot).toBe('voted');
        expect(step.after.hasTag('voted')).toBe(true);
        expect(step.after.hasTag('submitting')).toBe(false);
        expect(child(step.after, 'castVote')).toBeUndefined();
        reloadsAverage(step);
      },
      // Not saved: the error shows; the counts and the voter's earlier choice stay as they were.
      'projectVote.ballot.submitting|xstate.error.actor.castVote': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect(region(step.after).ballot).toBe('failed');
        expect(step.after.hasTag('error')).toBe(true);
        expect(step.after.hasTag('submitting')).toBe(false);
        expect(child(step.after, 'castVote')).toBeUndefined();
        averageKept(step);
      },
      'projectVote.average.loading|VOTE_SAVED': reloadsAverage,
      'projectVote.average.loaded|VOTE_SAVED': reloadsAverage,
      'projectVote.average.unavailable|VOTE_SAVED': reloadsAverage,
      // The average across all projects shows.
      'projectVote.average.loading|xstate.done.actor.loadAverage': (step) => {
        const average = (step.event.output as { averageYesPercentage: number }).averageYesPercentage;
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), average });
        expect(region(step.after).average).toBe('loaded');
        expect(step.after.hasTag('averageLoaded')).toBe(true);
        expect(child(step.after, 'loadAverage')).toBeUndefined();
        ballotKept(step);
      },
      // Unavailable: the last average shown (none at first) stays; the ballot is not affected.
      'projectVote.average.loading|xstate.error.actor.loadAverage': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect(region(step.after).average).toBe('unavailable');
        expect(step.after.hasTag('averageLoaded')).toBe(false);
        expect(child(step.after, 'loadAverage')).toBeUndefined();
        ballotKept(step);
      },
    },
  });

// At start the served average (or none) shows while the machine's own loads.
it.each([undefined, 52.5])('starts showing the average the page arrived with (%s)', (served) => {
  const actor = createActor(machine, {
    input: { projectId: 'eth', votes: { yes: 0, no: 1, yesPercentage: 0, myVote: 'no' }, average: served },
  }).start();
  expect(ctx(actor.getSnapshot()).average).toBe(served ?? null);
  expect(region(actor.getSnapshot()).average).toBe('loading');
  expect(child(actor.getSnapshot(), 'loadAverage')).toBeDefined();
  actor.stop();
});
