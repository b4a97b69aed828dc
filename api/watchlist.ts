import { z } from 'zod';
import type { Request } from './http';

/** Spec §3/§9: the placeholder list shown while a user has none, and its name. */
export const TEMP_WATCHLIST_ID = 'temp';
export const DEFAULT_WATCHLIST_NAME = 'My Watchlist';
/** Spec §9: watchlist name maximum. */
export const WATCHLIST_NAME_MAX = 20;
/** Server limits (issue 5 "sensible limits"). */
export const MAX_WATCHLISTS_PER_USER = 20;
export const MAX_PROJECTS_PER_WATCHLIST = 500;

/** Spec §5 / §8 texts. */
export const NAME_TOO_LONG_MESSAGE = 'Watchlist name cannot exceed 20 characters.';
export const NAME_TAKEN_MESSAGE = 'The name is already used';

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
export type Watchlist = z.infer<typeof Watchlist>;

/** GET /api/watchlist → Watchlist[] (oldest first). */
export const WatchlistList = z.array(Watchlist);

/** POST /api/watchlist/create */
export const CreateWatchlistBody = z.object({
  name: WatchlistName,
  projects: WatchlistProjects.default([]),
});
export type CreateWatchlistBody = z.input<typeof CreateWatchlistBody>;
export const CreatedWatchlist = z.object({ id: z.string() });
export type CreatedWatchlist = z.infer<typeof CreatedWatchlist>;

/** POST /api/watchlist/update: replaces name and projects; with `version`, only if nobody wrote since. */
export const UpdateWatchlistBody = z.object({
  id: WatchlistId,
  name: WatchlistName,
  projects: WatchlistProjects,
  version: z.number().int().positive().optional(),
});
export type UpdateWatchlistBody = z.input<typeof UpdateWatchlistBody>;

/** POST /api/watchlist/delete */
export const DeleteWatchlistBody = z.object({ id: WatchlistId });

/** POST /api/watchlist/toggle: atomic add-if-absent / remove-if-present on the server. */
export const ToggleWatchlistBody = z.object({ id: WatchlistId, projectId: ProjectId });
export const ToggleResult = Watchlist.extend({ added: z.boolean() });
export type ToggleResult = z.infer<typeof ToggleResult>;

/** GET /api/watchlist/export?id=&format=csv|json (a file download). */
export const ExportWatchlistQuery = z.object({
  id: WatchlistId,
  format: z.enum(['csv', 'json']).default('csv'),
});
export type ExportFormat = 'csv' | 'json';

/** Error codes the watchlist routes answer with (besides ValidationError, Unauthorized, NotFound). */
export const WATCHLIST_ERRORS = {
  nameTaken: 'NameTaken',
  unknownProjects: 'UnknownProjects',
  limitExceeded: 'LimitExceeded',
  versionConflict: 'VersionConflict',
} as const;

export const getWatchlists = (request: Request) => request<Watchlist[]>('/api/watchlist');

export const createWatchlist = (request: Request, body: CreateWatchlistBody) =>
  request<CreatedWatchlist>('/api/watchlist/create', { method: 'POST', body });

export const updateWatchlist = (request: Request, body: UpdateWatchlistBody) =>
  request<Watchlist>('/api/watchlist/update', { method: 'POST', body });

export const deleteWatchlist = (request: Request, id: string) =>
  request<{ id: string }>('/api/watchlist/delete', { method: 'POST', body: { id } });

export const toggleWatchlistProject = (request: Request, id: string, projectId: string) =>
  request<ToggleResult>('/api/watchlist/toggle', { method: 'POST', body: { id, projectId } });

/** The download address of an export (used as a link's href; the browser sends the cookie). */
export const watchlistExportUrl = (id: string, format: ExportFormat) =>
  `/api/watchlist/export?id=${encodeURIComponent(id)}&format=${format}`;
