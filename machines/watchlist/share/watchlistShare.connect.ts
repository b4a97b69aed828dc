/**
 * The share dialog's view model: a snapshot, a send function and how a token becomes a link in; what
 * ShareWatchlistDialog shows (title, the link or the private note, the failure, the copied status) and prop getters
 * for the switch, the link field and the buttons out. Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import { SHARE_MESSAGES, type watchlistShareMachine } from './watchlistShare.machine';
import type { WatchlistShareEvent, WatchlistShareViewOptions } from './watchlistShare.types';

const LINK_ID = 'share-link';

export function connectWatchlistShare(
  snapshot: SnapshotFrom<typeof watchlistShareMachine>,
  send: (event: WatchlistShareEvent) => void,
  { linkFor }: WatchlistShareViewOptions,
) {
  const { listName, token, copied, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const shared = token !== null;
  return {
    open: snapshot.hasTag('open'),
    busy,
    close: () => send({ type: 'CLOSE' }),
    title: `Share “${listName}”`,
    description:
      'Anyone with the link sees this list’s projects, scores and tiers without signing in. They cannot change it.',
    switchText: 'Share with a link',
    /** The list has a link (the field and Copy show); else the private note does. */
    shared,
    linkLabel: 'Share link',
    getLinkLabelProps: () => ({ htmlFor: LINK_ID }),
    /** The link's field, read-only; focusing it selects the whole link. */
    getLinkInputProps: () => ({
      id: LINK_ID,
      readOnly: true,
      value: token === null ? '' : linkFor(token),
      onFocus: (e: { target: { select: () => void } }) => e.target.select(),
    }),
    copyText: copied ? SHARE_MESSAGES.copied : 'Copy link',
    getCopyButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-primary',
      onClick: () => send({ type: 'COPY' }),
    }),
    sharedHint: 'Turning the link off stops it working for everyone who has it.',
    privateHint: 'The list is private: only you can see it.',
    /** The switch: while the call runs it shows where it is going, and takes no other change. */
    getSwitchProps: () => ({
      type: 'checkbox' as const,
      role: 'switch' as const,
      checked: busy ? !shared : shared,
      disabled: busy,
      onChange: (e: { target: { checked: boolean } }) =>
        send({ type: 'SET_SHARED', shared: e.target.checked }),
    }),
    /** The failure of the last change or copy, or null. */
    error,
    getErrorProps: () => ({ className: 'field-error', role: 'alert' as const }),
    /** Said to screen readers once the link was copied. */
    statusText: copied ? SHARE_MESSAGES.copied : '',
    getStatusProps: () => ({ className: 'visually-hidden', role: 'status' as const }),
    doneText: 'Done',
    getDoneButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      onClick: () => send({ type: 'CLOSE' }),
    }),
  };
}
