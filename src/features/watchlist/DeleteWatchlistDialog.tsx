import { DialogTitle } from '@headlessui/react';
import { ModalDialog } from '../../components/ModalDialog';

/** "Delete watchlist?" — shown while the watchlist machine confirms a delete (a lazy chunk, like the other dialogs). */
export default function DeleteWatchlistDialog({
  name,
  onCancel,
  onConfirm,
}: {
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog
      onClose={onCancel}
      className="watchlist-dialog"
      panelClassName="watchlist-form-panel"
      scope="watchlist"
      part="confirm-delete"
      closeButton={false}
    >
      <DialogTitle as="h2">Delete watchlist?</DialogTitle>
      <p className="muted">“{name}” and its projects will be removed. This cannot be undone.</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          Delete
        </button>
      </div>
    </ModalDialog>
  );
}
