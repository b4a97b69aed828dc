/**
 * The incidents database's view model: a snapshot, a send function and the site's formatters in; what IncidentsPage
 * shows (the filters with their choices, the count, the rows, the failure, the pager) and prop getters for the
 * filter form, the sort headers and the buttons out. Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import { sortColumn } from '../../core/sortColumn';
import { INCIDENT_TYPES, INCIDENTS_FEED_PATH } from '../../../api/incidents';
import type { incidentsListMachine } from './incidentsList.machine';
import type {
  IncidentFilters,
  IncidentSort,
  IncidentsListEvent,
  IncidentsListViewOptions,
} from './incidentsList.types';

const TYPE_OPTIONS = INCIDENT_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }));
// Every year since incidents are recorded, newest first.
const YEARS = Array.from({ length: new Date().getUTCFullYear() - 2015 }, (_, i) =>
  String(new Date().getUTCFullYear() - i),
);
const SORT_LABELS: Record<IncidentSort, string> = { date: 'Date', loss: 'Loss' };
const DATE_FIELDS = [
  ['from', 'From'],
  ['to', 'To'],
] as const;
type DateField = (typeof DATE_FIELDS)[number][0];

/** What the keyword form's submit reads: the form's `keyword` field (React's FormEvent fits). */
type SubmitEvent = {
  preventDefault: () => void;
  currentTarget: { elements: { namedItem: (name: string) => unknown } };
};

export function connectIncidentsList(
  snapshot: SnapshotFrom<typeof incidentsListMachine>,
  send: (event: IncidentsListEvent) => void,
  { formatDate, formatUsd }: IncidentsListViewOptions,
) {
  const { query, data, error } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  const failed = snapshot.hasTag('error');
  const filter = (patch: Partial<IncidentFilters>) => send({ type: 'FILTER', patch });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // The chains incidents name, and the one in the address even when no incident names it any more.
  const chainOptions = [...new Set([...(data?.chains ?? []), ...(query.chain ? [query.chain] : [])])];
  const select = (
    key: 'type' | 'chain' | 'year',
    label: string,
    any: string,
    options: readonly (string | { value: string; label: string })[],
  ) => ({
    id: `incidents-${key}`,
    label,
    any,
    options,
    value: query[key],
    onChange: (value: string) => filter({ [key]: value }),
  });

  return {
    title: 'Incidents database',
    feedPath: INCIDENTS_FEED_PATH,
    loading,
    failed,
    /** The load's failure, or null. */
    error: failed ? error : null,
    /** 'Loading incidents…', '41 incidents', '1 incident'; empty before the first page. */
    statusText: loading
      ? 'Loading incidents…'
      : data
        ? `${data.total} incident${data.total === 1 ? '' : 's'}`
        : '',
    getFilterFormProps: () => ({
      className: 'incidents-filters',
      'aria-label': 'Filter incidents',
      onSubmit: (e: SubmitEvent) => {
        e.preventDefault();
        const field = e.currentTarget.elements.namedItem('keyword') as { value?: string } | null;
        filter({ keyword: String(field?.value ?? '').trim() });
      },
    }),
    /** SelectField's props for type, chain and year. */
    selects: [
      select('type', 'Type', 'All types', TYPE_OPTIONS),
      select('chain', 'Chain', 'All chains', chainOptions),
      select('year', 'Year', 'Any year', YEARS),
    ],
    dateFields: DATE_FIELDS.map(([key, label]) => ({ key, label, id: `incidents-${key}` })),
    getDateInputProps: (key: DateField) => ({
      id: `incidents-${key}`,
      type: 'date' as const,
      value: query[key],
      onChange: (e: { target: { value: string } }) => filter({ [key]: e.target.value }),
    }),
    /** The keyword as applied; the field starts over from it whenever it changes (Back, Clear filters). */
    keyword: query.keyword,
    getKeywordInputProps: () => ({
      id: 'incidents-keyword',
      name: 'keyword',
      type: 'search' as const,
      defaultValue: query.keyword,
      maxLength: 100,
      placeholder: 'Project, technique…',
    }),
    getClearButtonProps: () => ({
      type: 'button' as const,
      className: 'link-button',
      onClick: () => send({ type: 'CLEAR_FILTERS' }),
    }),
    getRetryButtonProps: () => ({
      type: 'button' as const,
      className: 'link-button',
      onClick: () => send({ type: 'RETRY' }),
    }),
    getScrollProps: () => ({ className: 'incidents-scroll', 'aria-busy': loading }),
    sorts: ['date', 'loss'] as IncidentSort[],
    /** A sortable column: its label, and the arrow of its order when the list is sorted by it. */
    sortLabel: (sort: IncidentSort) => SORT_LABELS[sort],
    sortArrow: (sort: IncidentSort) => sortColumn(query.sort === sort, query.order).arrow,
    getSortHeaderProps: (sort: IncidentSort) => ({
      scope: 'col' as const,
      className: sort === 'loss' ? 'num' : undefined,
      'aria-sort': sortColumn(query.sort === sort, query.order).ariaSort,
    }),
    getSortButtonProps: (sort: IncidentSort) => ({
      type: 'button' as const,
      className: 'sort-button',
      onClick: () => send({ type: 'SORT', sort }),
    }),
    /** The rows of the page shown (kept while the next one loads), as the table writes them. */
    rows: (data?.items ?? []).map((i) => ({
      id: i.id,
      date: formatDate(i.occurredOn),
      projectName: i.projectName,
      projectHref: i.projectId ? `/projects/${encodeURIComponent(i.projectId)}` : null,
      type: i.type,
      technique: i.technique,
      loss: formatUsd(i.lossUsd),
      chains: i.chains.join(', ') || '—',
      returned: formatUsd(i.returnedUsd),
      source: { sourceUrl: i.sourceUrl, source: i.source },
    })),
    /** Shown in the table when a loaded page has no rows, else null. */
    emptyText: data && data.items.length === 0 ? 'No incidents match these filters.' : null,
    getPagerProps: () => ({
      page: query.page,
      pages,
      label: 'Incident pages',
      onPage: (page: number) => send({ type: 'PAGE', page }),
    }),
  };
}
