import type { FastifyInstance } from 'fastify';
import { VoteQuery, Votes } from '../../../../api/projects.schemas';
import { LIMITS } from '../../../plugins/app/rateLimit';
import { replies, typed } from '../../../routing/schemas';
import { voterKey } from '../../../projects/voter';

/** GET /api/projects/vote: a visitor's vote on a project. */
export default async function apiProjectsVoteRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  // Votes (not tally reads) are limited per address: dropping the visitor cookie makes a new voter, not more votes.
  app.get(
    '/vote',
    {
      config: { rateLimit: LIMITS.vote, writesWithQuery: 'vote' },
      schema: {
        summary: 'Vote on a project (or read its votes)',
        description: "Records or changes this visitor's vote; without `vote` it only reads the tally.",
        querystring: VoteQuery,
        response: replies(Votes),
      },
    },
    async (request, reply) => {
      const { id, vote } = request.query;
      await app.projects.require(id);
      const voter = voterKey(request, reply, vote !== undefined);
      if (vote !== undefined && voter) {
        await app.projects.castVote(id, voter, vote === 'yes');
      }
      return app.projects.voteTally(id, voter);
    },
  );
}
