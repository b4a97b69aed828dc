import { lazy } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { getAlerts, type Alert } from '../../../api/projects';
import { onIntentMachine } from '../../../machines/first-load/on-intent/onIntent.machine';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { Icon } from '../../components/Icon';
import { ProjectLogo } from '../../components/ProjectLogo';
import { Skeleton } from '../../components/Skeleton';
import { WhileOpen } from '../../components/WhileOpen';
import { formatDate, formatUsd } from '../../../api/format';
import { inspect } from '../../lib/inspect';
import type { liveIncidentFormMachine } from './liveIncident';

const IncidentModal = lazy(() => import('./IncidentModal'));
const ALERTS = 6;

// The form's machine and view load together on intent (pointer over or focus on 'Report Incident'): most visits
// never open it.
const incidentOnIntent = onIntentMachine.provide({
  actors: {
    load: fromPromise<unknown>(async () => {
      const [{ liveIncidentFormMachine }] = await Promise.all([
        import('./liveIncident'),
        import('./IncidentModal'),
      ]);
      return liveIncidentFormMachine;
    }),
  },
});

type IncidentFormRef = ActorRefFrom<typeof liveIncidentFormMachine>;

const SEVERITY_TONE: Record<Alert['severity'], string> = {
  critical: 'badge-danger',
  high: 'badge-danger',
  medium: 'badge-warning',
  low: '',
};

function AlertCard({ alert }: { alert: Alert }) {
  return (
    <li className="alert-card card">
      <div className="alert-top">
        <span className={`badge ${SEVERITY_TONE[alert.severity]} alert-sev`}>{alert.severity}</span>
        <time dateTime={alert.occurredAt} className="muted">
          {formatDate(alert.occurredAt)}
        </time>
      </div>
      <h3>{alert.title}</h3>
      <p className="alert-desc">{alert.description}</p>
      <div className="alert-foot">
        <Link href={`/projects/${encodeURIComponent(alert.projectId)}`} className="alert-project">
          <ProjectLogo src={alert.projectLogo} size={22} />
          {alert.projectName}
        </Link>
        {alert.lossUsd !== null && <span className="alert-loss">Loss {formatUsd(alert.lossUsd)}</span>}
      </div>
    </li>
  );
}

/** 'Security alerts' with the 'Report Incident' action (tour step 3). */
export function AlertsSection() {
  const alerts = useResource(() => getAlerts(request, ALERTS));
  const incident = useActorRef(incidentOnIntent, { inspect, input: { runsLoaded: true } });
  const form = useSelector(incident, (s) => s.context.dialog) as IncidentFormRef | null;
  const prepare = () => incident.send({ type: 'PREPARE' });
  return (
    <section className="section alerts" data-tour="alerts" aria-labelledby="alerts-title">
      <div className="container">
        <div className="section-head">
          <div>
            <p className="eyebrow">Stay informed on safety</p>
            <h2 id="alerts-title">Security alerts</h2>
            <p className="muted">
              Exploits, rug pulls and suspicious activity detected across the projects we monitor.
            </p>
          </div>
          <button
            type="button"
            className="btn btn-secondary"
            onPointerEnter={prepare}
            onFocus={prepare}
            onClick={() => incident.send({ type: 'OPEN' })}
          >
            <Icon name="alert" size={18} />
            Report Incident
          </button>
        </div>
        <ul className="alerts-grid" aria-busy={alerts.loading}>
          {alerts.loading &&
            Array.from({ length: ALERTS }, (_, i) => (
              <li key={i} className="alert-card card" aria-hidden="true">
                <Skeleton width={70} height={18} />
                <Skeleton width="80%" height={20} />
                <Skeleton width="100%" height={40} />
                <Skeleton width="40%" />
              </li>
            ))}
          {alerts.data?.map((a) => (
            <AlertCard key={a.id} alert={a} />
          ))}
        </ul>
        {alerts.data?.length === 0 && <p className="muted">No incidents reported recently.</p>}
        {alerts.failed && (
          <p className="muted">
            Alerts could not be loaded.{' '}
            <button type="button" className="link-button" onClick={alerts.retry}>
              Try again
            </button>
          </p>
        )}
      </div>
      {form && (
        <WhileOpen actor={form}>
          <IncidentModal actorRef={form} />
        </WhileOpen>
      )}
    </section>
  );
}
