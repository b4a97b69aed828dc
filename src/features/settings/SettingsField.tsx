import type { ReactNode } from 'react';

/** A settings form's labelled control, with the server's message about it and, below that, an optional note. */
export function SettingsField({
  id,
  label,
  error,
  errorId,
  note,
  grow = false,
  children,
}: {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  error?: string | null;
  /** The message's id, where the control names it with aria-describedby. */
  errorId?: string;
  note?: ReactNode;
  /** Takes the room left in an inline form. */
  grow?: boolean;
  /** The control. */
  children: ReactNode;
}) {
  return (
    <div className={grow ? 'settings-field settings-grow' : 'settings-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={errorId} className="settings-field-error">
          {error}
        </p>
      )}
      {note && <p className="muted settings-note">{note}</p>}
    </div>
  );
}
