import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type {
  IncidentFilters,
  IncidentsListContext,
  IncidentsListEvent,
  IncidentsListInput,
  IncidentsListTag,
  IncidentsPage,
  IncidentsQuery,
} from './incidentsList.types';
import type { SortOrder } from '../../core/sortColumn';
import { notProvided } from '../../core/requests';
import { listSectionStates } from '../../core/list-section/listSection';

export const EMPTY_FILTERS: IncidentFilters = {
  type: '',
  chain: '',
  year: '',
  from: '',
  to: '',
  keyword: '',
};
export const DEFAULT_QUERY: IncidentsQuery = { ...EMPTY_FILTERS, sort: 'date', order: 'desc', page: 1 };

const messageOf = (error: unknown) =>
  (error as { message?: string } | undefined)?.message ?? 'Something went wrong.';

/** The query as it now stands, for the app to record in the address. */
const currentQuery = ({ context }: { context: IncidentsListContext }) => ({ query: context.query });

/**
 * The incidents database page (/resources/incidents): filters (type, chain, year, date range, keyword), sorting (date,
 * loss; choosing the same column again flips the order) and paging. Every choice is recorded in the address
 * (`recordQuery`, a history entry each) and loads that page (`loadPage`); Back and Forward arrive as URL_CHANGED from
 * `urlWatcher` and load without recording. A filter or sort change goes back to page 1. Tags: loading, ready, error.
 */
export const incidentsListMachine = setup({
  types: {
    context: {} as IncidentsListContext,
    events: {} as IncidentsListEvent,
    input: {} as IncidentsListInput,
    tags: {} as IncidentsListTag,
  },
  actors: {
    loadPage: notProvided<IncidentsPage, IncidentsQuery>('loadPage'),
    urlWatcher: fromCallback(() => () => {}),
  },
  guards: {
    otherPage: ({ context, event }) => {
      assertEvent(event, 'PAGE');
      return event.page >= 1 && event.page !== context.query.page;
    },
  },
  actions: {
    recordQuery: (_, _params: { query: IncidentsQuery }) => {},
    applyFilter: assign(({ context, event }) => {
      assertEvent(event, 'FILTER');
      return { query: { ...context.query, ...event.patch, page: 1 } };
    }),
    clearFilters: assign(({ context }) => ({ query: { ...context.query, ...EMPTY_FILTERS, page: 1 } })),
    applySort: assign(({ context, event }) => {
      assertEvent(event, 'SORT');
      const same = context.query.sort === event.sort;
      // A new column starts with the largest or newest first; the same column flips.
      const order: SortOrder = same ? (context.query.order === 'desc' ? 'asc' : 'desc') : 'desc';
      return { query: { ...context.query, sort: event.sort, order, page: 1 } };
    }),
    applyPage: assign(({ context, event }) => {
      assertEvent(event, 'PAGE');
      return { query: { ...context.query, page: event.page } };
    }),
    applyUrl: assign(({ event }) => {
      assertEvent(event, 'URL_CHANGED');
      return { query: event.query };
    }),
    assignData: assign((_, params: { data: IncidentsPage }) => ({ data: params.data, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'incidentsList',
  context: ({ input }) => ({ query: input?.query ?? DEFAULT_QUERY, data: null, error: null }),
  invoke: { id: 'urlWatcher', src: 'urlWatcher' },
  initial: 'loading',
  on: {
    FILTER: {
      target: '.loading',
      actions: ['applyFilter', { type: 'recordQuery', params: currentQuery }],
    },
    CLEAR_FILTERS: {
      target: '.loading',
      actions: ['clearFilters', { type: 'recordQuery', params: currentQuery }],
    },
    SORT: {
      target: '.loading',
      actions: ['applySort', { type: 'recordQuery', params: currentQuery }],
    },
    PAGE: {
      guard: 'otherPage',
      target: '.loading',
      actions: ['applyPage', { type: 'recordQuery', params: currentQuery }],
    },
    URL_CHANGED: { target: '.loading', actions: 'applyUrl' },
  },
  states: {
    ...listSectionStates<IncidentsPage>()({
      store: 'assignData',
      failed: 'assignError',
      id: 'loadPage',
      src: 'loadPage',
      input: ({ context }: { context: IncidentsListContext }) => context.query,
    }),
    ready: { tags: ['ready'] },
  },
});
