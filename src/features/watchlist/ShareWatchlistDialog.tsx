import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  SHARE_MESSAGES,
  watchlistShareMachine,
} from '../../../machines/watchlist/share/watchlistShare.machine';
import { shareUrl } from './watchlistDialogs.logic';
import { ModalDialog } from '../../components/ModalDialog';

export type ShareActorRef = ActorRefFrom<typeof watchlistShareMachine>;

/** Turns a list's read-only link on or off and copies it. */
export default function ShareWatchlistDialog({ actorRef }: { actorRef: ShareActorRef }) {
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const { listName, token, copied, error } = useSelector(actorRef, (s) => s.context);
  const close = () => actorRef.send({ type: 'CLOSE' });
  if (!open) return null;
  return (
    <ModalDialog
      onClose={close}
      className="watchlist-dialog"
      panelClassName="watchlist-share-panel"
      scope="share-watchlist"
      part="panel"
    >
      <DialogTitle as="h2">Share “{listName}”</DialogTitle>
      <Description as="p" className="muted">
        Anyone with the link sees this list’s projects, scores and tiers without signing in. They cannot
        change it.
      </Description>
      <label className="share-switch">
        <input
          type="checkbox"
          role="switch"
          // While the call runs the switch shows where it is going.
          checked={busy ? token === null : token !== null}
          disabled={busy}
          onChange={(e) => actorRef.send({ type: 'SET_SHARED', shared: e.target.checked })}
        />
        <span>Share with a link</span>
      </label>
      {token !== null ? (
        <div className="field">
          <label htmlFor="share-link">Share link</label>
          <div className="share-link-row">
            <input id="share-link" readOnly value={shareUrl(token)} onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-primary" onClick={() => actorRef.send({ type: 'COPY' })}>
              {copied ? SHARE_MESSAGES.copied : 'Copy link'}
            </button>
          </div>
          <p className="field-hint">Turning the link off stops it working for everyone who has it.</p>
        </div>
      ) : (
        <p className="field-hint">The list is private: only you can see it.</p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {copied ? SHARE_MESSAGES.copied : ''}
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={close}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}
