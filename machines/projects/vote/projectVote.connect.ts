/**
 * The community vote's view model: a snapshot, a send function and the project's name in; what VotePanel shows
 * (the question, the tally, the average across all projects, the failure) and prop getters for the Yes / No
 * buttons and the bar out. Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { projectVoteMachine } from './projectVote.machine';
import type { ProjectVoteEvent, ProjectVoteViewOptions, VoteChoice } from './projectVote.types';

export function connectProjectVote(
  snapshot: SnapshotFrom<typeof projectVoteMachine>,
  send: (event: ProjectVoteEvent) => void,
  { name }: ProjectVoteViewOptions,
) {
  const { votes, myVote, average } = snapshot.context;
  // While a vote is being saved neither button starts another.
  const busy = snapshot.hasTag('submitting');
  const total = votes.yes + votes.no;
  const yes = votes.yesPercentage;
  const button = (choice: VoteChoice) => ({
    type: 'button' as const,
    className: `vote-btn vote-${choice}${myVote === choice ? ' is-chosen' : ''}`,
    'aria-pressed': myVote === choice,
    disabled: busy,
    onClick: () => send({ type: 'VOTE', vote: choice }),
  });
  return {
    title: 'Community vote',
    question: `Do you feel good about ${name}’s security?`,
    busy,
    /** The voter's vote shown as chosen, or null. */
    myVote,
    yesText: 'Yes',
    noText: 'No',
    getYesButtonProps: () => button('yes'),
    getNoButtonProps: () => button('no'),
    /** No votes yet: the bar is empty and neutral, not half yes and half no. */
    empty: total === 0,
    getBarProps: () => ({
      className: `vote-bar${total === 0 ? ' is-empty' : ''}`,
      'aria-hidden': 'true' as const,
      'data-testid': 'vote-bar',
    }),
    getBarFillProps: () => ({ style: { width: `${total === 0 ? 0 : yes}%` } }),
    /** '75.0% yes' */
    yesShare: `${yes.toFixed(1)}% yes`,
    /** '4 votes', '1 vote' */
    voteCount: `${total} ${total === 1 ? 'vote' : 'votes'}`,
    /** The machine's average once loaded, the page's until then, '—' when neither is known. */
    averageText: `Average across all projects: ${average === null ? '—' : `${average.toFixed(1)}% yes`}`,
    /** The failure of the last vote, or null. */
    error: snapshot.hasTag('error') ? 'Your vote could not be saved. Please try again.' : null,
  };
}
