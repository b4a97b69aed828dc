/** The answer to "are you sure?" in a row: a danger button that goes ahead and a quiet one that backs out. */
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
