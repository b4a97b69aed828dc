import { expect } from 'vitest';
import { projectVoteMachine } from '../../machines/project-vote/projectVote.machine';
import { describePaths, pending } from './harness';

const machine = projectVoteMachine.provide({
  actors: { castVote: pending() as never, loadAverage: pending() as never as never },
});

describePaths('projectVote', machine, {
  input: { projectId: 'eth', votes: { yes: 3, no: 1, yesPercentage: 75, myVote: null } },
  events: (s) => [
    { type: 'VOTE', vote: 'yes' },
    { type: 'VOTE', vote: 'no' },
    ...(s.hasTag('submitting')
      ? [
          { type: 'xstate.done.actor.castVote', output: { yes: 4, no: 1, yesPercentage: 80, myVote: 'yes' } },
          { type: 'xstate.error.actor.castVote', error: new Error('offline') },
        ]
      : []),
    ...(s.matches({ average: 'loading' })
      ? [
          { type: 'xstate.done.actor.loadAverage', output: { averageYesPercentage: 61.5 } },
          { type: 'xstate.error.actor.loadAverage', error: new Error('offline') },
        ]
      : []),
  ],
  states: {
    'projectVote.ballot.submitting': (s) => expect(s.hasTag('submitting')).toBe(true),
    'projectVote.ballot.idle': (s) => expect(s.context.myVote).toBeNull(),
    'projectVote.ballot.voted': (s) => {
      expect(s.hasTag('voted')).toBe(true);
      expect(s.context.votes.yes).toBe(4);
      expect(s.context.myVote).toBe('yes');
    },
    'projectVote.ballot.failed': (s) => expect(s.hasTag('error')).toBe(true),
    'projectVote.average.loading': (s) => {
      // Loading again after a saved vote keeps showing the last average until the new one arrives.
      expect(s.context.average === null || s.context.average === 61.5).toBe(true);
      expect(s.children.loadAverage).toBeDefined();
    },
    'projectVote.average.loaded': (s) => expect(s.context.average).toBe(61.5),
    'projectVote.average.unavailable': (s) => expect(s.context.average).toBeNull(),
  },
});
