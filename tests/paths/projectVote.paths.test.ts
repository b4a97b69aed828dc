import { expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { connectProjectVote } from '../../machines/projects/vote/projectVote.connect';
import { projectVoteMachine } from '../../machines/projects/vote/projectVote.machine';
import type {
  ProjectVoteContext,
  ProjectVoteEvent,
  VoteChoice,
  Votes,
} from '../../machines/projects/vote/projectVote.types';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';

type Context = ProjectVoteContext;
const ctx = (s: AnyMachineSnapshot) => s.context as Context;
const region = (s: AnyMachineSnapshot) => s.value as { average: string; ballot: string };
const child = (s: AnyMachineSnapshot, id: string) => s.children[id] as AnyActorRef | undefined;
/** A region's request answered: the region is in `state`, has or lacks each tag as given, and the request's actor is gone. */
const answeredInto = (
  step: StepEffect,
  name: 'average' | 'ballot',
  state: string,
  actor: string,
  tags: Record<string, boolean>,
) => {
  expect(region(step.after)[name]).toBe(state);
  for (const [tag, has] of Object.entries(tags)) expect(step.after.hasTag(tag)).toBe(has);
  expect(child(step.after, actor)).toBeUndefined();
};

const machine = projectVoteMachine.provide({
  actors: { castVote: pending() as never, loadAverage: pending() as never },
});

/** What the view's handlers send: `sends` runs one of them. */
const { send, sends } = handlerEvents<ProjectVoteEvent>();
/** The view VotePanel renders for the project 'Ether'; its buttons' events go to `send`. */
const view = (s: AnyMachineSnapshot) =>
  connectProjectVote(s as Parameters<typeof connectProjectVote>[0], send, { name: 'Ether' });

/** How each tally the paths meet is drawn: the yes share, the count, the bar's width. */
const TALLY: Record<string, { share: string; count: string; width: string }> = {
  '3/1': { share: '75.0% yes', count: '4 votes', width: '75%' },
  '4/1': { share: '80.0% yes', count: '5 votes', width: '80%' },
  '3/2': { share: '60.0% yes', count: '5 votes', width: '60%' },
  '1/0': { share: '100.0% yes', count: '1 vote', width: '100%' },
  '0/0': { share: '0.0% yes', count: '0 votes', width: '0%' },
};
/** How each average the paths meet is drawn (none known: a dash). */
const AVERAGE: Record<string, string> = {
  null: 'Average across all projects: —',
  '52.5': 'Average across all projects: 52.5% yes',
  '61.5': 'Average across all projects: 61.5% yes',
  '40': 'Average across all projects: 40.0% yes',
};

/**
 * The panel as drawn in every state: the question, the tally (an empty, neutral bar with no votes), the average
 * across all projects, the voter's vote pressed, both buttons disabled while a vote is saved, the failure while the
 * last vote was not saved; Yes and No send VOTE.
 */
function expectPanel(s: AnyMachineSnapshot, ballot: { busy: boolean; failed: boolean }) {
  const v = view(s);
  const { votes, myVote, average } = ctx(s);
  expect(v.title).toBe('Community vote');
  expect(v.question).toBe('Do you feel good about Ether’s security?');
  expect(v.busy).toBe(ballot.busy);
  expect(v.myVote).toBe(myVote);
  expect(v.yesText).toBe('Yes');
  expect(v.noText).toBe('No');
  for (const [choice, props] of [
    ['yes', v.getYesButtonProps()],
    ['no', v.getNoButtonProps()],
  ] as const) {
    expect(props).toEqual({
      type: 'button',
      className: `vote-btn vote-${choice}${myVote === choice ? ' is-chosen' : ''}`,
      'aria-pressed': myVote === choice,
      disabled: ballot.busy,
      onClick: expect.any(Function),
    });
    expect(sends(props.onClick)).toEqual([{ type: 'VOTE', vote: choice }]);
  }
  const tally = TALLY[`${votes.yes}/${votes.no}`]!;
  const empty = votes.yes + votes.no === 0;
  expect(v.empty).toBe(empty);
  expect(v.getBarProps()).toEqual({
    className: empty ? 'vote-bar is-empty' : 'vote-bar',
    'aria-hidden': 'true',
    'data-testid': 'vote-bar',
  });
  expect(v.getBarFillProps()).toEqual({ style: { width: tally.width } });
  expect(v.yesShare).toBe(tally.share);
  expect(v.voteCount).toBe(tally.count);
  expect(v.averageText).toBe(AVERAGE[String(average)]);
  expect(v.error).toBe(ballot.failed ? 'Your vote could not be saved. Please try again.' : null);
}
/** The ballot's states as drawn (the average region's are drawn by the same checks). */
const ballotStates = {
  'projectVote.ballot.idle': (s: AnyMachineSnapshot) => expectPanel(s, { busy: false, failed: false }),
  'projectVote.ballot.submitting': (s: AnyMachineSnapshot) => expectPanel(s, { busy: true, failed: false }),
  'projectVote.ballot.voted': (s: AnyMachineSnapshot) => expectPanel(s, { busy: false, failed: false }),
  'projectVote.ballot.failed': (s: AnyMachineSnapshot) => expectPanel(s, { busy: false, failed: true }),
};
/** Loaded: the machine's own average; otherwise the last one shown (the served one, or a dash, until one loads). */
const averageShown = (served: number | undefined) => {
  const lastShown = (s: AnyMachineSnapshot) =>
    expect([AVERAGE[String(served ?? null)], AVERAGE['61.5'], AVERAGE['40']]).toContain(view(s).averageText);
  return {
    'projectVote.average.loading': lastShown,
    'projectVote.average.loaded': (s: AnyMachineSnapshot) =>
      expect([AVERAGE['61.5'], AVERAGE['40']]).toContain(view(s).averageText),
    'projectVote.average.unavailable': lastShown,
  };
};

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
for (const [echo, served, votes] of [
  [true, undefined, { yes: 3, no: 1, yesPercentage: 75, myVote: null }],
  [false, 52.5, { yes: 3, no: 1, yesPercentage: 75, myVote: null }],
  // No votes yet; one vote, the voter's own.
  [true, 52.5, { yes: 0, no: 0, yesPercentage: 0, myVote: null }],
  [false, undefined, { yes: 1, no: 0, yesPercentage: 100, myVote: 'yes' }],
] as const)
  describePaths('projectVote', machine, {
    input: { projectId: 'eth', votes, average: served },

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
    states: { ...ballotStates, ...averageShown(served) },
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
        answeredInto(step, 'ballot', 'voted', 'castVote', { voted: true, submitting: false });
        reloadsAverage(step);
      },
      // Not saved: the error shows; the counts and the voter's earlier choice stay as they were.
      'projectVote.ballot.submitting|xstate.error.actor.castVote': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        answeredInto(step, 'ballot', 'failed', 'castVote', { error: true, submitting: false });
        averageKept(step);
      },
      'projectVote.average.loading|VOTE_SAVED': reloadsAverage,
      'projectVote.average.loaded|VOTE_SAVED': reloadsAverage,
      'projectVote.average.unavailable|VOTE_SAVED': reloadsAverage,
      // The average across all projects shows.
      'projectVote.average.loading|xstate.done.actor.loadAverage': (step) => {
        const average = (step.event.output as { averageYesPercentage: number }).averageYesPercentage;
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), average });
        answeredInto(step, 'average', 'loaded', 'loadAverage', { averageLoaded: true });
        ballotKept(step);
      },
      // Unavailable: the last average shown (none at first) stays; the ballot is not affected.
      'projectVote.average.loading|xstate.error.actor.loadAverage': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        answeredInto(step, 'average', 'unavailable', 'loadAverage', { averageLoaded: false });
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
  expect(view(actor.getSnapshot()).averageText).toBe(AVERAGE[String(served ?? null)]);
  expect(region(actor.getSnapshot()).average).toBe('loading');
  expect(child(actor.getSnapshot(), 'loadAverage')).toBeDefined();
  actor.stop();
});
