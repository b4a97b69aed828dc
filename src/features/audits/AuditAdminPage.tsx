import { useActor, useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import { fromPromise } from 'xstate';
import {
  FINDING_SEVERITY_LIST,
  FINDING_STATUS_LIST,
  getProjectAudits,
  NOT_APPLICABLE_TEXT,
  publishAudit,
  SEVERITY_LABELS,
  setFindingStatus,
  STATUS_LABELS,
} from '../../../api/audits';
import {
  auditAdminMachine,
  auditPicker,
  type AuditForm,
  type FindingRow,
  type LoadedAudits,
  type Status,
  type UpdatedFinding,
} from '../../../machines/admin/audit/auditAdmin.machine';
import { livePickerMachine } from '../../components/livePicker';
import type { PickerActorRef } from '../../components/ProjectPickerModal';
import { LabelledOptions } from '../../components/LabelledOptions';
import { TableHead } from '../../components/TableHead';
import { request } from '../../lib/client';
import { formFields } from '../../lib/formFields';
import { inspect } from '../../lib/inspect';
import { formatDate } from '../../lib/format';
import './audits.css';

// The picker's dialog code is not part of the page's own download (the route's budget).
const ProjectPickerModal = lazy(() =>
  import('../../components/ProjectPickerModal').then((m) => ({ default: m.ProjectPickerModal })),
);

export const liveAuditAdminMachine = auditAdminMachine.provide({
  actors: {
    load: fromPromise<LoadedAudits, { projectId: string }>(({ input }) =>
      getProjectAudits(request, input.projectId),
    ),
    publish: fromPromise<unknown, { projectId: string; form: AuditForm }>(({ input }) =>
      publishAudit(request, input.projectId, {
        auditor: input.form.auditor,
        publishedOn: input.form.publishedOn,
        scope: input.form.scope,
        commit: input.form.commit || null,
        contracts: input.form.contracts
          .split(/[\n,]/)
          .map((c) => c.trim())
          .filter(Boolean),
        reportUrl: input.form.reportUrl || null,
        findings: input.form.findings,
      }),
    ),
    setStatus: fromPromise<UpdatedFinding, { findingId: number; status: Status }>(({ input }) =>
      setFindingStatus(request, input.findingId, input.status),
    ),
    picker: auditPicker(livePickerMachine),
  },
});

/** /admin/audits — staff publish audits with their findings and change findings' statuses (admins only). */
export default function AuditAdminPage({ logic }: { logic?: typeof liveAuditAdminMachine }) {
  const [snapshot, send, actorRef] = useActor(logic ?? liveAuditAdminMachine, { inspect });
  const picker = useSelector(actorRef, (s) => s.children.picker) as PickerActorRef | undefined;
  const id = useId();
  const { form, error, fields, notice, data, projectId } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const change = (patch: Partial<Omit<AuditForm, 'findings'>>) => send({ type: 'CHANGE', patch });
  const changeRow = (index: number, patch: Partial<FindingRow>) =>
    send({ type: 'CHANGE_FINDING', index, patch });

  if (snapshot.hasTag('forbidden')) {
    return (
      <main id="main" className="container audit-admin">
        <h1>Audits</h1>
        <p role="alert">Only admins can publish audits.</p>
      </main>
    );
  }

  const { described, fieldError, text } = formFields({
    id,
    form,
    fields,
    change,
    errorClass: 'audit-admin__field-error',
  });

  return (
    <main id="main" className="container audit-admin">
      <h1>Audits</h1>
      <div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || snapshot.hasTag('loading')}
          onClick={() => send({ type: 'OPEN_PICKER' })}
        >
          {data ? 'Choose another project' : 'Choose a project'}
        </button>
      </div>
      {picker && (
        <Suspense fallback={null}>
          <ProjectPickerModal
            actorRef={picker}
            title="Choose a project"
            subtitle="Find it by name or token ticker; its audits open."
          />
        </Suspense>
      )}
      <form
        className="audit-admin__pick"
        onSubmit={(e) => {
          e.preventDefault();
          // The input keeps its own text; the machine hears the id when it is opened.
          send({ type: 'PICK', projectId: String(new FormData(e.currentTarget).get('project') ?? '') });
        }}
      >
        <label htmlFor={`${id}-project`}>Or open by project id</label>
        <input id={`${id}-project`} name="project" placeholder="uniswap" required />
        <div>
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            Open project
          </button>
        </div>
      </form>

      {snapshot.hasTag('loading') && <p aria-busy="true">Loading audits of {projectId}…</p>}
      {snapshot.matches('loadFailed') && (
        <div>
          <p role="alert">{error}</p>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </button>
        </div>
      )}
      {notice && (
        <p role="status" className="audit-admin__notice">
          {notice}
        </p>
      )}

      {data && !snapshot.hasTag('loading') && !snapshot.matches('loadFailed') && (
        <>
          <section aria-labelledby={`${id}-list`}>
            <h2 id={`${id}-list`}>Audits of {data.projectId}</h2>
            {!data.applicable ? (
              <p>{NOT_APPLICABLE_TEXT}</p>
            ) : data.audits.length === 0 ? (
              <p className="muted">No audit on record.</p>
            ) : (
              data.audits.map((a) => (
                <div key={a.id} className="card panel" data-part="admin-audit">
                  <h3>
                    {a.auditor}, {formatDate(a.publishedOn)}
                  </h3>
                  <p className="muted">{a.scope}</p>
                  <table className="data-table">
                    <TableHead columns={['Finding', 'Severity', 'Status']} />
                    <tbody>
                      {a.findings.map((f) => (
                        <tr key={f.id}>
                          <td>{f.title}</td>
                          <td>{SEVERITY_LABELS[f.severity]}</td>
                          <td>
                            <select
                              aria-label={`Status of ${f.title}`}
                              value={f.status}
                              disabled={busy}
                              onChange={(e) =>
                                send({
                                  type: 'SET_STATUS',
                                  findingId: f.id,
                                  status: e.target.value as Status,
                                })
                              }
                            >
                              <LabelledOptions values={FINDING_STATUS_LIST} labels={STATUS_LABELS} />
                            </select>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ))
            )}
          </section>

          {data.applicable && (
            <section aria-labelledby={`${id}-publish`}>
              <h2 id={`${id}-publish`}>Publish an audit</h2>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: 'PUBLISH' });
                }}
              >
                <label htmlFor={`${id}-auditor`}>Auditor</label>
                <input {...text('auditor')} required maxLength={120} />
                {fieldError('auditor')}
                <label htmlFor={`${id}-publishedOn`}>Date published</label>
                <input {...text('publishedOn')} type="date" required />
                {fieldError('publishedOn')}
                <label htmlFor={`${id}-scope`}>Scope</label>
                <input {...text('scope')} required maxLength={500} />
                {fieldError('scope')}
                <label htmlFor={`${id}-commit`}>Commit (optional)</label>
                <input {...text('commit')} maxLength={100} />
                {fieldError('commit')}
                <label htmlFor={`${id}-contracts`}>Contracts in scope (one a line, optional)</label>
                <textarea
                  id={`${id}-contracts`}
                  value={form.contracts}
                  rows={2}
                  onChange={(e) => change({ contracts: e.target.value })}
                />
                <label htmlFor={`${id}-reportUrl`}>Report link</label>
                <input {...text('reportUrl')} type="url" placeholder="https://…" />
                {fieldError('reportUrl')}

                <h3>Findings</h3>
                {form.findings.map((f, i) => (
                  <fieldset key={i} className="audit-admin__row" data-part="finding-row">
                    <legend className="visually-hidden">Finding {i + 1}</legend>
                    <div>
                      <label htmlFor={`${id}-f${i}-title`}>Title</label>
                      <input
                        id={`${id}-f${i}-title`}
                        value={f.title}
                        required
                        maxLength={300}
                        onChange={(e) => changeRow(i, { title: e.target.value })}
                        {...described(`findings.${i}.title`)}
                      />
                      {fieldError(`findings.${i}.title`)}
                    </div>
                    <div>
                      <label htmlFor={`${id}-f${i}-severity`}>Severity</label>
                      <select
                        id={`${id}-f${i}-severity`}
                        value={f.severity}
                        onChange={(e) => changeRow(i, { severity: e.target.value as FindingRow['severity'] })}
                      >
                        <LabelledOptions values={FINDING_SEVERITY_LIST} labels={SEVERITY_LABELS} />
                      </select>
                    </div>
                    <div>
                      <label htmlFor={`${id}-f${i}-status`}>Status</label>
                      <select
                        id={`${id}-f${i}-status`}
                        value={f.status}
                        onChange={(e) => changeRow(i, { status: e.target.value as Status })}
                      >
                        <LabelledOptions values={FINDING_STATUS_LIST} labels={STATUS_LABELS} />
                      </select>
                    </div>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => send({ type: 'REMOVE_FINDING', index: i })}
                    >
                      Remove<span className="visually-hidden"> finding {i + 1}</span>
                    </button>
                  </fieldset>
                ))}
                <div>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => send({ type: 'ADD_FINDING' })}
                  >
                    Add a finding
                  </button>
                </div>
                {error && snapshot.matches('ready') && (
                  <p role="alert" className="audit-admin__field-error">
                    {error}
                  </p>
                )}
                <div>
                  <button
                    type="submit"
                    className="btn btn-primary"
                    disabled={!snapshot.can({ type: 'PUBLISH' })}
                  >
                    Publish audit
                  </button>
                </div>
              </form>
            </section>
          )}
        </>
      )}
    </main>
  );
}
