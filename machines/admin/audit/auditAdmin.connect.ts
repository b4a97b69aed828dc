/**
 * The audit staff page's view model: a snapshot, a send function, an id prefix and the site's date format in; what
 * AuditAdminPage shows (the project being opened, its audits with their findings, the publish form with the
 * server's message per field, the outcome of the last write) and prop getters for the picker button, the forms,
 * their fields and the status selects out. Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import {
  FINDING_SEVERITY_LIST,
  FINDING_STATUS_LIST,
  NOT_APPLICABLE_TEXT,
  SEVERITY_LABELS,
  STATUS_LABELS,
} from '../../../api/audits';
import type { auditAdminMachine } from './auditAdmin.machine';
import type {
  AuditAdminEvent,
  AuditAdminViewOptions,
  AuditForm,
  FindingRow,
  LoadedAudits,
  Severity,
  Status,
} from './auditAdmin.types';

type TextField = Exclude<keyof AuditForm, 'findings' | 'contracts'>;
type ChangeEvent = { target: { value: string } };
type SubmitEvent = { preventDefault: () => void };
/** The "open by id" form's submit: the typed id is read from its `project` input. */
type PickSubmitEvent = SubmitEvent & {
  currentTarget: { elements: { namedItem: (name: string) => unknown } };
};
type LoadedFinding = LoadedAudits['audits'][number]['findings'][number];

/** The publish form's text inputs in the order they show (the contracts' textarea comes before the report link). */
const TEXT_FIELDS: Record<
  TextField,
  { label: string; attrs: { type?: string; required?: boolean; maxLength?: number; placeholder?: string } }
> = {
  auditor: { label: 'Auditor', attrs: { required: true, maxLength: 120 } },
  publishedOn: { label: 'Date published', attrs: { type: 'date', required: true } },
  scope: { label: 'Scope', attrs: { required: true, maxLength: 500 } },
  commit: { label: 'Commit (optional)', attrs: { maxLength: 100 } },
  reportUrl: { label: 'Report link', attrs: { type: 'url', placeholder: 'https://…' } },
};

const FINDING_LABELS: Record<keyof FindingRow, string> = {
  title: 'Title',
  severity: 'Severity',
  status: 'Status',
};

