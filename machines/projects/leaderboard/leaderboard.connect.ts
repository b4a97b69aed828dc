/**
 * The home leaderboard's view model: a snapshot and a send function in; what Leaderboard and FiltersPanel show (the
 * tabs, the toolbar, the count, the sort state of each column, the rows' toggles, the failure, the pager and the
 * filter form) and prop getters for their controls out. Read from tags and context, never state names. Cells that
 * need the app's number and date formatting stay in the component.
 */
import type { SnapshotFrom } from 'xstate';
import { sortColumn } from '../../core/sortColumn';
import { CHAINS, TIERS, type LeaderboardRow } from '../../../api/projects';
import {
  LEADERBOARD_TAB_LABELS,
  LEADERBOARD_TABS,
  leaderboardCsvUrl,
  PROJECT_CATEGORIES,
} from '../../../api/leaderboard';
import {
  activeFilterCount,
  MAX_COMPARE,
  SCORE_RANGE_HINT,
  scoreRangeImpossible,
  type leaderboardMachine,
} from './leaderboard.machine';
import type {
  LeaderboardEvent,
  LeaderboardFilters,
  LeaderboardSort,
  LeaderboardTab,
} from './leaderboard.types';
import { apiQuery } from './leaderboard.url';

export type LeaderboardSnapshot = SnapshotFrom<typeof leaderboardMachine>;

/** The filter form's choices: select id, label and the "any" option's text. */
const FILTER_SELECTS = {
  chain: { id: 'filter-chain', label: 'Chain', any: 'All chains', options: CHAINS },
  tier: { id: 'filter-tier', label: 'Tier', any: 'All tiers', options: TIERS },
  audit: {
    id: 'filter-audit',
    label: 'Audit status',
    any: 'Any',
    options: [
      { value: 'audited', label: 'Audited' },
      { value: 'in_progress', label: 'In progress' },
      { value: 'none', label: 'Not audited' },
    ],
  },
} as const;
type FilterSelect = keyof typeof FILTER_SELECTS;
type ScoreBound = 'minScore' | 'maxScore';
const SCORE_INPUTS = {
  minScore: { id: 'filter-min', placeholder: 'Min', label: 'Minimum score' },
  maxScore: { id: 'filter-max', placeholder: 'Max', label: 'Maximum score' },
} as const;
const SCORE_HINT_ID = 'filter-score-hint';

/** The keys that move between tabs, as the offset from the focused tab's index (End: the last). */
const TAB_KEYS: Record<string, (i: number) => number> = {
  ArrowRight: (i) => i + 1,
  ArrowLeft: (i) => i - 1,
  Home: () => 0,
  End: () => -1,
};

