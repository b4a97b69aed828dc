import type { ProjectSummary } from '../../../api/projects';
import type { Tags } from '../../core/tags';
import type { connectWatchlistPicker } from './watchlistPicker.connect';

/** 'single': one pick adds the project and closes; 'multiple': every pick toggles it and the picker stays open. */
export type PickerMode = 'single' | 'multiple';
export type PickerInput = { mode?: PickerMode } | undefined;
export type PickerContext = {
  mode: PickerMode;
  keyword: string;
  results: ProjectSummary[];
  /** Ids already in the watchlist: marked in the list. */
  existing: string[];
};
export type PickerEvent =
  | { type: 'OPEN'; existing?: string[]; mode?: PickerMode }
  | { type: 'CLOSE' }
  | { type: 'TYPE'; keyword: string }
  | { type: 'PICK'; projectId: string }
  | { type: 'RETRY' };
export type PickerEmitted = { type: 'add'; projectId: string };
/** `open` while the dialog shows, `loading` while a search is under way, `error` when it failed. */
export type PickerTag = Tags<'open' | 'loading' | 'error'>;

/** One row of the picker's list: the project, whether it is already in the watchlist, and its texts. */
export type PickerOption = {
  project: ProjectSummary;
  added: boolean;
  /** '#3', or 'N/A' for a project without a rank. */
  rankText: string;
  /** The project's first token ticker, or ''. */
  ticker: string;
};

/** What ProjectPickerModal renders (watchlistPicker.connect). */
export type WatchlistPickerView = ReturnType<typeof connectWatchlistPicker>;
