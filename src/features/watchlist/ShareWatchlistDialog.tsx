import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { watchlistShareMachine } from '../../../machines/watchlist/share/watchlistShare.machine';
import { connectWatchlistShare } from '../../../machines/watchlist/share/watchlistShare.connect';
import { shareUrl } from './watchlistDialogs.logic';
import { WatchlistDialog } from '../../components/ModalDialog';

export type ShareActorRef = ActorRefFrom<typeof watchlistShareMachine>;

/** Turns a list's read-only link on or off and copies it. */
export default function ShareWatchlistDialog({ actorRef }: { actorRef: ShareActorRef }) {
  const snapshot = useSelector(actorRef, (s) => s);
  const view = connectWatchlistShare(snapshot, actorRef.send, { linkFor: shareUrl });
  if (!view.open) return null;
  return (
    <WatchlistDialog onClose={view.close} panelClassName="watchlist-share-panel" scope="share-watchlist">
      <DialogTitle as="h2">{view.title}</DialogTitle>
      <Description as="p" className="muted">
        {view.description}
      </Description>
      <label className="share-switch">
        <input {...view.getSwitchProps()} />
        <span>{view.switchText}</span>
      </label>
      {view.shared ? (
        <div className="field">
          <label {...view.getLinkLabelProps()}>{view.linkLabel}</label>
          <div className="share-link-row">
            <input {...view.getLinkInputProps()} />
            <button {...view.getCopyButtonProps()}>{view.copyText}</button>
          </div>
          <p className="field-hint">{view.sharedHint}</p>
        </div>
      ) : (
        <p className="field-hint">{view.privateHint}</p>
      )}
      {view.error && <p {...view.getErrorProps()}>{view.error}</p>}
      <p {...view.getStatusProps()}>{view.statusText}</p>
      <div className="dialog-actions">
        <button {...view.getDoneButtonProps()}>{view.doneText}</button>
      </div>
    </WatchlistDialog>
  );
}
