import { useActor } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import {
  approveIncidentReport,
  getIncidentReports,
  rejectIncidentReport,
  type ApproveReportInput,
} from '../../../api/incidents';
import { connectIncidentModeration } from '../../../machines/incidents/moderation/incidentModeration.connect';
import {
  approveBody,
  incidentModerationMachine,
} from '../../../machines/incidents/moderation/incidentModeration.machine';
import type {
  ApproveForm,
  ModerationView,
  PendingReport,
} from '../../../machines/incidents/moderation/incidentModeration.types';
import { StaffPage, staffGate } from '../../components/StaffPage';
import { request } from '../../lib/client';
import { formatDate } from '../../../api/format';
import { inspect } from '../../lib/inspect';
import { useTitle } from '../../lib/title';
import './incidents.css';

export const liveIncidentModerationMachine = incidentModerationMachine.provide({
  actors: {
    loadReports: fromPromise<PendingReport[]>(async () => (await getIncidentReports(request)).items),
    approve: fromPromise<unknown, { id: number; form: ApproveForm }>(({ input }) =>
      approveIncidentReport(request, input.id, approveBody(input.form) as ApproveReportInput),
    ),
    reject: fromPromise<unknown, { id: number; reason: string }>(({ input }) =>
      rejectIncidentReport(request, input.id, input.reason),
    ),
  },
});

/** The server's message on a field it named, below the field. */
function FieldError({ v, name }: { v: ModerationView; name: string }) {
  const error = v.fieldError(name);
  return error ? (
    <p id={error.id} className="field-error">
      {error.text}
    </p>
  ) : null;
}

/** Approving and rejecting end alike: the server's error, then submit (while the machine can) or Cancel. */
function FormEnd({ v }: { v: ModerationView }) {
  return (
    <>
      {v.error ? (
        <p role="alert" className="field-error wide">
          {v.error}
        </p>
      ) : null}
      <div className="actions wide">
        <button {...v.getSubmitButtonProps()}>{v.submitLabel}</button>
        <button {...v.getCancelButtonProps()}>Cancel</button>
      </div>
    </>
  );
}

/** /admin/incidents — staff review visitors' incident reports: approve into the incidents database or reject. */
export default function IncidentAdminPage({ logic }: { logic?: typeof liveIncidentModerationMachine }) {
  useTitle('Incident reports');
  const [snapshot, send] = useActor(logic ?? liveIncidentModerationMachine, { inspect });
  const v = connectIncidentModeration(snapshot, send, { idPrefix: useId(), formatDate });

  const gate = staffGate(v, v.error, 'Try again');
  if (gate) return gate;

  return (
    <StaffPage view={v}>
      <p>{v.intro}</p>
      <p role="status">{v.notice}</p>
      {v.emptyText ? <p>{v.emptyText}</p> : null}
      {v.reports.map((r) => (
        <article key={r.id} {...r.getArticleProps()}>
          <h2 id={r.headingId}>{r.projectName}</h2>
          <p className="report-text">{r.description}</p>
          <p className="field-hint">{r.sentText}</p>
          {r.form === 'approve' ? (
            <form {...r.getFormProps()}>
              {v.approveFields.map((f) => (
                <div key={f.name} className="field">
                  <label htmlFor={f.inputId}>{f.label}</label>
                  <input {...v.getApproveInputProps(f.name)} />
                  <FieldError v={v} name={f.name} />
                </div>
              ))}
              <div className="field">
                <label htmlFor={v.typeField.inputId}>{v.typeField.label}</label>
                <select {...v.getTypeSelectProps()}>
                  <option value="">{v.typeField.placeholder}</option>
                  {v.typeField.options.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
                <FieldError v={v} name="type" />
              </div>
              <div className="field wide">
                <label htmlFor={v.descriptionField.inputId}>{v.descriptionField.label}</label>
                <textarea {...v.getDescriptionProps()} />
              </div>
              <FormEnd v={v} />
            </form>
          ) : r.form === 'reject' ? (
            <form {...r.getFormProps()}>
              <div className="field wide">
                <label htmlFor={v.reasonField.inputId}>{v.reasonField.label}</label>
                <textarea {...v.getReasonProps()} />
                <FieldError v={v} name="reason" />
              </div>
              <FormEnd v={v} />
            </form>
          ) : (
            <div className="actions">
              <button {...r.getApproveButtonProps()}>Approve…</button>
              <button {...r.getRejectButtonProps()}>Reject…</button>
            </div>
          )}
        </article>
      ))}
    </StaffPage>
  );
}
