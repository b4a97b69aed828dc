import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LimitQuery, ProjectRow as ProjectRowSchema } from '../../../api/projects.schemas';
import { type ProjectRecordRow, toProjectRow } from '../../projects/rows';
import { cacheFor, type CachedValues } from '../../cache/versionedCache';
import { encodeResponse, sendResponse, type EncodedResponse } from '../../cache/response';
import { stripRows } from '../../projects/strips';
import { replies, typed } from '../../routing/schemas';
import { z } from 'zod';

/** GET /api/audits-in-progress: home's strip of projects under audit. */
export default async function apiAuditsInProgressRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  // The public lists below (leaderboard pages, home's strips) are made from a few tables alone: each response is
  // encoded once by its route's schema and cached until those tables change (server/cache/versionedCache.ts), as
  // most visitors ask for the same few.
  const cache = cacheFor(app.database);
  const ProjectRows = z.array(ProjectRowSchema);
  const sendCached = async <S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    responses: CachedValues<EncodedResponse>,
    key: string,
    schema: S,
    read: () => Promise<z.input<S>>,
  ) =>
    sendResponse(request, reply, await responses.get(key, async () => encodeResponse(schema, await read())));
  const sendCachedRows = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    read: () => Promise<ProjectRecordRow[]>,
  ) =>
    sendCached(request, reply, cache.listResponses, key, ProjectRows, async () =>
      (await read()).map(toProjectRow),
    );

  app.get(
    '/audits-in-progress',
    {
      compress: false,
      schema: {
        summary: 'Audits in progress',
        querystring: LimitQuery,
        response: replies(z.array(ProjectRowSchema)),
      },
    },
    async (request, reply) =>
      sendCachedRows(request, reply, `audits-in-progress ${request.query.limit}`, () =>
        stripRows(app.db, 'auditsInProgress', request.query.limit),
      ),
  );
}
