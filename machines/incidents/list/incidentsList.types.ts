import type { Tags } from '../../core/tags';
import type { connectIncidentsList } from './incidentsList.connect';

export type IncidentSort = 'date' | 'loss';
import type { SortOrder } from '../../core/sortColumn';

/** What the visitor chose: every part of it lives in the address bar (incidentsList.url.ts). */
export type IncidentsQuery = {
  type: string;
  chain: string;
  year: string;
  from: string;
  to: string;
  keyword: string;
  sort: IncidentSort;
  order: SortOrder;
  page: number;
};
export type IncidentFilters = Pick<IncidentsQuery, 'type' | 'chain' | 'year' | 'from' | 'to' | 'keyword'>;

/** One row as the list shows it (api/incidents.ts Incident). */
export type IncidentRow = {
  id: number;
  projectId: string | null;
  projectName: string;
  occurredOn: string;
  type: string;
  technique: string | null;
  lossUsd: number | null;
  returnedUsd: number | null;
  chains: string[];
  sourceUrl: string | null;
  source: string;
};
export type IncidentsPage = {
  items: IncidentRow[];
  total: number;
  page: number;
  pageSize: number;
  chains: string[];
};

export type IncidentsListEvent =
  | { type: 'FILTER'; patch: Partial<IncidentFilters> }
  | { type: 'CLEAR_FILTERS' }
  | { type: 'SORT'; sort: IncidentSort }
  | { type: 'PAGE'; page: number }
  | { type: 'RETRY' }
  | { type: 'URL_CHANGED'; query: IncidentsQuery };

/** `data`: the last page loaded (kept while the next loads); `error`: the last load's failure. */
export type IncidentsListContext = {
  query: IncidentsQuery;
  data: IncidentsPage | null;
  error: string | null;
};
/** `query`: the one the address names when the page opens; the default query without it. */
export type IncidentsListInput = { query?: IncidentsQuery } | undefined;
/** `loading` while a page loads, `ready` once shown, `error` when the load failed. */
export type IncidentsListTag = Tags<'loading' | 'ready' | 'error'>;

/**
 * What the view needs besides the machine: how the page writes a date and an amount in USD (the site's formatters,
 * which machines/ cannot import).
 */
export type IncidentsListViewOptions = {
  formatDate: (isoDate: string) => string;
  formatUsd: (amount: number | null) => string;
};
/** What IncidentsPage renders (incidentsList.connect). */
export type IncidentsListView = ReturnType<typeof connectIncidentsList>;
