import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

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
    <Dialog open onClose={onCancel} className="watchlist-dialog">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-wrap">
        <DialogPanel
          className="dialog-panel watchlist-form-panel"
          data-scope="watchlist"
          data-part="confirm-delete"
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
        </DialogPanel>
      </div>
    </Dialog>
  );
}
