import type { SnapshotFrom } from 'xstate';
import type { Comparison } from '../../../api/compare';
import type { ProjectRow } from '../../../api/projects';
import type { Tags } from '../../core/tags';
import type { compareMachine } from './compare.machine';

export type CompareContext = {
  /** The projects asked for, in order: what the address says. */
  ids: string[];
  /** The last comparison the server answered (kept while the next one loads). */
  comparison: Comparison | null;
  /** Rows of the chosen projects while there are too few to compare (their names on the chips). */
  rows: ProjectRow[];
  /** Why the server refused the list (an unknown id, a malformed one), in its words. */
  problem: string | null;
  /** What went wrong loading, in words. */
  error: string | null;
  /** What the last copy of the link did, in words, or null. */
  copied: string | null;
};

export type CompareEvent =
  | { type: 'URL_CHANGED'; ids: string[] }
  | { type: 'ADD'; projectId: string }
  | { type: 'REMOVE'; projectId: string }
  | { type: 'OPEN_PICKER' }
  | { type: 'COPY_LINK' }
  | { type: 'RETRY' };

export type CompareInput = { ids: string[] };

/**
 * `loading` a comparison loads; `ready` it shows; `error` the load failed; `prompt` fewer than two projects are
 * chosen; `problem` the list is refused (too many, an unknown or a malformed id).
 */
export type CompareTag = Tags<'loading' | 'ready' | 'error', 'prompt' | 'problem'>;

export type CompareSnapshot = SnapshotFrom<typeof compareMachine>;

/** A chosen project as its chip shows it (its id until its name has loaded). */
export type CompareChip = { id: string; name: string; logo: string | null };
