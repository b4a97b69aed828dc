/**
 * The staff queue's view model: a snapshot, a send function, an id prefix and the site's date format in; what
 * IncidentAdminPage shows (its screen, the reports, the open form with the server's message and the fields it
 * named) and prop getters for the buttons, the forms and their fields out. Read from tags and context, never state
 * names.
 */
import type { SnapshotFrom } from 'xstate';
import { INCIDENT_TYPES } from '../../../api/incidents';
import type { incidentModerationMachine } from './incidentModeration.machine';
import type { ApproveForm, ModerationEvent, ModerationViewOptions } from './incidentModeration.types';

type TextField = Exclude<keyof ApproveForm, 'type' | 'description'>;
/** The approve form's text inputs in the order they show; the type's select and the description follow them. */
const APPROVE_FIELDS: { name: TextField; label: string; type?: string; required?: boolean }[] = [
  { name: 'projectName', label: 'Project', required: true },
  { name: 'projectId', label: 'Rated project id (optional)' },
  { name: 'occurredOn', label: 'Date', type: 'date', required: true },
  { name: 'technique', label: 'Technique (optional)' },
  { name: 'lossUsd', label: 'Loss in USD' },
  { name: 'returnedUsd', label: 'Funds returned in USD' },
  { name: 'chains', label: 'Chains (comma-separated)' },
  { name: 'sourceUrl', label: 'Source link', type: 'url' },
];

/** The screen the page shows: the caller refused, the queue loading, its load failed, or the queue. */
export type ModerationScreen = 'forbidden' | 'loading' | 'loadFailed' | 'queue';
type ChangeEvent = { target: { value: string } };
type SubmitEvent = { preventDefault: () => void };

export function connectIncidentModeration(
  snapshot: SnapshotFrom<typeof incidentModerationMachine>,
  send: (event: ModerationEvent) => void,
  { idPrefix: id, formatDate }: ModerationViewOptions,
) {
  const { reports, selected, form, reason, error, fields, notice } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const screen: ModerationScreen = snapshot.hasTag('forbidden')
    ? 'forbidden'
    : snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.hasTag('error')
        ? 'loadFailed'
        : 'queue';
  const open = snapshot.hasTag('approving') ? 'approve' : snapshot.hasTag('rejecting') ? 'reject' : null;
  // A field the server named is marked invalid and described by its message.
  const described = (name: string) =>
    fields[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const change = (patch: Partial<ApproveForm>) => send({ type: 'CHANGE', patch });

  return {
    title: 'Incident reports',
    screen,
    getMainProps: () => ({
      id: 'main',
      className: 'container incident-admin',
      'aria-busy': screen === 'loading' ? ('true' as const) : undefined,
    }),
    forbiddenText: 'Only admins can review incident reports.',
    intro:
      'Reports sent through “Report Incident”, oldest first. Approving publishes an incident; rejecting needs a reason.',
    /** The load's failure on the loadFailed screen; on the queue, the failure of the decision under way. */
    error,
    getRetryButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      onClick: () => send({ type: 'RETRY' }),
    }),
    /** What the last decision did, or null. */
    notice,
    emptyText: reports.length === 0 ? 'No reports are waiting.' : null,
    /** The form that is open, on the selected report: 'approve', 'reject' or null. */
    open,
    busy,
    reports: reports.map((r) => {
      const headingId = `${id}-r${r.id}`;
      const formOpen = selected === r.id ? open : null;
      return {
        id: r.id,
        headingId,
        projectName: r.projectName,
        description: r.description,
        /** 'Sent Dec 1, 2026 by a signed-in user · contact … · transaction …' */
        sentText: `Sent ${formatDate(r.createdAt)}${r.signedIn ? ' by a signed-in user' : ''}${
          r.contactEmail ? ` · contact ${r.contactEmail}` : ''
        }${r.txHash ? ` · transaction ${r.txHash}` : ''}`,
        /** This report's open form, or null when it shows its Approve… and Reject… buttons. */
        form: formOpen,
        getArticleProps: () => ({
          className: 'card report',
          'aria-labelledby': headingId,
          'data-part': 'report',
        }),
        getFormProps: () => ({
          'aria-label': `${formOpen === 'reject' ? 'Reject' : 'Approve'} the report on ${r.projectName}`,
          onSubmit: submit,
        }),
        getApproveButtonProps: () => ({
          type: 'button' as const,
          className: 'btn btn-primary',
          disabled: !snapshot.can({ type: 'START_APPROVE', id: r.id }),
          onClick: () => send({ type: 'START_APPROVE', id: r.id }),
        }),
        getRejectButtonProps: () => ({
          type: 'button' as const,
          className: 'btn btn-secondary',
          disabled: !snapshot.can({ type: 'START_REJECT', id: r.id }),
          onClick: () => send({ type: 'START_REJECT', id: r.id }),
        }),
      };
    }),
    approveFields: APPROVE_FIELDS.map(({ name, label }) => ({ name, label, inputId: `${id}-${name}` })),
    getApproveInputProps: (name: TextField) => {
      const field = APPROVE_FIELDS.find((f) => f.name === name)!;
      return {
        id: `${id}-${name}`,
        type: field.type ?? 'text',
        value: form[name],
        required: field.required,
        onChange: (e: ChangeEvent) => change({ [name]: e.target.value }),
        ...described(name),
      };
    },
    typeField: { label: 'Type', inputId: `${id}-type`, placeholder: 'Choose…', options: INCIDENT_TYPES },
    getTypeSelectProps: () => ({
      id: `${id}-type`,
      value: form.type,
      required: true,
      onChange: (e: ChangeEvent) => change({ type: e.target.value }),
      ...described('type'),
    }),
    descriptionField: { label: 'Description', inputId: `${id}-description` },
    getDescriptionProps: () => ({
      id: `${id}-description`,
      value: form.description,
      onChange: (e: ChangeEvent) => change({ description: e.target.value }),
      ...described('description'),
    }),
    reasonField: { label: 'Reason (sent to the reporter)', inputId: `${id}-reason` },
    getReasonProps: () => ({
      id: `${id}-reason`,
      value: reason,
      required: true,
      maxLength: 1000,
      onChange: (e: ChangeEvent) => send({ type: 'CHANGE_REASON', reason: e.target.value }),
      ...described('reason'),
    }),
    /** The server's message on a field it named: the element's id and its text, or null. */
    fieldError: (name: string) => (fields[name] ? { id: `${id}-${name}-error`, text: fields[name] } : null),
    submitLabel: open === 'reject' ? 'Reject report' : 'Publish incident',
    // Submit only while the machine takes it (a complete form, a reason, nothing on the way).
    getSubmitButtonProps: () => ({
      type: 'submit' as const,
      className: 'btn btn-primary',
      disabled: !snapshot.can({ type: 'SUBMIT' }),
    }),
    getCancelButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      disabled: busy,
      onClick: () => send({ type: 'CANCEL' }),
    }),
  };
}
