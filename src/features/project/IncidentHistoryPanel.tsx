import { getIncidents, type IncidentsPage } from '../../../api/incidents';
import { request } from '../../lib/client';
import { formatDate } from '../../../api/format';
import { useResource } from '../../lib/useResource';
import { lossText, SourceCell } from '../incidents/incidentCells';
import { PanelError } from './MonitoringPanels';
import '../incidents/incidents.css';

/** The project's incidents from the incidents database, newest first (its code loads when it scrolls near). */
export function IncidentHistoryPanel({ projectId }: { projectId: string }) {
  const list = useResource<IncidentsPage>(() => getIncidents(request, { project: projectId, pageSize: 50 }));
  return (
    <section className="card panel incident-history" aria-labelledby="incident-history-title">
      <h2 id="incident-history-title">Incident history</h2>
      {list.failed ? (
        <PanelError retry={list.retry} />
      ) : !list.data ? (
        <p aria-busy="true" className="muted">
          Loading incidents…
        </p>
      ) : list.data.items.length === 0 ? (
        <p>No incidents recorded</p>
      ) : (
        <ul>
          {list.data.items.map((i) => (
            <li key={i.id} data-part="incident">
              <span>
                <strong className="incident-type">{i.type}</strong>
                {i.technique ? ` · ${i.technique}` : ''}
              </span>
              <span>{formatDate(i.occurredOn)}</span>
              <span className="incident-meta">
                Loss {lossText(i.lossUsd)} · returned {lossText(i.returnedUsd)}
              </span>
              <span className="incident-meta">
                <SourceCell i={i} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
