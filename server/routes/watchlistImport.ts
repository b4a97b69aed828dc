import type { FastifyInstance } from 'fastify';
import { inArray, or, sql } from 'drizzle-orm';
import { MAX_PROJECTS_PER_WATCHLIST, WATCHLIST_ERRORS, type ImportRow } from '../../api/watchlist';
import { ImportBody, ImportPreviewBody } from '../../api/watchlist.schemas';
import { projects } from '../db/schema/index';
import { AppError } from '../errors';
import { requireUser } from '../plugins/session';
import { ImportFormatError, parseImport, type ImportRequest } from '../watchlists/importText';
import { assertProjectsExist, ownList, toApi, writeWithRetry } from '../watchlists/lists';
import { replies, signedIn, typed } from './schemas';
import * as W from '../../api/watchlist.schemas';

type Candidate = {
  id: string;
  name: string;
  tier: string;
  score: number;
  logo: string;
  tokenTickers: string[];
};

/** Appends to a list in a map of lists. */
function push<K>(map: Map<K, Candidate[]>, key: K, value: Candidate) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const names = (found: Candidate[]) =>
  found
    .slice(0, 3)
    .map((p) => p.name)
    .join(', ') + (found.length > 3 ? ', …' : '');

/**
 * Watchlist import: a preview that says, row by row, which project each line becomes or why it
 * cannot, then an atomic add of the previewed projects to one of the user's lists.
 */
export async function watchlistImportRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const db = app.db;

  /** Matches rows by id, then exact name (any case), then ticker (only when one project has it). */
  async function match(rows: ImportRequest[]): Promise<ImportRow[]> {
    const ids = new Set<string>();
    const lowerNames = new Set<string>();
    const tickers = new Set<string>();
    for (const r of rows) {
      for (const v of [r.id, r.query]) if (v) ids.add(v);
      for (const v of [r.name, r.query]) if (v) lowerNames.add(v.toLowerCase());
      for (const v of [r.ticker, r.query]) if (v) tickers.add(v.toUpperCase());
    }
    const candidates: Candidate[] =
      ids.size + lowerNames.size + tickers.size === 0
        ? []
        : await db
            .select({
              id: projects.id,
              name: projects.name,
              tier: projects.tier,
              score: projects.score,
              logo: projects.logo,
              tokenTickers: projects.tokenTickers,
            })
            .from(projects)
            .where(
              or(
                ids.size > 0 ? inArray(projects.id, [...ids]) : undefined,
                lowerNames.size > 0 ? inArray(sql`lower(${projects.name})`, [...lowerNames]) : undefined,
                tickers.size > 0
                  ? sql`${projects.tokenTickers} && ARRAY[${sql.join(
                      [...tickers].map((t) => sql`${t}`),
                      sql`, `,
                    )}]::text[]`
                  : undefined,
              ),
            );
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const byName = new Map<string, Candidate[]>();
    const byTicker = new Map<string, Candidate[]>();
    for (const c of candidates) {
      push(byName, c.name.toLowerCase(), c);
      for (const t of c.tokenTickers) push(byTicker, t.toUpperCase(), c);
    }

    const firstLine = new Map<string, number>();
    return rows.map((r): ImportRow => {
      const result = (project: Candidate | null, error: string | null): ImportRow => ({
        line: r.line,
        input: r.input,
        project: project
          ? {
              id: project.id,
              name: project.name,
              tier: project.tier,
              score: Math.round(project.score * 10) / 10,
              logo: project.logo,
            }
          : null,
        error,
      });
      if (!r.id && !r.name && !r.ticker && !r.query) return result(null, 'Nothing to import on this row.');
      const id = r.id ?? r.query;
      const name = r.name ?? r.query;
      const ticker = r.ticker ?? r.query;
      let project = id ? byId.get(id) : undefined;
      if (!project && name) {
        const found = byName.get(name.toLowerCase()) ?? [];
        if (found.length > 1)
          return result(null, `“${name}” is the name of ${found.length} projects: use its id.`);
        project = found[0];
      }
      if (!project && ticker) {
        const found = byTicker.get(ticker.toUpperCase()) ?? [];
        if (found.length > 1) {
          return result(
            null,
            `${ticker.toUpperCase()} is the ticker of ${found.length} projects (${names(found)}): use the name.`,
          );
        }
        project = found[0];
      }
      if (!project) return result(null, `No project matches “${r.input}”.`);
      const seen = firstLine.get(project.id);
      if (seen !== undefined) return result(project, `${project.name} is already on line ${seen}.`);
      firstLine.set(project.id, r.line);
      return result(project, null);
    });
  }

  app.post(
    '/api/watchlist/import/preview',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Preview an import (CSV or text)',
        body: ImportPreviewBody,
        response: replies(W.ImportPreview),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      let parsed;
      try {
        parsed = parseImport(body.text);
      } catch (err) {
        if (err instanceof ImportFormatError)
          throw new AppError(400, 'ValidationError', err.message, { text: err.message });
        throw err;
      }
      const found = await match(parsed.rows);
      // Against a list, a row it already holds would add nothing: the preview says so rather than "Will be added".
      const list = body.id ? await ownList(db, user.username, body.id) : null;
      const rows = list
        ? found.map((r) =>
            r.project && !r.error && list.projects.includes(r.project.id)
              ? { ...r, error: `${r.project.name} is already in ${list.name}.` }
              : r,
          )
        : found;
      const ids = rows.flatMap((r) => (r.project && !r.error ? [r.project.id] : []));
      return { rows, projects: ids, name: parsed.name };
    },
  );

  app.post(
    '/api/watchlist/import',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Import projects into a watchlist',
        body: ImportBody,
        response: replies(W.ImportResult),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      return writeWithRetry(db, user.username, body.id, async (row, tx) => {
        const added = body.projects.filter((id) => !row.projects.includes(id));
        if (row.projects.length + added.length > MAX_PROJECTS_PER_WATCHLIST) {
          throw new AppError(
            409,
            WATCHLIST_ERRORS.limitExceeded,
            `A watchlist can hold at most ${MAX_PROJECTS_PER_WATCHLIST} projects; ${row.name} has room for ${
              MAX_PROJECTS_PER_WATCHLIST - row.projects.length
            } more.`,
          );
        }
        await assertProjectsExist(tx, added);
        return {
          name: row.name,
          projects: [...row.projects, ...added],
          result: (written) => ({ ...toApi(written), added: added.length }),
        };
      });
    },
  );
}
