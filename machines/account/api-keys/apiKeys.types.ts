import type { SnapshotFrom } from 'xstate';
import type { ApiKey } from '../../../api/apiKeys';
import type { Tags } from '../../core/tags';
import type { apiKeysMachine } from './apiKeys.machine';

/** A key just created: the only time its secret is on screen. */
export type NewApiKey = { id: string; name: string; key: string };

export type ApiKeysContext = {
  keys: ApiKey[];
  /** The key made last, shown once until HIDE_KEY, another CREATE, or its revocation; never loaded again. */
  created: NewApiKey | null;
  /** The name sent with the CREATE in flight. */
  name: string;
  /** The key whose revocation waits for CONFIRM. */
  confirmId: string | null;
  copied: boolean;
  /** A message for the whole section (create, revoke, copy, load failures). */
  error: string | null;
  /** The name field's message (checked before any call). */
  nameError: string | null;
};

export type ApiKeysEvent =
  | { type: 'CREATE'; name: string }
  | { type: 'REVOKE'; id: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'COPY' }
  | { type: 'HIDE_KEY' }
  | { type: 'DISMISS' }
  | { type: 'RETRY' };

/**
 * `loading` the keys load; `error` the load failed; `ready` they show; `busy` a create or a revocation is on the
 * way; `confirming` a revocation waits for CONFIRM.
 */
export type ApiKeysTag = Tags<'loading' | 'error' | 'ready' | 'busy', 'confirming'>;

export type ApiKeysSnapshot = SnapshotFrom<typeof apiKeysMachine>;

/** One day's bar: its height as a share (0–1) of the busiest day of that key, and a label for it. */
export type UsageBar = { day: string; requests: number; refused: number; share: number; label: string };
