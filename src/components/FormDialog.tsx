import type { ChangeEvent, ReactNode } from 'react';
import { DialogTitle, Description } from '@headlessui/react';
import { Icon } from './Icon';
import { ModalDialog } from './ModalDialog';

export type FormDialogProps = {
  /** `data-scope` of the panel, which tests select on. */
  scope: string;
  className?: string;
  panelClassName?: string;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  serverError: string | null | undefined;
  submitting: boolean;
  submitLabel: string;
  submitted: boolean;
  successTitle: ReactNode;
  successText: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
};

/**
 * The shell every form dialog shares (quote request, incident report): close button, title, server error,
 * Cancel / submit actions, and the confirmation shown once the form machine reports `submitted`.
 */
export function FormDialog(props: FormDialogProps) {
  const { onClose } = props;
  return (
    <ModalDialog
      onClose={onClose}
      className={`dialog-root ${props.className ?? ''}`.trim()}
      panelClassName={props.panelClassName}
      scope={props.scope}
    >
      {props.submitted ? (
        <div className="success-panel" role="status">
          <div className="check">
            <Icon name="check" size={28} />
          </div>
          <DialogTitle as="h2">{props.successTitle}</DialogTitle>
          <p className="muted">{props.successText}</p>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Close
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onSubmit();
          }}
        >
          <DialogTitle as="h2">{props.title}</DialogTitle>
          <Description className={`muted ${props.descriptionClassName ?? ''}`.trim()}>
            {props.description}
          </Description>
          {props.serverError && (
            <p className="form-alert" role="alert">
              {props.serverError}
            </p>
          )}
          {props.children}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={props.submitting}>
              {props.submitting ? 'Sending…' : props.submitLabel}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

export type DialogFieldProps = {
  /** The control's id; its hint and error are `${id}-hint` and `${id}-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: string;
  hint?: string;
  /** A textarea instead of an input. */
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
};

/** One labelled text field of a form dialog, with its hint and its error, both named by the control. */
export function DialogField({
  id,
  label,
  error,
  hint,
  multiline = false,
  type,
  ...control
}: DialogFieldProps) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const props = {
    id,
    ...control,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...props} /> : <input type={type} {...props} />}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
