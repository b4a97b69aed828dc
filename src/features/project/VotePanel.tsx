import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getAverageYesPercentage, voteProject, type Votes } from '../../../api/projects';
import { projectVoteMachine, type VoteChoice } from '../../../machines/projects/vote/projectVote.machine';
import { request } from '../../lib/client';
import { Icon } from '../../components/Icon';
import { inspect } from '../../lib/inspect';

const machine = projectVoteMachine.provide({
  actors: {
    castVote: fromPromise(({ input }: { input: { projectId: string; vote: VoteChoice } }) =>
      voteProject(request, input.projectId, input.vote),
    ),
    loadAverage: fromPromise(() => getAverageYesPercentage(request)),
  },
});

/**
 * Community vote: yes/no, with the average yes percentage across all projects (`average`: as the server's page
 * carried it, shown until the machine's own load answers).
 */
export function VotePanel({
  projectId,
  votes,
  name,
  average: servedAverage,
}: {
  projectId: string;
  votes: Votes;
  name: string;
  average?: number;
}) {
  const actorRef = useActorRef(machine, { input: { projectId, votes, average: servedAverage }, inspect });
  const current = useSelector(actorRef, (s) => s.context.votes);
  const myVote = useSelector(actorRef, (s) => s.context.myVote);
  const average = useSelector(actorRef, (s) => s.context.average);
  const submitting = useSelector(actorRef, (s) => s.hasTag('submitting'));
  const failed = useSelector(actorRef, (s) => s.hasTag('error'));
  const total = current.yes + current.no;
  const yes = current.yesPercentage;
  return (
    <section className="card panel vote-panel" aria-labelledby="vote-title" data-scope="project-vote">
      <h2 id="vote-title">Community vote</h2>
      <p className="muted">Do you feel good about {name}’s security?</p>
      <div className="vote-buttons">
        <button
          type="button"
          className={`vote-btn vote-yes${myVote === 'yes' ? ' is-chosen' : ''}`}
          aria-pressed={myVote === 'yes'}
          disabled={submitting}
          onClick={() => actorRef.send({ type: 'VOTE', vote: 'yes' })}
        >
          <Icon name="thumbUp" size={18} />
          Yes
        </button>
        <button
          type="button"
          className={`vote-btn vote-no${myVote === 'no' ? ' is-chosen' : ''}`}
          aria-pressed={myVote === 'no'}
          disabled={submitting}
          onClick={() => actorRef.send({ type: 'VOTE', vote: 'no' })}
        >
          <Icon name="thumbDown" size={18} />
          No
        </button>
      </div>
      {/* With no votes yet the bar is empty and neutral, not half yes and half no. */}
      <div className={`vote-bar${total === 0 ? ' is-empty' : ''}`} aria-hidden="true" data-testid="vote-bar">
        <span style={{ width: `${total === 0 ? 0 : yes}%` }} />
      </div>
      <p className="vote-result" aria-live="polite" data-testid="vote-result">
        <strong>{yes.toFixed(1)}% yes</strong> · {total} {total === 1 ? 'vote' : 'votes'}
      </p>
      <p className="muted vote-average">
        Average across all projects: {average === null ? '—' : `${average.toFixed(1)}% yes`}
      </p>
      {failed && (
        <p className="field-error" role="alert">
          Your vote could not be saved. Please try again.
        </p>
      )}
    </section>
  );
}
