import type { Tags } from '../../core/tags';
import type { connectProjectVote } from './projectVote.connect';

/** A project's tally as the server reports it; `myVote`: the voter's own vote, when the server knows it. */
export type Votes = { yes: number; no: number; yesPercentage: number; myVote: 'yes' | 'no' | null };
export type VoteChoice = 'yes' | 'no';

/** `average`: the average the page arrived with (the server's), shown while the machine loads its own. */
export type ProjectVoteInput = { projectId: string; votes: Votes; average?: number };
export type ProjectVoteContext = {
  projectId: string;
  votes: Votes;
  /** The vote shown as chosen: the server's, else the last one saved. */
  myVote: VoteChoice | null;
  /** The vote being (or last) sent. */
  pendingVote: VoteChoice | null;
  /** The average yes percentage across all projects, null while none is known. */
  average: number | null;
};
/** VOTE_SAVED is raised by the machine itself once the server saved a vote. */
export type ProjectVoteEvent = { type: 'VOTE'; vote: VoteChoice } | { type: 'VOTE_SAVED' };
/**
 * `error`: the last vote could not be saved; `submitting`: a vote is being saved; `voted`: one was;
 * `averageLoaded`: the machine's own average arrived.
 */
export type ProjectVoteTag = Tags<'error', 'averageLoaded' | 'submitting' | 'voted'>;

/** What the view needs besides the machine: the project's name, for the question. */
export type ProjectVoteViewOptions = { name: string };
/** What VotePanel renders (projectVote.connect). */
export type ProjectVoteView = ReturnType<typeof connectProjectVote>;
