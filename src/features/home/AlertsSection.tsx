import { lazy, Suspense } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { getAlerts, type Alert } from '../../../api/projects';
import { reportIncident } from '../../../api/site';
import { incidentFormMachine, type IncidentValues } from '../../../machines/incident-form/incidentForm.machine';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { Icon } from '../../components/Icon';
import { ProjectLogo } from '../../components/ProjectLogo';
import { Skeleton } from '../../components/Skeleton';
import { formatDate, formatUsd } from '../../lib/format';
import { inspect } from '../../lib/inspect';

const IncidentModal = lazy(() => import('./IncidentModal'));
const ALERTS = 6;

const incidentMachine = incidentFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }) => {
      const v = input as unknown as IncidentValues;
      return reportIncident(request, {
        projectName: v.projectName.trim(),
        description: v.description.trim(),
        txHash: v.txHash.trim() || undefined,
        contactEmail: v.contactEmail.trim() || undefined,
      });
    }),
  },
});

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
  const form = useActorRef(incidentMachine, { inspect });
  const formOpen = useSelector(form, (s) => s.hasTag('open'));
  return (
    <section className="section alerts" data-tour="alerts" aria-labelledby="alerts-title">
      <div className="container">
        <div className="section-head">
          <div>
            <p className="eyebrow">Stay informed on safety</p>
            <h2 id="alerts-title">Security alerts</h2>
            <p className="muted">Exploits, rug pulls and suspicious activity detected across the projects we monitor.</p>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => form.send({ type: 'OPEN' })}>
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
          {alerts.data?.map((a) => <AlertCard key={a.id} alert={a} />)}
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
      {formOpen && (
        <Suspense fallback={null}>
          <IncidentModal actorRef={form} />
        </Suspense>
      )}
    </section>
  );
}
