import { DEFAULT_QUERY } from './incidentsList.machine';
import type { SortOrder } from '../../core/sortColumn';
import type { IncidentSort, IncidentsQuery } from './incidentsList.types';

const SORTS: readonly IncidentSort[] = ['date', 'loss'];
const ORDERS: readonly SortOrder[] = ['asc', 'desc'];
const TEXT_KEYS = ['type', 'chain', 'year', 'from', 'to', 'keyword'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query an address asks for; anything missing or malformed is the default. */
export function queryFromSearch(search: string): IncidentsQuery {
  const params = new URLSearchParams(search);
  const text = (key: string) => (params.get(key) ?? '').slice(0, 100);
  const day = (key: string) => (DAY.test(text(key)) ? text(key) : '');
  const year = text('year');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    type: text('type'),
    chain: text('chain'),
    year: /^\d{4}$/.test(year) ? year : '',
    from: day('from'),
    to: day('to'),
    keyword: text('keyword'),
    sort: SORTS.find((s) => s === params.get('sort')) ?? DEFAULT_QUERY.sort,
    order: ORDERS.find((o) => o === params.get('order')) ?? DEFAULT_QUERY.order,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The address search of `query`; defaults are left out, so the plain page stays /resources/incidents. */
export function searchFromQuery(query: IncidentsQuery): string {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) if (query[key]) params.set(key, query[key]);
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sort', query.sort);
  if (query.order !== DEFAULT_QUERY.order) params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
