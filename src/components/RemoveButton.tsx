/**
 * A row's small "Remove" button. The word is the same on every row, so `what` completes its accessible name
 * ("Remove Uniswap", "Remove wallet 0x…").
 */
export function RemoveButton({
  what,
  disabled,
  onRemove,
}: {
  what: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={disabled}
      aria-label={`Remove ${what}`}
      onClick={onRemove}
    >
      Remove
    </button>
  );
}

/**
 * The answer to "are you sure?" in a row, after a Remove or Revoke: a danger button that goes ahead and a quiet one
 * that backs out. Beside RemoveButton, in the chunk the settings route loads already (a file of its own was a chunk
 * of its own, 0.3 KB on that route).
 */
export function ConfirmButtons({
  confirmText,
  cancelText,
  onConfirm,
  onCancel,
}: {
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-danger btn-sm" onClick={onConfirm}>
        {confirmText}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
        {cancelText}
      </button>
    </>
  );
}
