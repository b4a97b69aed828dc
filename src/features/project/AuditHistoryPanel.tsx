import {
  FINDING_SEVERITY_LIST,
  getProjectAudits,
  NOT_APPLICABLE_TEXT,
  SEVERITY_LABELS,
  STATUS_LABELS,
  type Audit,
  type ProjectAudits,
} from '../../../api/audits';
import type { ProjectDetail } from '../../../api/projects';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { formatDate } from '../../../api/format';
import { Skeleton } from '../../components/Skeleton';
import { TableHead } from '../../components/TableHead';
import { DemoNote, PanelError, TableScroll } from './MonitoringPanels';
import { KycPanel } from './KycPanel';
import '../audits/audits.css';

/** "1 critical · 2 major · 3 minor": the severities an audit found, most severe first (zeros left out). */
function severityLine(a: Audit): string {
  const parts = FINDING_SEVERITY_LIST.filter((s) => a.summary.bySeverity[s] > 0).map(
    (s) => `${a.summary.bySeverity[s]} ${SEVERITY_LABELS[s].toLowerCase()}`,
  );
  return parts.length > 0 ? parts.join(' · ') : 'No findings';
}

/** One audit: who, when, what, the findings by severity, its findings (a native disclosure) and its report. */
function AuditItem({ audit }: { audit: Audit }) {
  const findingsId = `audit-${audit.id}-findings`;
  return (
    <li className="audit-item" data-part="audit">
      <div className="audit-item__head">
        <strong>{audit.auditor}</strong>
        <span className="muted small">{formatDate(audit.publishedOn)}</span>
      </div>
      <p className="audit-item__scope">{audit.scope}</p>
      <p className="small" data-part="severities">
        {severityLine(audit)}
      </p>
      <div className="audit-item__actions">
        {audit.reportUrl ? (
          <a href={audit.reportUrl} target="_blank" rel="noopener noreferrer" className="small">
            Read the report<span className="visually-hidden"> by {audit.auditor}</span>
          </a>
        ) : (
          <span className="muted small">No public report</span>
        )}
        {audit.source === 'demo' && <DemoNote />}
      </div>
      {audit.findings.length > 0 && (
        <details className="audit-findings">
          <summary>
            View findings
            <span className="visually-hidden">
              {' '}
              of {audit.auditor}, {formatDate(audit.publishedOn)}
            </span>
          </summary>
          <TableScroll label={`Findings of ${audit.auditor}`}>
            <table className="data-table" id={findingsId}>
              <TableHead columns={['Finding', 'Severity', 'Status']} />
              <tbody>
                {audit.findings.map((f) => (
                  <tr key={f.id}>
                    <td>{f.title}</td>
                    <td>
                      <span className={`severity severity-${f.severity}`}>{SEVERITY_LABELS[f.severity]}</span>
                    </td>
                    <td>{STATUS_LABELS[f.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </details>
      )}
    </li>
  );
}

function AuditList({ projectId }: { projectId: string }) {
  const audits = useResource<ProjectAudits>(() => getProjectAudits(request, projectId));
  if (audits.failed) return <PanelError retry={audits.retry} />;
  const data = audits.data;
  if (!data) return <Skeleton width={220} />;
  if (!data.applicable) return <p className="muted">{NOT_APPLICABLE_TEXT}</p>;
  if (data.audits.length === 0) return <p className="muted">No audit on record.</p>;
  return (
    <ul className="audit-list">
      {data.audits.map((a) => (
        <AuditItem key={a.id} audit={a} />
      ))}
    </ul>
  );
}

/** "Code Audit History": the project's audits, newest first; a native coin says audits do not apply. */
export function AuditHistoryPanel({ projectId, applicable }: { projectId: string; applicable: boolean }) {
  return (
    <section className="card panel" aria-labelledby="audit-history-title" data-scope="audit-history">
      <h2 id="audit-history-title">Code Audit History</h2>
      {applicable ? <AuditList projectId={projectId} /> : <p className="muted">{NOT_APPLICABLE_TEXT}</p>}
    </section>
  );
}

/** The project page's audit history and KYC details, loaded together when they scroll near. */
export function AuditKycPanels({ project }: { project: ProjectDetail }) {
  return (
    <>
      <AuditHistoryPanel projectId={project.id} applicable={project.auditsApplicable !== false} />
      <KycPanel project={project} />
    </>
  );
}