export function connectAuditAdmin(
  snapshot: SnapshotFrom<typeof auditAdminMachine>,
  send: (event: AuditAdminEvent) => void,
  { idPrefix: id, formatDate }: AuditAdminViewOptions,
) {
  const { form, error, fields, notice, data, projectId } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const loading = snapshot.hasTag('loading');
  const loadFailed = snapshot.hasTag('error');
  // A field the server named is marked invalid and described by its message (a row's as `findings.0.title`).
  const errorId = (name: string) => `${id}-${name.replace(/\./g, '-')}-error`;
  const described = (name: string) =>
    fields[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
  const changeRow = (index: number, patch: Partial<FindingRow>) =>
    send({ type: 'CHANGE_FINDING', index, patch });

  return {
    title: 'Audits',
    forbidden: snapshot.hasTag('forbidden'),
    forbiddenText: 'Only admins can publish audits.',
    getMainProps: () => ({ id: 'main', className: 'container audit-admin' }),

    pickerText: data ? 'Choose another project' : 'Choose a project',
    getPickerButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-primary',
      disabled: busy || loading,
      onClick: () => send({ type: 'OPEN_PICKER' }),
    }),
    /** ProjectPickerModal's texts (the page gives it the picker actor). */
    pickerModal: { title: 'Choose a project', subtitle: 'Find it by name or token ticker; its audits open.' },
    getPickFormProps: () => ({
      className: 'audit-admin__pick',
      onSubmit: (e: PickSubmitEvent) => {
        e.preventDefault();
        // The input keeps its own text; the machine hears the id when it is opened.
        const input = e.currentTarget.elements.namedItem('project') as { value?: string } | null;
        send({ type: 'PICK', projectId: String(input?.value ?? '') });
      },
    }),
    getProjectIdLabelProps: () => ({ htmlFor: `${id}-project`, children: 'Or open by project id' }),
    getProjectIdInputProps: () => ({
      id: `${id}-project`,
      name: 'project',
      placeholder: 'uniswap',
      required: true,
    }),
    openText: 'Open project',
    getOpenButtonProps: () => ({ type: 'submit' as const, className: 'btn btn-secondary', disabled: busy }),

    /** 'Loading audits of uniswap…' while a project's audits load, else null. */
    loadingText: loading ? `Loading audits of ${projectId}…` : null,
    /** The load's failure, or null. */
    loadError: loadFailed ? error : null,
    retryText: 'Try again',
    getRetryButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      onClick: () => send({ type: 'RETRY' }),
    }),
    /** What the last write did ('Audit published.', 'Finding status saved.'), or null. */
    notice,

    /** The project's audits, once loaded (not while another loads or after its load failed). */
    audits: data && !loading && !loadFailed ? data : null,
    listHeadingId: `${id}-list`,
    listHeading: data ? `Audits of ${data.projectId}` : null,
    notApplicableText: NOT_APPLICABLE_TEXT,
    noAuditsText: 'No audit on record.',
    /** An audit's heading: 'OpenZeppelin, 3 Mar 2024'. */
    auditHeading: (a: LoadedAudits['audits'][number]) => `${a.auditor}, ${formatDate(a.publishedOn)}`,
    columns: ['Finding', 'Severity', 'Status'] as const,
    severityLabel: (severity: Severity) => SEVERITY_LABELS[severity],
    statusOptions: { values: FINDING_STATUS_LIST, labels: STATUS_LABELS },
    severityOptions: { values: FINDING_SEVERITY_LIST, labels: SEVERITY_LABELS },
    getStatusSelectProps: (f: LoadedFinding) => ({
      'aria-label': `Status of ${f.title}`,
      value: f.status,
      disabled: busy,
      onChange: (e: ChangeEvent) =>
        send({ type: 'SET_STATUS', findingId: f.id, status: e.target.value as Status }),
    }),

    /** The publish form shows for a project audits apply to. */
    publishable: data?.applicable === true,
    publishHeadingId: `${id}-publish`,
    publishHeading: 'Publish an audit',
    getPublishFormProps: () => ({
      onSubmit: (e: SubmitEvent) => {
        e.preventDefault();
        send({ type: 'PUBLISH' });
      },
    }),
    /** A field's label, with the id its control has. */
    getLabelProps: (name: TextField | 'contracts') => ({
      htmlFor: `${id}-${name}`,
      children: name === 'contracts' ? 'Contracts in scope (one a line, optional)' : TEXT_FIELDS[name].label,
    }),
    /** A text input: id, value, edits, the error attributes and its own (type, required, limits). */
    getTextFieldProps: (name: TextField) => ({
      id: `${id}-${name}`,
      value: form[name],
      onChange: (e: ChangeEvent) => send({ type: 'CHANGE', patch: { [name]: e.target.value } }),
      ...described(name),
      ...TEXT_FIELDS[name].attrs,
    }),
    getContractsProps: () => ({
      id: `${id}-contracts`,
      value: form.contracts,
      rows: 2,
      onChange: (e: ChangeEvent) => send({ type: 'CHANGE', patch: { contracts: e.target.value } }),
    }),
    /** The server's message on a field it named: the element's props with its text, or null. */
    getFieldErrorProps: (name: string) =>
      fields[name]
        ? { id: errorId(name), className: 'audit-admin__field-error', children: fields[name] }
        : null,

    findingsHeading: 'Findings',
    /** The form's finding rows, in order. */
    findings: form.findings,
    /** 'Finding 2': a row's legend, and what completes its Remove button's name. */
    findingName: (index: number) => `Finding ${index + 1}`,
    getFindingTitleProps: (index: number) => ({
      id: `${id}-f${index}-title`,
      value: form.findings[index]?.title ?? '',
      required: true,
      maxLength: 300,
      onChange: (e: ChangeEvent) => changeRow(index, { title: e.target.value }),
      ...described(`findings.${index}.title`),
    }),
    getFindingSeverityProps: (index: number) => ({
      id: `${id}-f${index}-severity`,
      value: form.findings[index]?.severity,
      onChange: (e: ChangeEvent) => changeRow(index, { severity: e.target.value as Severity }),
    }),
    getFindingStatusProps: (index: number) => ({
      id: `${id}-f${index}-status`,
      value: form.findings[index]?.status,
      onChange: (e: ChangeEvent) => changeRow(index, { status: e.target.value as Status }),
    }),
    /** A row's label: its title's, severity's or status's. */
    getFindingLabelProps: (index: number, field: keyof FindingRow) => ({
      htmlFor: `${id}-f${index}-${field}`,
      children: FINDING_LABELS[field],
    }),
    removeFindingText: 'Remove',
    /** What completes a row's Remove for a screen reader: ' finding 2'. */
    removeFindingHint: (index: number) => ` finding ${index + 1}`,
    getRemoveFindingProps: (index: number) => ({
      type: 'button' as const,
      className: 'btn btn-secondary btn-sm',
      onClick: () => send({ type: 'REMOVE_FINDING', index }),
    }),
    addFindingText: 'Add a finding',
    getAddFindingProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      onClick: () => send({ type: 'ADD_FINDING' }),
    }),
    /** Why the last publish or status change failed, shown under the form until the next one starts. */
    writeError: snapshot.hasTag('ready') ? error : null,
    publishText: 'Publish audit',
    // Publish only a complete form of a project audits apply to, with nothing on the way.
    getPublishButtonProps: () => ({
      type: 'submit' as const,
      className: 'btn btn-primary',
      disabled: !snapshot.can({ type: 'PUBLISH' }),
    }),
  };
}
