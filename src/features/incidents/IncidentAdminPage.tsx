import { useActor } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import {
  approveIncidentReport,
  getIncidentReports,
  INCIDENT_TYPES,
  rejectIncidentReport,
  type ApproveReportInput,
} from '../../../api/incidents';
import {
  approveBody,
  incidentModerationMachine,
  type ApproveForm,
  type PendingReport,
} from '../../../machines/incidents/moderation/incidentModeration.machine';
import { request } from '../../lib/client';
import { formatDate } from '../../lib/format';
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

const FIELDS: {
  name: keyof ApproveForm;
  label: string;
  type?: string;
  required?: boolean;
  wide?: boolean;
}[] = [
  { name: 'projectName', label: 'Project', required: true },
  { name: 'projectId', label: 'Rated project id (optional)' },
  { name: 'occurredOn', label: 'Date', type: 'date', required: true },
  { name: 'technique', label: 'Technique (optional)' },
  { name: 'lossUsd', label: 'Loss in USD' },
  { name: 'returnedUsd', label: 'Funds returned in USD' },
  { name: 'chains', label: 'Chains (comma-separated)' },
  { name: 'sourceUrl', label: 'Source link', type: 'url' },
];

/** /admin/incidents — staff review visitors' incident reports: approve into the incidents database or reject. */
export default function IncidentAdminPage({ logic }: { logic?: typeof liveIncidentModerationMachine }) {
  useTitle('Incident reports');
  const [snapshot, send] = useActor(logic ?? liveIncidentModerationMachine, { inspect });
  const id = useId();
  const { reports, selected, form, reason, error, fields, notice } = snapshot.context;
  const busy = snapshot.hasTag('busy');

  if (snapshot.hasTag('forbidden')) {
    return (
      <main id="main" className="container incident-admin">
        <h1>Incident reports</h1>
        <p role="alert">Only admins can review incident reports.</p>
      </main>
    );
  }
  if (snapshot.hasTag('loading')) {
    return (
      <main id="main" className="container incident-admin" aria-busy="true">
        <h1>Incident reports</h1>
      </main>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <main id="main" className="container incident-admin">
        <h1>Incident reports</h1>
        <p role="alert">{error}</p>
        <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
          Try again
        </button>
      </main>
    );
  }

  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {fields[name]}
      </p>
    ) : null;
  const described = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};
  // Approving and rejecting end alike: the server's error, then submit (while the machine can) or Cancel.
  const submitForm = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const formEnd = (submitLabel: string) => (
    <>
      {error ? (
        <p role="alert" className="field-error wide">
          {error}
        </p>
      ) : null}
      <div className="actions wide">
        <button type="submit" className="btn btn-primary" disabled={!snapshot.can({ type: 'SUBMIT' })}>
          {submitLabel}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => send({ type: 'CANCEL' })}
        >
          Cancel
        </button>
      </div>
    </>
  );

  return (
    <main id="main" className="container incident-admin">
      <h1>Incident reports</h1>
      <p>
        Reports sent through “Report Incident”, oldest first. Approving publishes an incident; rejecting needs
        a reason.
      </p>
      <p role="status">{notice}</p>
      {reports.length === 0 ? <p>No reports are waiting.</p> : null}
      {reports.map((r) => (
        <article key={r.id} className="card report" aria-labelledby={`${id}-r${r.id}`} data-part="report">
          <h2 id={`${id}-r${r.id}`}>{r.projectName}</h2>
          <p className="report-text">{r.description}</p>
          <p className="field-hint">
            Sent {formatDate(r.createdAt)}
            {r.signedIn ? ' by a signed-in user' : ''}
            {r.contactEmail ? ` · contact ${r.contactEmail}` : ''}
            {r.txHash ? ` · transaction ${r.txHash}` : ''}
          </p>
          {selected === r.id && snapshot.hasTag('approving') ? (
            <form aria-label={`Approve the report on ${r.projectName}`} onSubmit={submitForm}>
              {FIELDS.map((f) => (
                <div key={f.name} className="field">
                  <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
                  <input
                    id={`${id}-${f.name}`}
                    type={f.type ?? 'text'}
                    value={form[f.name]}
                    required={f.required}
                    onChange={(e) => send({ type: 'CHANGE', patch: { [f.name]: e.target.value } })}
                    {...described(f.name)}
                  />
                  {fieldError(f.name)}
                </div>
              ))}
              <div className="field">
                <label htmlFor={`${id}-type`}>Type</label>
                <select
                  id={`${id}-type`}
                  value={form.type}
                  required
                  onChange={(e) => send({ type: 'CHANGE', patch: { type: e.target.value } })}
                  {...described('type')}
                >
                  <option value="">Choose…</option>
                  {INCIDENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
                {fieldError('type')}
              </div>
              <div className="field wide">
                <label htmlFor={`${id}-description`}>Description</label>
                <textarea
                  id={`${id}-description`}
                  value={form.description}
                  onChange={(e) => send({ type: 'CHANGE', patch: { description: e.target.value } })}
                  {...described('description')}
                />
              </div>
              {formEnd('Publish incident')}
            </form>
          ) : selected === r.id && snapshot.hasTag('rejecting') ? (
            <form aria-label={`Reject the report on ${r.projectName}`} onSubmit={submitForm}>
              <div className="field wide">
                <label htmlFor={`${id}-reason`}>Reason (sent to the reporter)</label>
                <textarea
                  id={`${id}-reason`}
                  value={reason}
                  required
                  maxLength={1000}
                  onChange={(e) => send({ type: 'CHANGE_REASON', reason: e.target.value })}
                  {...described('reason')}
                />
                {fieldError('reason')}
              </div>
              {formEnd('Reject report')}
            </form>
          ) : (
            <div className="actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={!snapshot.can({ type: 'START_APPROVE', id: r.id })}
                onClick={() => send({ type: 'START_APPROVE', id: r.id })}
              >
                Approve…
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={!snapshot.can({ type: 'START_REJECT', id: r.id })}
                onClick={() => send({ type: 'START_REJECT', id: r.id })}
              >
                Reject…
              </button>
            </div>
          )}
        </article>
      ))}
    </main>
  );
}
