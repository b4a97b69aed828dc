import { z } from 'zod';
import { LimitQuery, ProjectRow } from '../../api/projects.schemas';
import type { Db } from '../db/client';
import { sendCachedResponse } from '../cache/response';
import { cacheFor } from '../cache/versionedCache';
import { toProjectRow } from '../projects/rows';
import { stripRows, type Strip } from '../projects/strips';
import type { RoutePlugin } from './loader';
import { replies, typed } from './schemas';

/**
 * The route module of a public `GET <url>?limit=` list (home's strips and alerts). Such a list is made from a few
 * tables alone: each response is encoded once by the route's schema and cached under `responses` until those tables
 * change (server/cache/versionedCache.ts), as most visitors ask for the same few.
 */
export function cachedListRoute<S extends z.ZodType>(list: {
  url: string;
  summary: string;
  schema: S;
  responses: 'listResponses' | 'alertResponses';
  read: (db: Db, limit: number) => Promise<z.input<S>>;
}): RoutePlugin {
  return async (fastify) => {
    const app = typed(fastify);
    const cache = cacheFor(app.database)[list.responses];
    // Keyed by the URL's name: `trending 10`.
    const name = list.url.slice(1);
    app.get(
      list.url,
      {
        compress: false,
        schema: {
          summary: list.summary,
          querystring: LimitQuery,
          response: replies(list.schema as z.ZodType),
        },
      },
      async (request, reply) => {
        const { limit } = request.query;
        return sendCachedResponse(request, reply, cache, `${name} ${limit}`, list.schema, () =>
          list.read(app.db, limit),
        );
      },
    );
  };
}

const ProjectRows = z.array(ProjectRow);

/** The route module of one of home's strips of projects (GET /api/trending, /recently-audited, /audits-in-progress). */
export const stripRoute = (url: string, summary: string, strip: Strip): RoutePlugin =>
  cachedListRoute({
    url,
    summary,
    schema: ProjectRows,
    responses: 'listResponses',
    read: async (db, limit) => (await stripRows(db, strip, limit)).map(toProjectRow),
  });
