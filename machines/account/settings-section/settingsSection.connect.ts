/**
 * A settings section's view model: a snapshot and a send function in; what the section shows (loading, its data,
 * the outcome of the last write with the fields the server named, the write in flight) and prop getters for its
 * outcome line, buttons and forms out. `connectEmailSettings` adds what notification settings show (the email link's
 * on UnsubscribePage, and the signed-in user's on Account Settings). Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { AlertMailMode } from '../../../api/notifications';
import {
  DEFAULT_ALERT_MAIL,
  NOTIFICATION_LABELS,
  NOTIFICATION_SETTINGS,
  type SsoSettings,
} from '../../../api/user';
import type { settingsSectionMachine } from './settingsSection.machine';
import type { SettingsSectionEvent } from './settingsSection.types';

type Snapshot = SnapshotFrom<typeof settingsSectionMachine>;
type Send = (event: SettingsSectionEvent) => void;
type CheckEvent = { target: { checked: boolean } };
type SelectEvent = { target: { value: string } };
type SubmitEvent<Form> = { preventDefault: () => void; currentTarget: Form };

/** `Data`: what the section loads and writes (the machine holds it as unknown; each section knows its own). */
export function connectSettingsSection<Data = unknown>(snapshot: Snapshot, send: Send) {
  const { data, message, action } = snapshot.context;
  // While a write is on the way, no control starts another.
  const busy = snapshot.hasTag('busy');
  const submit = (write: string, payload?: unknown) =>
    send(
      payload === undefined ? { type: 'SUBMIT', action: write } : { type: 'SUBMIT', action: write, payload },
    );
  return {
    loading: snapshot.hasTag('loading'),
    /** The load failed (its message is `message`). */
    loadFailed: snapshot.hasTag('error'),
    busy,
    /** The section's data as last loaded or written, null before. */
    data: data as Data | null,
    /** The write in flight ('upload', 'add', …), for the button that shows progress; null when none. */
    pendingAction: busy ? action : null,
    getSkeletonProps: () => ({ className: 'skeleton settings-skeleton', 'aria-busy': 'true' as const }),
    /** The last outcome (success or error), or null. */
    message: message && { kind: message.kind, text: message.text },
    /** The outcome line: an alert for an error, a status otherwise. */
    getMessageProps: () =>
      message && {
        className: `settings-message is-${message.kind}`,
        role: message.kind === 'error' ? ('alert' as const) : ('status' as const),
      },
    /** The server's message on a field it named, or null. */
    fieldError: (name: string) => message?.fields?.[name] ?? null,
    /** A form's input: invalid while the server's message names it. */
    getFieldProps: (name: string) => ({ name, 'aria-invalid': Boolean(message?.fields?.[name]) }),
    getDismissButtonProps: () => ({
      type: 'button' as const,
      className: 'settings-dismiss',
      'aria-label': 'Dismiss',
      onClick: () => send({ type: 'DISMISS' }),
    }),
    getRetryButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary btn-sm',
      onClick: () => send({ type: 'RETRY' }),
    }),
    /**
     * A form whose submit starts the write `write` with what `read` takes from the form (its values live in its
     * inputs, not in the machine). The section's checks and the server's messages replace the browser's validation.
     */
    getFormProps: <Form>(write: string, read: (form: Form) => unknown) => ({
      noValidate: true,
      onSubmit: (e: SubmitEvent<Form>) => {
        e.preventDefault();
        submit(write, read(e.currentTarget));
      },
    }),
    getSubmitButtonProps: () => ({ type: 'submit' as const, className: 'btn btn-primary', disabled: busy }),
    /** Starts a write (a form's submit, a toggle). */
    submit,
  };
}

/**
 * Notification settings: a toggle per kind of mail, how alerts are mailed, and "Unsubscribe from all" (the email
 * link's, which needs no sign-in, shows that button; Account Settings shows the alert mail's select).
 */
export function connectEmailSettings(snapshot: Snapshot, send: Send) {
  const section = connectSettingsSection<SsoSettings>(snapshot, send);
  const { data } = section;
  return {
    ...section,
    /** Loaded: the settings show; else the link's failure (or that it is not valid). */
    shown: data !== null,
    invalidText: section.message?.text ?? 'This link is not valid.',
    headingId: 'email-settings',
    // A link's answer names no address (a forwarded mail must not tell it).
    heading: data?.email ? `Emails to ${data.email}` : 'Emails from Sentinel Ratings',
    getFieldsetProps: () => ({ className: 'settings-toggles', disabled: section.busy }),
    toggles: NOTIFICATION_SETTINGS.map((key) => ({ key, label: NOTIFICATION_LABELS[key] })),
    getToggleProps: (key: (typeof NOTIFICATION_SETTINGS)[number]) => ({
      type: 'checkbox' as const,
      checked: data?.settings[key] ?? false,
      onChange: (e: CheckEvent) => section.submit('toggle', { [key]: e.target.checked }),
    }),
    /** "Email alerts": settings saved before it existed have none, which the server reads as the default. */
    getAlertMailSelectProps: () => ({
      value: data?.settings.alertMail ?? DEFAULT_ALERT_MAIL,
      onChange: (e: SelectEvent) =>
        section.submit('alertMail', { alertMail: e.target.value as AlertMailMode }),
    }),
    unsubscribeText: 'Unsubscribe from all',
    getUnsubscribeButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-primary',
      disabled: section.busy,
      onClick: () => section.submit('unsubscribe'),
    }),
  };
}
