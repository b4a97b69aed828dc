import type { z } from 'zod';
import type * as schemas from './watchlist.schemas';
import type { Request } from './http';

/** Spec §3/§9: the placeholder list shown while a user has none, and its name. */
export const TEMP_WATCHLIST_ID = 'temp';
export const DEFAULT_WATCHLIST_NAME = 'My Watchlist';
/** Spec §9: watchlist name maximum. */
export const WATCHLIST_NAME_MAX = 20;
/** Server limits. */
export const MAX_WATCHLISTS_PER_USER = 20;
export const MAX_PROJECTS_PER_WATCHLIST = 500;

/** Spec §5 / §8 texts. */
export const NAME_TOO_LONG_MESSAGE = 'Watchlist name cannot exceed 20 characters.';
export const NAME_TAKEN_MESSAGE = 'The name is already used';
export type Watchlist = z.infer<typeof schemas.Watchlist>;
export type CreateWatchlistBody = z.input<typeof schemas.CreateWatchlistBody>;
export type CreatedWatchlist = z.infer<typeof schemas.CreatedWatchlist>;
export type UpdateWatchlistBody = z.input<typeof schemas.UpdateWatchlistBody>;
export type ToggleResult = z.infer<typeof schemas.ToggleResult>;
export type ExportFormat = 'csv' | 'json';
export type ShareResult = z.infer<typeof schemas.ShareResult>;
export type SharedWatchlist = z.infer<typeof schemas.SharedWatchlist>;
export type CopySharedResult = z.infer<typeof schemas.CopySharedResult>;
export type ImportRow = z.infer<typeof schemas.ImportRow>;
export type ImportPreview = z.infer<typeof schemas.ImportPreview>;
export type ImportResult = z.infer<typeof schemas.ImportResult>;
export type WatchlistScoreChange = z.infer<typeof schemas.WatchlistScoreChange>;
export type WatchlistProjectRow = z.infer<typeof schemas.WatchlistProjectRow>;

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

/** The rows of a list's projects, in the order asked, with their score changes; unknown ids are left out. */
export const getWatchlistRows = (request: Request, projectIds: string[]) =>
  request<WatchlistProjectRow[]>('/api/watchlist/projects', { method: 'POST', body: { projectIds } });

export const toggleWatchlistProject = (request: Request, id: string, projectId: string) =>
  request<ToggleResult>('/api/watchlist/toggle', { method: 'POST', body: { id, projectId } });

/** The download address of an export (used as a link's href; the browser sends the cookie). */
export const watchlistExportUrl = (id: string, format: ExportFormat) =>
  `/api/watchlist/export?id=${encodeURIComponent(id)}&format=${format}`;

export const shareWatchlist = (request: Request, id: string, shared: boolean) =>
  request<ShareResult>('/api/watchlist/share', { method: 'POST', body: { id, shared } });

/** The page address of a share link, as the owner copies it. */
export const sharedWatchlistPath = (token: string) => `/w/${token}`;

export const getSharedWatchlist = (request: Request, token: string) =>
  request<SharedWatchlist>(`/api/shared-watchlist/${encodeURIComponent(token)}`);

export const copySharedWatchlist = (request: Request, token: string) =>
  request<CopySharedResult>('/api/shared-watchlist/copy', { method: 'POST', body: { token } });

export const previewWatchlistImport = (request: Request, text: string, id?: string) =>
  request<ImportPreview>('/api/watchlist/import/preview', { method: 'POST', body: { text, id } });

export const importIntoWatchlist = (request: Request, id: string, projects: string[]) =>
  request<ImportResult>('/api/watchlist/import', { method: 'POST', body: { id, projects } });