export function connectLeaderboard(snapshot: LeaderboardSnapshot, send: (event: LeaderboardEvent) => void) {
  const { query, result, draft, expanded, typed, selected } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  const failed = snapshot.hasTag('error');
  const filtersOpen = snapshot.hasTag('filtersOpen');
  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / query.pageSize));
  // The count describes the rows on screen (the answer's page), not the page asked for while it loads.
  const from = result && result.total > 0 ? (result.page - 1) * result.pageSize + 1 : 0;
  const to = result ? Math.min(result.total, result.page * result.pageSize) : 0;
  const activeFilters = activeFilterCount(query.filters);
  const impossible = scoreRangeImpossible(draft);
  const canPick = selected.length < MAX_COMPARE;
  const chooseTab = (i: number, list: ParentNode | null) => {
    const tab = LEADERBOARD_TABS[(i + LEADERBOARD_TABS.length) % LEADERBOARD_TABS.length]!;
    send({ type: 'SET_TAB', tab });
    list?.querySelector<HTMLElement>(`#lb-tab-${tab}`)?.focus();
  };
  const editFilter = (key: keyof LeaderboardFilters, value: string | boolean) =>
    send({ type: 'EDIT_FILTER', key, value });
  /** A plain button that sends one event. */
  const button = (className: string, event: LeaderboardEvent) => ({
    type: 'button' as const,
    className,
    onClick: () => send(event),
  });

  return {
    /** A page is being fetched (the rows shown, if any, are the previous answer's). */
    loading,
    filtersOpen,
    title: 'Project security ratings',

    /** The tabs above the table: an ARIA tablist (arrow keys, Home and End move between tabs and choose them). */
    tabs: LEADERBOARD_TABS.map((tab) => ({ tab, label: LEADERBOARD_TAB_LABELS[tab] })),
    getTabListProps: () => ({
      className: 'lb-tabs',
      role: 'tablist' as const,
      'aria-label': 'Leaderboard views',
    }),
    getTabProps: (tab: LeaderboardTab) => {
      const active = tab === query.tab;
      const i = LEADERBOARD_TABS.indexOf(tab);
      return {
        id: `lb-tab-${tab}`,
        type: 'button' as const,
        role: 'tab' as const,
        'aria-selected': active,
        'aria-controls': 'lb-panel',
        tabIndex: active ? 0 : -1,
        className: `lb-tab${active ? ' is-active' : ''}`,
        onClick: () => send({ type: 'SET_TAB', tab }),
        onKeyDown: (e: { key: string; preventDefault: () => void; currentTarget: HTMLElement }) => {
          const move = TAB_KEYS[e.key];
          if (!move) return;
          e.preventDefault();
          chooseTab(move(i), e.currentTarget.parentElement);
        },
      };
    },

    /** SelectField's props for the category. */
    getCategoryProps: () => ({
      className: 'field lb-inline-field',
      id: 'lb-category',
      label: 'Category',
      any: 'All categories',
      options: PROJECT_CATEGORIES,
      value: query.category,
      onChange: (category: string) => send({ type: 'SET_CATEGORY', category }),
    }),
    keywordLabel: 'Name or ticker',
    /** The keyword box shows what was typed; the query takes it once typing pauses. */
    getKeywordInputProps: () => ({
      id: 'lb-keyword',
      type: 'search' as const,
      placeholder: 'Filter projects',
      autoComplete: 'off',
      maxLength: 100,
      value: typed,
      onChange: (e: { target: { value: string } }) => send({ type: 'TYPE_KEYWORD', keyword: e.target.value }),
    }),
    getFiltersButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      'aria-expanded': filtersOpen,
      'aria-controls': 'leaderboard-filters',
      onClick: () => send({ type: filtersOpen ? 'CLOSE_FILTERS' : 'OPEN_FILTERS' }),
    }),
    filtersText: 'Filters',
    /** How many filters are in force, or null for none (no badge, no Clear button). */
    filterCount: activeFilters > 0 ? activeFilters : null,
    getClearFiltersProps: () => button('btn btn-ghost btn-sm', { type: 'RESET_FILTERS' }),
    clearFiltersText: 'Clear filters',
    /** The CSV of this view (every page of it). */
    getExportLinkProps: () => ({
      className: 'btn btn-secondary btn-sm',
      href: leaderboardCsvUrl(apiQuery(query)),
      download: true,
    }),
    exportText: 'Export CSV',
    /**
     * How many projects are picked: the button reads 'Compare (n)', written in the component so the count stays its
     * own text node as the server has always rendered it.
     */
    compareCount: selected.length,
    /** The comparison page of the picked projects, or null while fewer than two are picked (the button is off). */
    compareHref: selected.length >= 2 ? `/compare?ids=${selected.map(encodeURIComponent).join(',')}` : null,
    getCompareLinkProps: () => ({ className: 'btn btn-primary btn-sm' }),
    getCompareButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-primary btn-sm',
      disabled: true,
    }),
    /** '' until the first answer. */
    countText: result
      ? result.total === 0
        ? 'No projects match these filters'
        : `Showing ${from}–${to} of ${result.total} projects`
      : '',
    maxCompare: MAX_COMPARE,

    getPanelProps: () => ({
      className: 'table-card card',
      role: 'tabpanel' as const,
      id: 'lb-panel',
      'aria-labelledby': `lb-tab-${query.tab}`,
    }),
    getTableProps: () => ({
      className: 'lb-table',
      'aria-busy': loading,
      'aria-describedby': 'leaderboard-title',
    }),
    /** The previous rows stay, dimmed, while another page loads. */
    getBodyProps: () => ({ className: loading && result ? 'is-refreshing' : undefined }),
    /** The column header of a sortable column: its order for screen readers when it is the one in force. */
    getSortHeaderProps: (sort: LeaderboardSort, className?: string) => ({
      scope: 'col' as const,
      className,
      'aria-sort': sortColumn(query.sort === sort, query.order).ariaSort,
    }),
    getSortButtonProps: (sort: LeaderboardSort) =>
      button(`sort-button${query.sort === sort ? ' is-active' : ''}`, { type: 'SORT', sort }),
    /** The arrow a column shows: the order when it is the one in force, else none. */
    sortIcon: (sort: LeaderboardSort) => sortColumn(query.sort === sort, query.order).arrow,
    /** Placeholder rows until the first answer (as many as a page holds). */
    skeletonRows: !result && loading ? query.pageSize : 0,
    rows: result?.items ?? [],
    isExpanded: (id: string) => expanded.includes(id),
    detailsId: (id: string) => `details-${id}`,
    /** A row's compare box: a picked project can be dropped; another is picked only below the maximum. */
    getCompareCheckboxProps: (row: Pick<LeaderboardRow, 'id' | 'name'>) => {
      const picked = selected.includes(row.id);
      return {
        type: 'checkbox' as const,
        className: 'compare-check',
        checked: picked,
        disabled: !picked && !canPick,
        'aria-label': `Compare ${row.name}`,
        onChange: () => send({ type: 'TOGGLE_COMPARE', id: row.id }),
      };
    },
    getDetailsButtonProps: (row: Pick<LeaderboardRow, 'id' | 'name'>) => {
      const open = expanded.includes(row.id);
      return {
        type: 'button' as const,
        className: 'icon-button',
        'aria-expanded': open,
        'aria-controls': open ? `details-${row.id}` : undefined,
        'aria-label': `Score breakdown for ${row.name}`,
        onClick: () => send({ type: 'TOGGLE_DETAILS', id: row.id }),
      };
    },

    /** The failure of the last load, or null. */
    error: failed ? 'The leaderboard could not be loaded.' : null,
    getRetryButtonProps: () => button('link-button', { type: 'RETRY' }),
    retryText: 'Try again',
    /** Pager's props: the page asked for, of the last answer's total. */
    getPagerProps: () => ({
      page: query.page,
      pages,
      label: 'Leaderboard pages',
      numbered: true,
      onPage: (page: number) => send({ type: 'PAGE', page }),
    }),

    /** The filter form (shown while filtersOpen): its draft is applied as a whole. */
    getFilterFormProps: () => ({
      id: 'leaderboard-filters',
      className: 'filters-panel card',
      'aria-label': 'Leaderboard filters',
      onSubmit: (e: { preventDefault: () => void }) => {
        e.preventDefault();
        send({ type: 'APPLY_FILTERS' });
      },
      onKeyDown: (e: { key: string }) => {
        if (e.key === 'Escape') send({ type: 'CLOSE_FILTERS' });
      },
    }),
    filterSelects: Object.keys(FILTER_SELECTS) as FilterSelect[],
    /** SelectField's props for a filter of the draft. */
    getFilterSelectProps: (key: FilterSelect) => ({
      ...FILTER_SELECTS[key],
      value: draft[key],
      onChange: (value: string) => editFilter(key, value),
    }),
    scoreLegend: 'Security score',
    scoreLabel: (bound: ScoreBound) => SCORE_INPUTS[bound].label,
    /** A bound of the score range; both are marked invalid (and described by the hint) while min > max. */
    getScoreInputProps: (bound: ScoreBound) => ({
      id: SCORE_INPUTS[bound].id,
      type: 'number' as const,
      min: 0,
      max: 100,
      placeholder: SCORE_INPUTS[bound].placeholder,
      value: draft[bound],
      onChange: (e: { target: { value: string } }) => editFilter(bound, e.target.value),
      ...(impossible ? { 'aria-invalid': true, 'aria-describedby': SCORE_HINT_ID } : {}),
    }),
    /** Read out as it appears; '' while the range is possible (the machine does not apply an impossible one). */
    getScoreHintProps: () => ({
      id: SCORE_HINT_ID,
      className: 'field-error',
      'aria-live': 'polite' as const,
    }),
    scoreHint: impossible ? SCORE_RANGE_HINT : '',
    getKycCheckboxProps: () => ({
      type: 'checkbox' as const,
      checked: draft.kyc,
      onChange: (e: { target: { checked: boolean } }) => editFilter('kyc', e.target.checked),
    }),
    kycText: 'KYC-verified teams only',
    getResetButtonProps: () => button('btn btn-ghost', { type: 'RESET_FILTERS' }),
    resetText: 'Reset',
    getApplyButtonProps: () => ({ type: 'submit' as const, className: 'btn btn-primary' }),
    applyText: 'Apply filters',
  };
}
