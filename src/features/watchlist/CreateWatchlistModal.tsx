import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { WATCHLIST_NAME_MAX } from '../../../api/watchlist';
import {
  CREATE_WATCHLIST_TITLE,
  NAME_HINT,
  type createWatchlistMachine,
} from '../../../machines/watchlist/create/createWatchlist.machine';
import { ModalDialog } from '../../components/ModalDialog';

export type CreateWatchlistActorRef = ActorRefFrom<typeof createWatchlistMachine>;

/**
 * The Create Watchlist modal (spec §2): title, name input (at most 20 characters), the hint, Cancel and Confirm;
 * Enter submits. The same form renames the selected list with the title 'Rename Watchlist'.
 */
export function CreateWatchlistModal({ actorRef }: { actorRef: CreateWatchlistActorRef }) {
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const name = useSelector(actorRef, (s) => s.context.name);
  const error = useSelector(actorRef, (s) => s.context.error);
  const purpose = useSelector(actorRef, (s) => s.context.purpose);
  const cancel = () => actorRef.send({ type: 'CANCEL' });
  if (!open) return null;
  return (
    <ModalDialog
      onClose={cancel}
      className="watchlist-dialog"
      panelClassName="watchlist-form-panel"
      scope="create-watchlist"
      part="panel"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actorRef.send({ type: 'SUBMIT' });
        }}
      >
        <DialogTitle as="h2">
          {purpose === 'rename' ? 'Rename Watchlist' : CREATE_WATCHLIST_TITLE}
        </DialogTitle>
        <div className="field">
          <label htmlFor="watchlist-name">Watchlist name</label>
          <input
            id="watchlist-name"
            name="name"
            autoComplete="off"
            autoFocus
            maxLength={WATCHLIST_NAME_MAX}
            value={name}
            placeholder="My Watchlist"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'watchlist-name-error watchlist-name-hint' : 'watchlist-name-hint'}
            onChange={(e) => actorRef.send({ type: 'CHANGE', value: e.target.value })}
          />
          {error && (
            <p className="field-error" id="watchlist-name-error" role="alert">
              {error}
            </p>
          )}
          <Description as="p" className="field-hint" id="watchlist-name-hint">
            {NAME_HINT}
          </Description>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Confirm
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
