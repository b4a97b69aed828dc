import type { FastifyInstance } from 'fastify';
import { MAX_PROJECTS_PER_WATCHLIST, WATCHLIST_ERRORS } from '../../../../api/watchlist';
import { ImportBody, ImportPreviewBody } from '../../../../api/watchlist.schemas';
import { AppError } from '../../../errors';
import { ImportFormatError, parseImport } from '../../../watchlists/importText';
import { toApi } from '../../../watchlists/lists';
import { signedInPost, typed } from '../../../routing/schemas';
import * as W from '../../../../api/watchlist.schemas';

/**
 * Watchlist import: a preview that says, row by row, which project each line becomes or why it
 * cannot, then an atomic add of the previewed projects to one of the user's lists.
 */
export default async function watchlistImportRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  signedInPost(
    app,
    '/import/preview',
    { summary: 'Preview an import (CSV or text)', body: ImportPreviewBody, response: W.ImportPreview },
    async (user, body) => {
      let parsed;
      try {
        parsed = parseImport(body.text);
      } catch (err) {
        if (err instanceof ImportFormatError)
          throw new AppError(400, 'ValidationError', err.message, { text: err.message });
        throw err;
      }
      const found = await app.watchlists.matchImportRows(parsed.rows);
      // Against a list, a row it already holds would add nothing: the preview says so rather than "Will be added".
      const list = body.id ? await app.watchlists.ownList(user.username, body.id) : null;
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

  signedInPost(
    app,
    '/import',
    { summary: 'Import projects into a watchlist', body: ImportBody, response: W.ImportResult },
    async (user, body) => {
      return app.watchlists.write(user.username, body.id, async (row, checks) => {
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
        await checks.assertProjectsExist(added);
        return {
          name: row.name,
          projects: [...row.projects, ...added],
          result: (written) => ({ ...toApi(written), added: added.length }),
        };
      });
    },
  );
}
