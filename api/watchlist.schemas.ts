/** Zod schemas of the watchlist contract: the server validates with these (the browser uses api/watchlist.ts). */
import { z } from 'zod';
import { WATCHLIST_NAME_MAX, NAME_TOO_LONG_MESSAGE, MAX_PROJECTS_PER_WATCHLIST } from './watchlist';

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
