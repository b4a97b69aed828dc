/** Zod schemas of the watchlist contract: the server validates with these (the browser uses api/watchlist.ts). */
import { z } from 'zod';
import { WATCHLIST_NAME_MAX, NAME_TOO_LONG_MESSAGE, MAX_PROJECTS_PER_WATCHLIST } from './watchlist';
import { ProjectRow } from './projects.schemas';

/** A watchlist name: trimmed, 1–20 characters. */
export const WatchlistName = z
  .string()
  .trim()
  .min(1, 'Please enter a watchlist name.')
  .max(WATCHLIST_NAME_MAX, NAME_TOO_LONG_MESSAGE);

const ProjectId = z.string().min(1).max(200);
/** Ordered project ids, without duplicates, at most 500. */
export const WatchlistProjects = z
  .array(ProjectId)
  .max(MAX_PROJECTS_PER_WATCHLIST, `A watchlist can hold at most ${MAX_PROJECTS_PER_WATCHLIST} projects.`)
  .transform((ids) => [...new Set(ids)]);

const WatchlistId = z.string().min(1).max(100);

/** A watchlist as the API returns it (spec §3: id, name, projects). */
export const Watchlist = z.object({
  id: z.string(),
  name: z.string(),
  projects: z.array(z.string()),
  /** Bumped on every write; `update` may send it back to refuse a stale write. */
  version: z.number().int(),
  /** The read-only share link's token (`/w/{token}`), null while the list is not shared. */
  shareToken: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /api/watchlist → Watchlist[] (oldest first). */
export const WatchlistList = z.array(Watchlist);

/** POST /api/watchlist/create */
export const CreateWatchlistBody = z.object({
  name: WatchlistName,
  projects: WatchlistProjects.default([]),
});
export const CreatedWatchlist = z.object({ id: z.string() });

/** POST /api/watchlist/update: replaces name and projects; with `version`, only if nobody wrote since. */
export const UpdateWatchlistBody = z.object({
  id: WatchlistId,
  name: WatchlistName,
  projects: WatchlistProjects,
  version: z.number().int().positive().optional(),
});

/** POST /api/watchlist/delete */
export const DeleteWatchlistBody = z.object({ id: WatchlistId });

/** POST /api/watchlist/toggle: atomic add-if-absent / remove-if-present on the server. */
export const ToggleWatchlistBody = z.object({ id: WatchlistId, projectId: ProjectId });
export const ToggleResult = Watchlist.extend({ added: z.boolean() });

/** GET /api/watchlist/export?id=&format=csv|json (a file download). */
export const ExportWatchlistQuery = z.object({
  id: WatchlistId,
  format: z.enum(['csv', 'json']).default('csv'),
});

// ---------------------------------------------------------------------------------------------------------------
// Sharing (read-only links) and import

/** A share token as the server makes them (24 random bytes, base64url); anything else is refused before a query. */
export const ShareToken = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Not a share link.');

/** POST /api/watchlist/share: turn the list's share link on (a new token) or off (revoked). */
export const ShareWatchlistBody = z.object({ id: WatchlistId, shared: z.boolean() });
export const ShareResult = z.object({ id: z.string(), shareToken: z.string().nullable() });

/** GET /api/shared-watchlist/:token: what anyone with the link sees (no owner, no ids of the owner's). */
export const SharedWatchlist = z.object({ name: z.string(), projects: z.array(z.string()) });

/** POST /api/shared-watchlist/copy: a copy in the signed-in user's watchlists, named after the shared list. */
export const CopySharedBody = z.object({ token: ShareToken });
export const CopySharedResult = z.object({ id: z.string(), name: z.string(), projects: z.array(z.string()) });

/** At most this much pasted or uploaded text per import (a 500-project export is about 60 KB). */
export const IMPORT_TEXT_MAX = 200_000;

/** POST /api/watchlist/import/preview: our CSV or JSON export, or a list of names/tickers, one per line. */
export const ImportPreviewBody = z.object({
  text: z.string().max(IMPORT_TEXT_MAX, `An import can be at most ${IMPORT_TEXT_MAX / 1000} KB.`),
  /** The list the import is for: rows it already holds are not counted as to be added. */
  id: WatchlistId.optional(),
});
export const ImportRow = z.object({
  /** 1-based line (CSV and plain lists) or item number (JSON) in the input. */
  line: z.number().int(),
  /** What the row asked for, as written. */
  input: z.string(),
  project: z
    .object({ id: z.string(), name: z.string(), tier: z.string(), score: z.number(), logo: z.string() })
    .nullable(),
  /** Why the row cannot be imported; null when it can. */
  error: z.string().nullable(),
});
export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  /** The projects the import would add, in order, without duplicates. */
  projects: z.array(z.string()),
  /** The list's name in our JSON export, when the input has one. */
  name: z.string().nullable(),
});

/** POST /api/watchlist/import: add the previewed projects to one of the user's lists (those already in it stay). */
export const ImportBody = z.object({ id: WatchlistId, projects: WatchlistProjects });
export const ImportResult = Watchlist.extend({ added: z.number().int() });

/** POST /api/watchlist/projects — the rows of a list's projects (a shared list's too: no account needed). */
export const WatchlistRowsBody = z.object({
  projectIds: z
    .array(ProjectId)
    .max(MAX_PROJECTS_PER_WATCHLIST, `At most ${MAX_PROJECTS_PER_WATCHLIST} projects at a time.`),
});

/** Score moves of a watched project: current score minus the latest one at or before 24 h / 7 d / 30 d ago. */
export const WatchlistScoreChange = z.object({
  d1: z.number().nullable().meta({ description: 'Change over 24 hours; null when no score is that old.' }),
  d7: z.number().nullable().meta({ description: 'Change over 7 days; null when no score is that old.' }),
  d30: z.number().nullable().meta({ description: 'Change over 30 days; null when no score is that old.' }),
});

/** A watchlist table row: the project's row (audit status, KYC, …) with its score changes. */
export const WatchlistProjectRow = ProjectRow.extend({ scoreChange: WatchlistScoreChange });
export const WatchlistProjectRows = z.array(WatchlistProjectRow);
