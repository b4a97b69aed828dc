import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getAverageYesPercentage, voteProject, type Votes } from '../../../api/projects';
import { connectProjectVote } from '../../../machines/projects/vote/projectVote.connect';
import { projectVoteMachine } from '../../../machines/projects/vote/projectVote.machine';
import type { VoteChoice } from '../../../machines/projects/vote/projectVote.types';
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
  const view = connectProjectVote(
    useSelector(actorRef, (s) => s),
    actorRef.send,
    { name },
  );
  return (
    <section className="card panel vote-panel" aria-labelledby="vote-title" data-scope="project-vote">
      <h2 id="vote-title">{view.title}</h2>
      <p className="muted">{view.question}</p>
      <div className="vote-buttons">
        <button {...view.getYesButtonProps()}>
          <Icon name="thumbUp" size={18} />
          {view.yesText}
        </button>
        <button {...view.getNoButtonProps()}>
          <Icon name="thumbDown" size={18} />
          {view.noText}
        </button>
      </div>
      <div {...view.getBarProps()}>
        <span {...view.getBarFillProps()} />
      </div>
      <p className="vote-result" aria-live="polite" data-testid="vote-result">
        <strong>{view.yesShare}</strong> · {view.voteCount}
      </p>
      <p className="muted vote-average">{view.averageText}</p>
      {view.error && (
        <p className="field-error" role="alert">
          {view.error}
        </p>
      )}
    </section>
  );
}
