/**
 * Types of the home guided tour. The vocabulary is react-joyride v2's (spec §4 'Guided tour'):
 * statuses, step lifecycles and actions are the same literals, so logs and analytics read the same.
 */

/** Tour status: one top-level state of the tour machine each. */
export type TourStatus =
  'idle' | 'ready' | 'waiting' | 'running' | 'paused' | 'skipped' | 'finished' | 'error';

/** Lifecycle of the current step: one child state of `running.step` each. */
export type StepLifecycle = 'init' | 'ready' | 'beacon' | 'tooltip' | 'complete';

/**
 * The tags of the tour machine: its status, the current step's lifecycle (`step` while on a step), the card
 * shown (`card` while on one), and `open` while a step tooltip or a card is shown.
 */
export type TourTag =
  `status.${TourStatus}` | 'step' | `lifecycle.${StepLifecycle}` | 'card' | `card.${CardId}` | 'open';

/** The last thing that moved the tour. */
export type TourAction = 'start' | 'stop' | 'reset' | 'prev' | 'next' | 'go' | 'close' | 'skip' | 'update';

/** The anchors on the home page (`data-tour="…"`), in tour order. */
export type StepId =
  'account' | 'search' | 'alerts' | 'trending' | 'recently-audited' | 'filters' | 'in-the-works';

export type CardId = 'complete-anonymous' | 'complete-signed-in' | 'skip';

/** Why a step's target could not be used. */
export type TargetProblem = 'not-mounted' | 'not-visible';

export type TourStep = {
  id: StepId;
  /** The `data-tour` value of the target element. */
  anchor: StepId;
  title: string;
  text: string;
  /** Only shown to signed-in users. */
  signedInOnly?: boolean;
};

export type TourCard = {
  id: CardId;
  title: string;
  text: string;
  primary: string;
  secondary?: string;
};

/** What is kept in the browser so a reload mid-tour resumes at the same place. */
export type SavedTour = {
  stepId: StepId;
  card?: 'skip' | 'complete';
};

/**
 * `signedIn` is the session: true (authenticated), false (unauthenticated) or null (still loading;
 * the tour waits for it). The waits are in ms (tests shorten them).
 */
export type TourInput = {
  signedIn?: boolean | null;
  /** How long a missing or hidden target may take to appear before its step is skipped (default 1000). */
  targetWait?: number;
  /** How long the layer waits for the page's anchors before running anyway (default 3000). */
  anchorWait?: number;
};

export type TourContext = {
  signedIn: boolean | null;
  /** The regular steps for this audience (anonymous users lose the account step). */
  steps: StepId[];
  index: number;
  direction: 'next' | 'prev';
  action: TourAction;
  /** The step the skip-confirmation card returns to ('No, maybe later'). */
  returnIndex: number | null;
  /** Where START asked to resume (a saved tour). */
  resume: SavedTour | null;
  /** Whether any step of this run was shown (a run that found no target at all is an error). */
  anyShown: boolean;
  /** Show a beacon before the tooltip (after a stopped tour is started again). */
  beacon: boolean;
  /** The last target that could not be used, for the log and for tests. */
  lastProblem: { stepId: StepId; problem: TargetProblem } | null;
  targetWait: number;
  anchorWait: number;
};

export type TourEvent =
  | { type: 'START'; resume?: SavedTour | null }
  | { type: 'STOP' }
  | { type: 'RESET' }
  | { type: 'MOUNTED' }
  | { type: 'SESSION'; signedIn: boolean | null }
  | { type: 'TARGET_FOUND' }
  | { type: 'TARGET_UNAVAILABLE'; problem: TargetProblem }
  | { type: 'POSITIONED' }
  /** The step tooltip was placed next to its target (the tooltip may show). */
  | { type: 'TOOLTIP_POSITIONED' }
  | { type: 'OPEN' }
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'GO'; index: number }
  | { type: 'CLOSE' }
  | { type: 'SKIP' }
  | { type: 'UPDATE' };

/**
 * What the tour tells its page watchers (`pageWatcher`, `targetWatcher`) when their wait is over: look once more
 * and answer (MOUNTED without anchors; TARGET_FOUND or TARGET_UNAVAILABLE).
 */
export type WatcherEvent = { type: 'WAITED' };
