/**
 * The project picker's view model: a snapshot and a send function in, what ProjectPickerModal shows and prop
 * getters out. Components read this (tags and context underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import {
  PICKER_PLACEHOLDER,
  PICKER_TITLE,
  TRENDING_HEADING,
  pickerKeyword,
  type watchlistPickerMachine,
} from './watchlistPicker.machine';
import type { PickerEvent, PickerOption } from './watchlistPicker.types';

/** The heading's id, which the list is labelled by. */
const HEADING_ID = 'picker-heading';
/** Rows of placeholders while the first answer is awaited. */
const SKELETON_ROWS = 5;

export function connectWatchlistPicker(
  snapshot: SnapshotFrom<typeof watchlistPickerMachine>,
  send: (event: PickerEvent) => void,
) {
  const { keyword, results, existing } = snapshot.context;
  const open = snapshot.hasTag('open');
  const loading = snapshot.hasTag('loading');
  const failed = snapshot.hasTag('error');
  // Earlier results stay on screen while a new keyword's search runs; placeholders only when there are none.
  const showSkeleton = !failed && loading && results.length === 0;
  const options: PickerOption[] = results.map((project) => ({
    project,
    added: existing.includes(project.id),
    rankText: project.rank === null ? 'N/A' : `#${project.rank}`,
    ticker: project.tokenTickers[0] ?? '',
  }));
  return {
    open,
    loading,
    failed,
    /** The dialog's title unless the caller names another. */
    defaultTitle: PICKER_TITLE,
    keyword,
    /** Below two characters the server answers with the trending list. */
    heading: pickerKeyword(keyword) === '' ? TRENDING_HEADING : 'Search Results',
    errorText: 'Something went wrong',
    showSkeleton,
    skeletonRows: showSkeleton ? SKELETON_ROWS : 0,
    /** Answered, and nothing matches the keyword. */
    empty: !failed && !showSkeleton && results.length === 0,
    emptyText: `No projects match “${keyword.trim()}”.`,
    options,
    close: () => send({ type: 'CLOSE' }),
    retry: () => send({ type: 'RETRY' }),
    getSearchInputProps: () => ({
      type: 'search' as const,
      'aria-label': PICKER_PLACEHOLDER,
      placeholder: PICKER_PLACEHOLDER,
      value: keyword,
      onChange: (e: { target: { value: string } }) => send({ type: 'TYPE', keyword: e.target.value }),
    }),
    getHeadingProps: () => ({ className: 'picker-heading', id: HEADING_ID }),
    /** The list of rows (or of placeholders): labelled by the heading, busy while a search runs. */
    getListProps: () => ({ className: 'picker-rows', 'aria-labelledby': HEADING_ID, 'aria-busy': loading }),
    /** A row's button: pressed when the project is already in the watchlist; a click picks it. */
    getOptionProps: (option: PickerOption) => ({
      type: 'button' as const,
      className: `picker-row${option.added ? ' is-added' : ''}`,
      'aria-pressed': option.added,
      onClick: () => send({ type: 'PICK', projectId: option.project.id }),
      'data-part': 'option',
    }),
    /** The row's check mark, hidden from assistive technology unless the project is in the watchlist. */
    getMarkProps: (option: PickerOption) => ({ className: 'picker-mark', 'aria-hidden': !option.added }),
  };
}
