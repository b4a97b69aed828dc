import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { getIncidents, INCIDENT_TYPES, INCIDENTS_FEED_PATH } from '../../../api/incidents';
import {
  incidentsListMachine,
  type IncidentSort,
  type IncidentsPage as PageData,
  type IncidentsQuery,
} from '../../../machines/incidents/list/incidentsList.machine';
import { queryFromSearch, searchFromQuery } from '../../../machines/incidents/list/incidentsList.url';
import { request } from '../../lib/client';
import { formatDate } from '../../lib/format';
import { lossText, SourceCell } from './incidentCells';
import { Pager } from '../../components/Pager';
import { SelectField } from '../../components/SelectField';
import { inspect } from '../../lib/inspect';
import { addressWatcher, showSearch } from '../listAddress';
import { useTitle } from '../../lib/title';
import '../../components/marketing.css';
import './incidents.css';

const machine = incidentsListMachine.provide({
  actors: {
    loadPage: fromPromise<PageData, IncidentsQuery>(({ input }) =>
      getIncidents(request, {
        type: (input.type || undefined) as never,
        chain: input.chain || undefined,
        year: input.year ? Number(input.year) : undefined,
        from: input.from || undefined,
        to: input.to || undefined,
        keyword: input.keyword || undefined,
        sort: input.sort,
        order: input.order,
        page: input.page,
      }),
    ),
    // Back and Forward between choices (only the search changes; leaving the page unmounts us).
    urlWatcher: addressWatcher(queryFromSearch),
  },
  actions: {
    // Each choice is a history entry, so Back returns to the previous filters, sort or page.
    recordQuery: (_, { query }) => showSearch(searchFromQuery(query)),
  },
});

const TYPE_OPTIONS = INCIDENT_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }));
const DATE_FIELDS = [
  ['from', 'From'],
  ['to', 'To'],
] as const;

const YEARS = Array.from({ length: new Date().getUTCFullYear() - 2015 }, (_, i) =>
  String(new Date().getUTCFullYear() - i),
);

function SortHeader({
  label,
  sort,
  query,
  onSort,
}: {
  label: string;
  sort: IncidentSort;
  query: IncidentsQuery;
  onSort: (s: IncidentSort) => void;
}) {
  const active = query.sort === sort;
  return (
    <th
      scope="col"
      className={sort === 'loss' ? 'num' : undefined}
      aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className="sort-button" onClick={() => onSort(sort)}>
        {label}
        {active ? (query.order === 'asc' ? ' ↑' : ' ↓') : ''}
      </button>
    </th>
  );
}

