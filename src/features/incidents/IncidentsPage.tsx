import { useActorRef, useSelector } from '@xstate/react';
import { SortArrow } from '../../components/SortArrow';
import { Link, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { getIncidents } from '../../../api/incidents';
import { connectIncidentsList } from '../../../machines/incidents/list/incidentsList.connect';
import { incidentsListMachine } from '../../../machines/incidents/list/incidentsList.machine';
import type {
  IncidentSort,
  IncidentsListView,
  IncidentsPage as PageData,
  IncidentsQuery,
} from '../../../machines/incidents/list/incidentsList.types';
import { queryFromSearch, searchFromQuery } from '../../../machines/incidents/list/incidentsList.url';
import { request } from '../../lib/client';
import { formatDate } from '../../../api/format';
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

// The page's formatters, which the view model takes (machines/ cannot import src/).
const FORMAT = { formatDate, formatUsd: lossText };

/** A sortable column's header: a button that sorts by it, with the order's arrow when the list is sorted so. */
function SortHeader({ v, sort }: { v: IncidentsListView; sort: IncidentSort }) {
  return (
    <th {...v.getSortHeaderProps(sort)}>
      <button {...v.getSortButtonProps(sort)}>
        {v.sortLabel(sort)}
        <SortArrow arrow={v.sortArrow(sort)} />
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
  const snapshot = useSelector(actorRef, (s) => s);
  const v = connectIncidentsList(snapshot, actorRef.send, FORMAT);

  return (
    <main id="main" className="incidents">
      <link rel="alternate" type="application/atom+xml" title="Security incidents" href={v.feedPath} />
      <section className="mk-hero on-dark">
        <div className="container">
          <p className="hero-eyebrow">Resources</p>
          <h1>{v.title}</h1>
          <p className="mk-lead">
            Security incidents of blockchain projects: exploits, rug pulls, phishing, oracle manipulation, key
            compromises. Public incidents link to their source; reports are published after staff review.
          </p>
        </div>
      </section>
      <div className="container incidents-body">
        <form {...v.getFilterFormProps()}>
          {v.selects.map((props) => (
            <SelectField key={props.id} {...props} />
          ))}
          {v.dateFields.map(({ key, id, label }) => (
            <div className="field" key={key}>
              <label htmlFor={id}>{label}</label>
              <input {...v.getDateInputProps(key)} />
            </div>
          ))}
          <div className="incidents-keyword">
            <div className="field">
              <label htmlFor="incidents-keyword">Keyword</label>
              <input key={v.keyword} {...v.getKeywordInputProps()} />
            </div>
            <button type="submit" className="btn btn-secondary">
              Search
            </button>
          </div>
        </form>

        <div className="incidents-summary">
          <p role="status" aria-live="polite">
            {v.statusText}
          </p>
          <p>
            <button {...v.getClearButtonProps()}>Clear filters</button> · <a href={v.feedPath}>Atom feed</a>
          </p>
        </div>

        {v.failed ? (
          <p role="alert">
            {v.error} <button {...v.getRetryButtonProps()}>Try again</button>
          </p>
        ) : (
          <div {...v.getScrollProps()}>
            <table className="incidents-table">
              <caption className="visually-hidden">Security incidents</caption>
              <thead>
                <tr>
                  <SortHeader v={v} sort="date" />
                  <th scope="col">Project</th>
                  <th scope="col">Type</th>
                  <SortHeader v={v} sort="loss" />
                  <th scope="col">Chains</th>
                  <th scope="col" className="num">
                    Returned
                  </th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {v.rows.map((row) => (
                  <tr key={row.id} data-part="incident-row">
                    <td>{row.date}</td>
                    <td>
                      {row.projectHref ? (
                        <Link href={row.projectHref}>{row.projectName}</Link>
                      ) : (
                        row.projectName
                      )}
                    </td>
                    <td>
                      <span className="incident-type">{row.type}</span>
                      {row.technique ? <span className="incident-technique">{row.technique}</span> : null}
                    </td>
                    <td className="num">{row.loss}</td>
                    <td>{row.chains}</td>
                    <td className="num">{row.returned}</td>
                    <td>
                      <SourceCell i={row.source} />
                    </td>
                  </tr>
                ))}
                {v.emptyText ? (
                  <tr>
                    <td colSpan={7}>{v.emptyText}</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        )}

        <Pager {...v.getPagerProps()} />
      </div>
    </main>
  );
}
