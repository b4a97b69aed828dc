import { assertEvent, assign, raise, setup } from 'xstate';
import type {
  ProjectVoteContext,
  ProjectVoteEvent,
  ProjectVoteInput,
  ProjectVoteTag,
  VoteChoice,
  Votes,
} from './projectVote.types';
import { notProvided } from '../../core/requests';

/**
 * Community vote on a project page: yes/no, one vote per voter (re-voting changes it). The average yes percentage
 * across all projects loads alongside, and again after each saved vote. Actors: castVote, loadAverage.
 */
export const projectVoteMachine = setup({
  types: {
    input: {} as ProjectVoteInput,
    context: {} as ProjectVoteContext,
    events: {} as ProjectVoteEvent,
    tags: {} as ProjectVoteTag,
  },
  actors: {
    castVote: notProvided<Votes, { projectId: string; vote: VoteChoice }>('castVote'),
    loadAverage: notProvided<{ averageYesPercentage: number }>('loadAverage'),
  },
  actions: {
    setPending: assign({
      pendingVote: ({ event }) => {
        assertEvent(event, 'VOTE');
        return event.vote;
      },
    }),
    storeAverage: assign((_, params: { average: number }) => ({ average: params.average })),
    storeVotes: assign(({ context }, params: { votes: Votes }) => ({
      votes: params.votes,
      myVote: params.votes.myVote ?? context.pendingVote,
    })),
    raiseVoteSaved: raise({ type: 'VOTE_SAVED' }),
  },
}).createMachine({
  id: 'projectVote',
  context: ({ input }) => ({
    projectId: input.projectId,
    votes: input.votes,
    myVote: input.votes.myVote ?? null,
    pendingVote: null,
    average: input.average ?? null,
  }),
  type: 'parallel',
  states: {
    average: {
      initial: 'loading',
      states: {
        // A saved vote moves the average across all projects too, so it is loaded again (a transition of this
        // region's states, so the ballot region is left alone).
        loading: {
          on: { VOTE_SAVED: { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadAverage',
            src: 'loadAverage',
            onDone: {
              target: 'loaded',
              actions: {
                type: 'storeAverage',
                params: ({ event }) => ({ average: event.output.averageYesPercentage }),
              },
            },
            onError: { target: 'unavailable' },
          },
        },
        loaded: { tags: ['averageLoaded'], on: { VOTE_SAVED: { target: 'loading' } } },
        unavailable: { on: { VOTE_SAVED: { target: 'loading' } } },
      },
    },
    ballot: {
      initial: 'idle',
      states: {
        idle: { on: { VOTE: { target: 'submitting', actions: 'setPending' } } },
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'castVote',
            src: 'castVote',
            input: ({ context }) => ({ projectId: context.projectId, vote: context.pendingVote! }),
            onDone: {
              target: 'voted',
              actions: [
                { type: 'storeVotes', params: ({ event }) => ({ votes: event.output }) },
                'raiseVoteSaved',
              ],
            },
            onError: { target: 'failed' },
          },
        },
        voted: { tags: ['voted'], on: { VOTE: { target: 'submitting', actions: 'setPending' } } },
        failed: { tags: ['error'], on: { VOTE: { target: 'submitting', actions: 'setPending' } } },
      },
    },
  },
});
