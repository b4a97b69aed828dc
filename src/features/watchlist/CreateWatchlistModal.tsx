import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectCreateWatchlist } from '../../../machines/watchlist/create/createWatchlist.connect';
import type { createWatchlistMachine } from '../../../machines/watchlist/create/createWatchlist.machine';
import { WatchlistDialog } from '../../components/ModalDialog';

export type CreateWatchlistActorRef = ActorRefFrom<typeof createWatchlistMachine>;

/**
 * The Create Watchlist modal (spec §2): title, name input (at most 20 characters), the hint, Cancel and Confirm;
 * Enter submits. The same form renames the selected list with the title 'Rename Watchlist'.
 */
export function CreateWatchlistModal({ actorRef }: { actorRef: CreateWatchlistActorRef }) {
  const snapshot = useSelector(actorRef, (s) => s);
  const view = connectCreateWatchlist(snapshot, actorRef.send);
  if (!view.open) return null;
  return (
    <WatchlistDialog onClose={view.cancel} panelClassName="watchlist-form-panel" scope="create-watchlist">
      <form {...view.getFormProps()}>
        <DialogTitle as="h2">{view.title}</DialogTitle>
        <div className="field">
          <label {...view.getLabelProps()}>{view.labelText}</label>
          <input autoFocus {...view.getInputProps()} />
          {view.error && <p {...view.getErrorProps()}>{view.error}</p>}
          <Description as="p" {...view.getHintProps()}>
            {view.hint}
          </Description>
        </div>
        <div className="dialog-actions">
          <button {...view.getCancelButtonProps()}>{view.cancelText}</button>
          <button {...view.getConfirmButtonProps()}>{view.confirmText}</button>
        </div>
      </form>
    </WatchlistDialog>
  );
}
