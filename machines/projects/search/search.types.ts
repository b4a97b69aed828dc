import type { ProjectSummary } from '../../../api/projects';
import type { Tags } from '../../core/tags';

export type SearchInput = {
  minLength?: number;
};
export type SearchContext = {
  keyword: string;
  /** The effective keyword of the latest request (null before the first one and after a failure). */
  query: string | null;
  options: ProjectSummary[];
  highlighted: number;
  minLength: number;
};
export type SearchEvent =
  | { type: 'FOCUS' }
  | { type: 'TYPE'; keyword: string }
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'CHOOSE' }
  | { type: 'SELECT'; index: number }
  /** Compare the result at `index` with other projects instead of opening its page. */
  | { type: 'COMPARE'; index: number }
  | { type: 'CLOSE' };
export type SearchEmitted = { type: 'chosen'; project: ProjectSummary };
/** `open` while the dropdown shows; within it `loading`, `ready` (the results are shown) or `error`. */
export type SearchTag = Tags<'open' | 'loading' | 'ready' | 'error'>;

/** What the connected view needs of the page. */
export type SearchViewOptions = {
  /** The base of the box's element ids: `<id>-input`, `<id>-list`, `<id>-opt-<i>`, `<id>-title`. */
  id: string;
  /** Whether a result can be compared (a box that opens pages); a form's picker only picks. */
  canCompare: boolean;
  /** Where the comparison with a project opens (the compare link's address). */
  compareHref: (projectId: string) => string;
};

/** One result as the dropdown shows it. */
export type SearchOptionView = {
  project: ProjectSummary;
  /** '#<rank>', or 'N/A' for a project without a rank. */
  rankText: string;
  /** The project's first token ticker, if it has one. */
  ticker: string | undefined;
  highlighted: boolean;
};

/** The keys the input handles (arrows, Enter, Escape); a handled key's default is prevented. */
export type SearchKeyEvent = { key: string; preventDefault: () => void };
/** A click on the compare link: a modified or middle click is left to the browser (a new tab or window). */
export type SearchLinkClick = {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault: () => void;
};

/** What the search box renders (`connectSearch`): flags, texts, the results and prop getters. */
export type SearchView = {
  /** The dropdown shows. */
  open: boolean;
  /** The results are on their way (skeleton rows). */
  loading: boolean;
  /** The search failed. */
  error: boolean;
  /** What the box holds. */
  keyword: string;
  /** The keyword is too short to search: the trending list is shown. */
  trending: boolean;
  /** 'Trending Search' above the trending list; null over search results. */
  title: string | null;
  /** How many skeleton rows stand in for the results while they load. */
  skeletonRows: number;
  /** The results shown (none while loading). */
  options: SearchOptionView[];
  /** 'No project matches “…”.' when a search found nothing; null otherwise. */
  emptyText: string | null;
  /** The failure line; null unless the search failed. */
  errorText: string | null;
  /** Each result offers Compare (a box that opens pages, with results shown). */
  comparable: boolean;
  /** The highlighted result the compare link offers (none in a form's picker, while loading, or with no results). */
  compared: SearchOptionView | undefined;
  /** 'Compare <name>' on the compare link. */
  compareText: string;
  getRootProps: () => {
    'data-scope': 'search';
    'data-part': 'root';
    /** Focus leaving the box (not moving inside it) closes the dropdown. */
    onBlur: (event: {
      currentTarget: { contains: (other: Node | null) => boolean };
      relatedTarget: unknown;
    }) => void;
  };
  getLabelProps: () => { htmlFor: string };
  getInputProps: () => {
    id: string;
    type: 'text';
    role: 'combobox';
    autoComplete: 'off';
    spellCheck: false;
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
    value: string;
    onFocus: () => void;
    onChange: (event: { target: { value: string } }) => void;
    onKeyDown: (event: SearchKeyEvent) => void;
    'data-part': 'input';
  };
  getPopupProps: () => { hidden: boolean; 'data-part': 'popup' };
  getTitleProps: () => { id: string };
  getListProps: () => {
    id: string;
    role: 'listbox';
    'aria-label': string;
    'aria-busy': boolean;
  };
  getOptionProps: (index: number) => {
    id: string;
    role: 'option';
    'aria-selected': boolean;
    'data-part': 'option';
    /** Keeps the focus in the box, so the click is not a blur that closes it first. */
    onMouseDown: (event: { preventDefault: () => void }) => void;
    onClick: () => void;
  };
  /** A pointer's Compare on a row (hidden from screen readers, which use the compare link). */
  getOptionCompareProps: (index: number) => {
    'aria-hidden': true;
    'data-part': 'compare';
    onClick: (event: { stopPropagation: () => void }) => void;
  };
  getCompareLinkProps: () => {
    href: string;
    'data-part': 'compare-link';
    onClick: (event: SearchLinkClick) => void;
  };
};
