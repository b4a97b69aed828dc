import { useActor, useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import { fromPromise } from 'xstate';
import { getProjectAudits, publishAudit, setFindingStatus } from '../../../api/audits';
import { connectAuditAdmin } from '../../../machines/admin/audit/auditAdmin.connect';
import { auditAdminMachine, auditPicker } from '../../../machines/admin/audit/auditAdmin.machine';
import type {
  AuditForm,
  LoadedAudits,
  Status,
  UpdatedFinding,
} from '../../../machines/admin/audit/auditAdmin.types';
import { livePickerMachine } from '../../components/livePicker';
import type { PickerActorRef } from '../../components/ProjectPickerModal';
import { LabelledOptions } from '../../components/LabelledOptions';
import { TableHead } from '../../components/TableHead';
import { MessageLine } from '../../components/MessageLine';
import { StaffPage } from '../../components/StaffPage';
import { request } from '../../lib/client';
import { inspect } from '../../lib/inspect';
import { formatDate } from '../../../api/format';
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
  const view = connectAuditAdmin(snapshot, send, { idPrefix: useId(), formatDate });

  if (view.forbidden) {
    return (
      <StaffPage view={view}>
        <p role="alert">{view.forbiddenText}</p>
      </StaffPage>
    );
  }

  const fieldError = (name: string) => {
    const props = view.getFieldErrorProps(name);
    return props && <span {...props} />;
  };
  const textField = (name: Parameters<typeof view.getTextFieldProps>[0]) => (
    <>
      <label {...view.getLabelProps(name)} />
      <input {...view.getTextFieldProps(name)} />
      {fieldError(name)}
    </>
  );
  const data = view.audits;

  return (
    <StaffPage view={view}>
      <div>
        <button {...view.getPickerButtonProps()}>{view.pickerText}</button>
      </div>
      {picker && (
        <Suspense fallback={null}>
          <ProjectPickerModal actorRef={picker} {...view.pickerModal} />
        </Suspense>
      )}
      <form {...view.getPickFormProps()}>
        <label {...view.getProjectIdLabelProps()} />
        <input {...view.getProjectIdInputProps()} />
        <div>
          <button {...view.getOpenButtonProps()}>{view.openText}</button>
        </div>
      </form>

      {view.loadingText && <p aria-busy="true">{view.loadingText}</p>}
      {view.loadError !== null && (
        <div>
          <p role="alert">{view.loadError}</p>
          <button {...view.getRetryButtonProps()}>{view.retryText}</button>
        </div>
      )}
      <MessageLine role="status" className="audit-admin__notice" text={view.notice} />

      {data && (
        <>
          <section aria-labelledby={view.listHeadingId}>
            <h2 id={view.listHeadingId}>{view.listHeading}</h2>
            {!data.applicable ? (
              <p>{view.notApplicableText}</p>
            ) : data.audits.length === 0 ? (
              <p className="muted">{view.noAuditsText}</p>
            ) : (
              data.audits.map((a) => (
                <div key={a.id} className="card panel" data-part="admin-audit">
                  <h3>{view.auditHeading(a)}</h3>
                  <p className="muted">{a.scope}</p>
                  <table className="data-table">
                    <TableHead columns={[...view.columns]} />
                    <tbody>
                      {a.findings.map((f) => (
                        <tr key={f.id}>
                          <td>{f.title}</td>
                          <td>{view.severityLabel(f.severity)}</td>
                          <td>
                            <select {...view.getStatusSelectProps(f)}>
                              <LabelledOptions {...view.statusOptions} />
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

          {view.publishable && (
            <section aria-labelledby={view.publishHeadingId}>
              <h2 id={view.publishHeadingId}>{view.publishHeading}</h2>
              <form {...view.getPublishFormProps()}>
                {textField('auditor')}
                {textField('publishedOn')}
                {textField('scope')}
                {textField('commit')}
                <label {...view.getLabelProps('contracts')} />
                <textarea {...view.getContractsProps()} />
                {textField('reportUrl')}

                <h3>{view.findingsHeading}</h3>
                {view.findings.map((_, i) => (
                  <fieldset key={i} className="audit-admin__row" data-part="finding-row">
                    <legend className="visually-hidden">{view.findingName(i)}</legend>
                    <div>
                      <label {...view.getFindingLabelProps(i, 'title')} />
                      <input {...view.getFindingTitleProps(i)} />
                      {fieldError(`findings.${i}.title`)}
                    </div>
                    <div>
                      <label {...view.getFindingLabelProps(i, 'severity')} />
                      <select {...view.getFindingSeverityProps(i)}>
                        <LabelledOptions {...view.severityOptions} />
                      </select>
                    </div>
                    <div>
                      <label {...view.getFindingLabelProps(i, 'status')} />
                      <select {...view.getFindingStatusProps(i)}>
                        <LabelledOptions {...view.statusOptions} />
                      </select>
                    </div>
                    <button {...view.getRemoveFindingProps(i)}>
                      {view.removeFindingText}
                      <span className="visually-hidden">{view.removeFindingHint(i)}</span>
                    </button>
                  </fieldset>
                ))}
                <div>
                  <button {...view.getAddFindingProps()}>{view.addFindingText}</button>
                </div>
                <MessageLine role="alert" className="audit-admin__field-error" text={view.writeError} />
                <div>
                  <button {...view.getPublishButtonProps()}>{view.publishText}</button>
                </div>
              </form>
            </section>
          )}
        </>
      )}
    </StaffPage>
  );
}
