/**
 * The announcement banner's admin view model: a snapshot, a send function and an id prefix in; what
 * AnnouncementAdminPage shows (its screen, the failure, the saved notice, the server's message per field) and prop
 * getters for the form, its fields and the buttons out. Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { announcementAdminMachine } from './announcementAdmin.machine';
import type {
  AnnouncementAdminEvent,
  AnnouncementAdminViewOptions,
  AnnouncementForm,
} from './announcementAdmin.types';

/** The screen the page shows: the caller refused, the announcement loading, its load failed, or the form. */
export type AnnouncementAdminScreen = 'forbidden' | 'loading' | 'loadFailed' | 'form';
type TextField = 'content' | 'link' | 'linkText';
type ChangeEvent = { target: { value: string } };
type CheckEvent = { target: { checked: boolean } };
type SubmitEvent = { preventDefault: () => void };

/** The text fields in the order they show, with their label and limits. */
const TEXT_FIELDS: Record<TextField, { label: string; maxLength: number; placeholder?: string }> = {
  content: { label: 'Content', maxLength: 500 },
  link: { label: 'Link (optional)', maxLength: 500, placeholder: '/products/skynet or https://…' },
  linkText: { label: 'Link text', maxLength: 100 },
};

export function connectAnnouncementAdmin(
  snapshot: SnapshotFrom<typeof announcementAdminMachine>,
  send: (event: AnnouncementAdminEvent) => void,
  { idPrefix: id }: AnnouncementAdminViewOptions,
) {
  const { form, error, fields } = snapshot.context;
  const screen: AnnouncementAdminScreen = snapshot.hasTag('forbidden')
    ? 'forbidden'
    : snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.hasTag('ready')
        ? 'form'
        : 'loadFailed';
  const change = (patch: Partial<AnnouncementForm>) => send({ type: 'CHANGE', patch });
  const errorId = (name: string) => `${id}-${name}-error`;
  // A field the server named is marked invalid and described by its message.
  const described = (name: string) =>
    fields[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};

  return {
    title: 'Announcement',
    screen,
    getMainProps: () => ({
      className: 'container announcement-admin',
      'aria-busy': screen === 'loading' ? ('true' as const) : undefined,
    }),
    forbiddenText: 'Only admins can edit the announcement.',
    /** The load's failure on the loadFailed screen. */
    loadError: screen === 'loadFailed' ? error : null,
    retryText: 'Try again',
    getRetryButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      onClick: () => send({ type: 'RETRY' }),
    }),
    lead: 'The banner shown at the top of every page.',
    getFormProps: () => ({
      onSubmit: (e: SubmitEvent) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      },
    }),
    textFields: Object.keys(TEXT_FIELDS) as TextField[],
    /** A text field's label, with the id its control has. */
    getLabelProps: (name: TextField) => ({ htmlFor: `${id}-${name}`, children: TEXT_FIELDS[name].label }),
    /** A text field's control: id, value, limits, edits and the error attributes (content is a required textarea). */
    getTextFieldProps: (name: TextField) => ({
      id: `${id}-${name}`,
      value: form[name],
      onChange: (e: ChangeEvent) => change({ [name]: e.target.value }),
      ...described(name),
      maxLength: TEXT_FIELDS[name].maxLength,
      ...(name === 'content'
        ? { rows: 3, required: true }
        : TEXT_FIELDS[name].placeholder
          ? { placeholder: TEXT_FIELDS[name].placeholder }
          : {}),
    }),
    /** The server's message on a field it named: the element's props with its text, or null. */
    getFieldErrorProps: (name: TextField) =>
      fields[name]
        ? { id: errorId(name), className: 'announcement-admin__field-error', children: fields[name] }
        : null,
    activeText: 'Show the banner',
    getActiveProps: () => ({
      type: 'checkbox' as const,
      checked: form.active,
      onChange: (e: CheckEvent) => change({ active: e.target.checked }),
    }),
    /** The save's failure, or null. */
    saveError: screen === 'form' && snapshot.hasTag('error') ? error : null,
    /** 'Announcement saved.' once the server stored the form, until the next edit. */
    savedText: snapshot.hasTag('saved') ? 'Announcement saved.' : null,
    saveText: 'Save',
    // Save only while the machine takes it (content typed, nothing on the way).
    getSaveButtonProps: () => ({
      type: 'submit' as const,
      className: 'btn btn-primary',
      disabled: !snapshot.can({ type: 'SUBMIT' }),
    }),
  };
}
