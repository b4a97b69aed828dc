/**
 * The Create Watchlist form's view model: a snapshot and a send function in, what CreateWatchlistModal shows and
 * prop getters out. Components read this (tags and context underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import { WATCHLIST_NAME_MAX } from '../../../api/watchlist';
import { CREATE_WATCHLIST_TITLE, NAME_HINT, type createWatchlistMachine } from './createWatchlist.machine';
import type { CreateWatchlistEvent } from './createWatchlist.types';

const INPUT_ID = 'watchlist-name';
const ERROR_ID = 'watchlist-name-error';
const HINT_ID = 'watchlist-name-hint';

export function connectCreateWatchlist(
  snapshot: SnapshotFrom<typeof createWatchlistMachine>,
  send: (event: CreateWatchlistEvent) => void,
) {
  const { name, error, purpose } = snapshot.context;
  const open = snapshot.hasTag('open');
  return {
    open,
    /** The same form renames the selected list. */
    title: purpose === 'rename' ? 'Rename Watchlist' : CREATE_WATCHLIST_TITLE,
    name,
    /** The refusal shown under the field ('The name is already used'), or null. */
    error,
    hint: NAME_HINT,
    labelText: 'Watchlist name',
    cancelText: 'Cancel',
    confirmText: 'Confirm',
    cancel: () => send({ type: 'CANCEL' }),
    /** Enter and Confirm submit the form; the page does not reload. */
    getFormProps: () => ({
      noValidate: true,
      onSubmit: (e: { preventDefault: () => void }) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      },
    }),
    getLabelProps: () => ({ htmlFor: INPUT_ID }),
    /** The name field: at most WATCHLIST_NAME_MAX characters, invalid and described by the error while one shows. */
    getInputProps: () => ({
      id: INPUT_ID,
      name: 'name',
      autoComplete: 'off',
      maxLength: WATCHLIST_NAME_MAX,
      value: name,
      placeholder: 'My Watchlist',
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': error ? `${ERROR_ID} ${HINT_ID}` : HINT_ID,
      onChange: (e: { target: { value: string } }) => send({ type: 'CHANGE', value: e.target.value }),
    }),
    getErrorProps: () => ({ className: 'field-error', id: ERROR_ID, role: 'alert' as const }),
    getHintProps: () => ({ className: 'field-hint', id: HINT_ID }),
    getCancelButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      onClick: () => send({ type: 'CANCEL' }),
    }),
    getConfirmButtonProps: () => ({ type: 'submit' as const, className: 'btn btn-primary' }),
  };
}