/** /resources/incidents — the incidents database: filters, sorting and paging kept in the address. */
export default function IncidentsPage() {
  useTitle('Incidents database');
  // The address as it arrived (wouter's, so the server's render reads the same): the machine's first query.
  const search = useSearch();
  const actorRef = useActorRef(machine, { inspect, input: { query: queryFromSearch(search) } });
  const query = useSelector(actorRef, (s) => s.context.query);
  const data = useSelector(actorRef, (s) => s.context.data);
  const loading = useSelector(actorRef, (s) => s.hasTag('loading'));
  const failed = useSelector(actorRef, (s) => s.hasTag('error'));
  const error = useSelector(actorRef, (s) => s.context.error);
  const filter = (patch: Partial<IncidentsQuery>) => actorRef.send({ type: 'FILTER', patch });
  const sortBy = (sort: IncidentSort) => actorRef.send({ type: 'SORT', sort });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // The chains incidents name, and the one in the address even when no incident names it any more.
  const chainOptions = [...new Set([...(data?.chains ?? []), ...(query.chain ? [query.chain] : [])])];

  return (
    <main id="main" className="incidents">
      <link
        rel="alternate"
        type="application/atom+xml"
        title="Security incidents"
        href={INCIDENTS_FEED_PATH}
      />
      <section className="mk-hero on-dark">
        <div className="container">
          <p className="hero-eyebrow">Resources</p>
          <h1>Incidents database</h1>
          <p className="mk-lead">
            Security incidents of blockchain projects: exploits, rug pulls, phishing, oracle manipulation, key
            compromises. Public incidents link to their source; reports are published after staff review.
          </p>
        </div>
      </section>
      <div className="container incidents-body">
        <form
          className="incidents-filters"
          aria-label="Filter incidents"
          onSubmit={(e) => {
            e.preventDefault();
            filter({ keyword: String(new FormData(e.currentTarget).get('keyword') ?? '').trim() });
          }}
        >
          {(
            [
              ['type', 'Type', 'All types', TYPE_OPTIONS],
              ['chain', 'Chain', 'All chains', chainOptions],
              ['year', 'Year', 'Any year', YEARS],
            ] as const
          ).map(([key, label, any, options]) => (
            <SelectField
              key={key}
              id={`incidents-${key}`}
              label={label}
              any={any}
              options={options}
              value={query[key]}
              onChange={(value) => filter({ [key]: value })}
            />
          ))}
          {DATE_FIELDS.map(([key, label]) => (
            <div className="field" key={key}>
              <label htmlFor={`incidents-${key}`}>{label}</label>
              <input
                id={`incidents-${key}`}
                type="date"
                value={query[key]}
                onChange={(e) => filter({ [key]: e.target.value })}
              />
            </div>
          ))}
          <div className="incidents-keyword">
            <div className="field">
              <label htmlFor="incidents-keyword">Keyword</label>
              <input
                id="incidents-keyword"
                name="keyword"
                type="search"
                key={query.keyword}
                defaultValue={query.keyword}
                maxLength={100}
                placeholder="Project, technique…"
              />
            </div>
            <button type="submit" className="btn btn-secondary">
              Search
            </button>
          </div>
        </form>

        <div className="incidents-summary">
          <p role="status" aria-live="polite">
            {loading
              ? 'Loading incidents…'
              : data
                ? `${data.total} incident${data.total === 1 ? '' : 's'}`
                : ''}
          </p>
          <p>
            <button
              type="button"
              className="link-button"
              onClick={() => actorRef.send({ type: 'CLEAR_FILTERS' })}
            >
              Clear filters
            </button>{' '}
            · <a href={INCIDENTS_FEED_PATH}>Atom feed</a>
          </p>
        </div>

        {failed ? (
          <p role="alert">
            {error}{' '}
            <button type="button" className="link-button" onClick={() => actorRef.send({ type: 'RETRY' })}>
              Try again
            </button>
          </p>
        ) : (
          <div className="incidents-scroll" aria-busy={loading}>
            <table className="incidents-table">
              <caption className="visually-hidden">Security incidents</caption>
              <thead>
                <tr>
                  <SortHeader label="Date" sort="date" query={query} onSort={sortBy} />
                  <th scope="col">Project</th>
                  <th scope="col">Type</th>
                  <SortHeader label="Loss" sort="loss" query={query} onSort={sortBy} />
                  <th scope="col">Chains</th>
                  <th scope="col" className="num">
                    Returned
                  </th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {data?.items.map((i) => (
                  <tr key={i.id} data-part="incident-row">
                    <td>{formatDate(i.occurredOn)}</td>
                    <td>
                      {i.projectId ? (
                        <Link href={`/projects/${encodeURIComponent(i.projectId)}`}>{i.projectName}</Link>
                      ) : (
                        i.projectName
                      )}
                    </td>
                    <td>
                      <span className="incident-type">{i.type}</span>
                      {i.technique ? <span className="incident-technique">{i.technique}</span> : null}
                    </td>
                    <td className="num">{lossText(i.lossUsd)}</td>
                    <td>{i.chains.join(', ') || '—'}</td>
                    <td className="num">{lossText(i.returnedUsd)}</td>
                    <td>
                      <SourceCell i={i} />
                    </td>
                  </tr>
                ))}
                {data && data.items.length === 0 ? (
                  <tr>
                    <td colSpan={7}>No incidents match these filters.</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        )}

        <Pager
          page={query.page}
          pages={pages}
          label="Incident pages"
          onPage={(page) => actorRef.send({ type: 'PAGE', page })}
        />
      </div>
    </main>
  );
}
