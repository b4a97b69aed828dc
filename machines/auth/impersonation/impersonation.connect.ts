/**
 * The impersonation UI's view model: a snapshot, a send function and the session's side (who is impersonated, by
 * which admin) in; the banner's and the Impersonation Tool dialog's flags, texts and prop getters out. Components
 * read this (tags and context underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { impersonationMachine } from './impersonation.machine';
import type { ImpersonationEvent, ImpersonationView, ImpersonationViewOptions } from './impersonation.types';

const TEXTS = {
  title: 'Impersonation Tool',
  label: 'User id',
  cancel: 'Cancel',
  submit: 'Switch User',
  exit: 'Exit Impersonation',
};

export function connectImpersonation(
  snapshot: SnapshotFrom<typeof impersonationMachine>,
  send: (event: ImpersonationEvent) => void,
  { adminId, subject, ids }: ImpersonationViewOptions,
): ImpersonationView {
  // Opened while the tool is off (its flag went away), the dialog stays hidden.
  const open = snapshot.context.toolEnabled && snapshot.hasTag('open');
  const busy = snapshot.hasTag('busy');
  const error = snapshot.hasTag('error') ? snapshot.context.error : null;
  const close = () => send({ type: 'CLOSE' });
  return {
    open,
    busy,
    error,
    bannerShown: !!adminId,
    subjectText: subject || 'a user',
    bannerError: !open && error ? error : null,
    texts: TEXTS,
    getBannerProps: () => ({
      role: 'region',
      'aria-label': 'Impersonation',
      'data-scope': 'impersonation-banner',
    }),
    getBannerErrorProps: () => ({ role: 'alert', 'data-part': 'error' }),
    getExitButtonProps: () => ({
      type: 'button',
      'data-part': 'exit',
      disabled: busy,
      onClick: () => {
        if (adminId) send({ type: 'EXIT', adminId });
      },
    }),
    getDialogProps: () => ({ open, onClose: close, 'data-scope': 'impersonation-tool' }),
    getFormProps: () => ({
      onSubmit: (event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      },
    }),
    getLabelProps: () => ({ htmlFor: ids.input }),
    getInputProps: () => ({
      id: ids.input,
      'data-part': 'user-id',
      value: snapshot.context.userId,
      onChange: (event) => send({ type: 'CHANGE', value: event.target.value }),
      autoComplete: 'off',
      spellCheck: false,
      maxLength: 100,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? ids.error : undefined,
      disabled: busy,
      'data-autofocus': true,
    }),
    getErrorProps: () => ({ id: ids.error, role: 'alert', 'data-part': 'error' }),
    getCancelButtonProps: () => ({ type: 'button', 'data-part': 'cancel', onClick: close, disabled: busy }),
    // Switch User is taken only with an id, and not while a call is in flight.
    getSubmitButtonProps: () => ({
      type: 'submit',
      'data-part': 'submit',
      disabled: !snapshot.can({ type: 'SUBMIT' }),
    }),
  };
}
