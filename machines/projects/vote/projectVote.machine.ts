import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';

export type Votes = { yes: number; no: number; yesPercentage: number; myVote: 'yes' | 'no' | null };
export type VoteChoice = 'yes' | 'no';

/**
 * Community vote on a project page: yes/no, one vote per voter (re-voting changes it). The average yes percentage
 * across all projects loads alongside, and again after each saved vote. Actors: castVote, loadAverage.
 */
export const projectVoteMachine = setup({
  types: {
    /** `average`: the average the page arrived with (the server's), shown while the machine loads its own. */
    input: {} as { projectId: string; votes: Votes; average?: number },
    context: {} as {
      projectId: string;
      votes: Votes;
      myVote: VoteChoice | null;
      pendingVote: VoteChoice | null;
      average: number | null;
    },
    /** VOTE_SAVED is raised by the machine itself once the server saved a vote. */
    events: {} as { type: 'VOTE'; vote: VoteChoice } | { type: 'VOTE_SAVED' },
    tags: {} as 'averageLoaded' | 'submitting' | 'voted' | 'error',
  },
  actors: {
    castVote: fromPromise<Votes, { projectId: string; vote: VoteChoice }>(async () => {
      throw new Error('castVote not provided');
    }),
    loadAverage: fromPromise<{ averageYesPercentage: number }>(async () => {
      throw new Error('loadAverage not provided');
    }),
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
          on: { 'VOTE_SAVED': { target: 'loading', reenter: true } },
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
        loaded: { tags: ['averageLoaded'], on: { 'VOTE_SAVED': { target: 'loading' } } },
        unavailable: { on: { 'VOTE_SAVED': { target: 'loading' } } },
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
