/** A settings section's outcome line: an alert for an error, a status otherwise, with a × that dismisses it. */
export function SettingsMessage({
  message,
  onDismiss,
}: {
  message: { kind: 'success' | 'error'; text: string } | null;
  onDismiss: () => void;
}) {
  if (!message) return null;
  return (
    <div
      className={`settings-message is-${message.kind}`}
      role={message.kind === 'error' ? 'alert' : 'status'}
      data-part="message"
    >
      <span>{message.text}</span>
      <button type="button" className="settings-dismiss" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
