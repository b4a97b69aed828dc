/**
 * The tour's view model: a snapshot and a send function in, booleans, texts and prop getters out.
 * Components read this (tags underneath), never state names. Parts carry data-scope="tour" and data-part.
 */
import type { SnapshotFrom } from 'xstate';
import type { tourMachine } from './tour.machine';
import { CARD_COUNT, TOUR_CARDS, stepById } from './tour.steps';
import type { CardId, StepLifecycle, TourCard, TourEvent, TourStatus, TourStep } from './tour.types';

export type TourSnapshot = SnapshotFrom<typeof tourMachine>;
type Send = (event: TourEvent) => void;

const STATUSES: TourStatus[] = [
  'idle',
  'waiting',
  'ready',
  'running',
  'paused',
  'skipped',
  'finished',
  'error',
];
const LIFECYCLES: StepLifecycle[] = ['init', 'ready', 'beacon', 'tooltip', 'complete'];
const CARDS: CardId[] = ['complete-anonymous', 'complete-signed-in', 'skip'];

/** Width of the progress bar in px (spec §2). */
export const PROGRESS_BAR_WIDTH = 332;

const part = (name: string) => ({ 'data-scope': 'tour', 'data-part': name });

export function connect(snapshot: TourSnapshot, send: Send) {
  const { context } = snapshot;
  const status = STATUSES.find((s) => snapshot.hasTag(`status.${s}`)) ?? 'idle';
  const lifecycle = snapshot.hasTag('step')
    ? (LIFECYCLES.find((l) => snapshot.hasTag(`lifecycle.${l}`)) ?? null)
    : null;
  const cardId = snapshot.hasTag('card') ? (CARDS.find((c) => snapshot.hasTag(`card.${c}`)) ?? null) : null;
  const card: TourCard | null = cardId ? TOUR_CARDS[cardId] : null;
  const stepId = snapshot.hasTag('step') ? context.steps[context.index] : undefined;
  const step: TourStep | null = stepId ? stepById(stepId) : null;
  const total = context.steps.length + CARD_COUNT;
  const stepNumber = context.index + 1;
  const open = snapshot.hasTag('open');
  const isStepTooltip = open && lifecycle === 'tooltip';
  // On a step tooltip, PREV is taken only when there is a previous step (the `hasPrevious` guard).
  const canGoBack = isStepTooltip && snapshot.can({ type: 'PREV' });
  /** One of the tour's buttons: its part, and the event a click sends. */
  const button = (name: string, event: TourEvent) => ({
    ...part(name),
    type: 'button' as const,
    onClick: () => send(event),
  });

  return {
    status,
    lifecycle,
    /** The tour layer is on the page (overlay and tooltip or card). */
    isRunning: status === 'running',
    /** Something is shown to the user: a step tooltip or a card. */
    isOpen: open,
    isStepTooltip,
    isCard: cardId !== null,
    cardId,
    card,
    step,
    /** The target is being looked up (`targetWatcher` answers TARGET_FOUND / TARGET_UNAVAILABLE). */
    needsTarget: lifecycle === 'init',
    /** The target is being brought into view (`waitForLayout` answers POSITIONED). */
    needsPositioning: lifecycle === 'ready',
    showBeacon: lifecycle === 'beacon',
    /** The spotlight follows the target while a step is shown (or about to be). */
    showSpotlight: lifecycle === 'beacon' || lifecycle === 'tooltip',
    /** The run has not begun (`pageWatcher` answers MOUNTED once the page is free). */
    needsMount: status === 'ready',
    stepNumber,
    /** Progress reads 'n of total-3' (spec §2). */
    progressText: `${stepNumber} of ${total - CARD_COUNT}`,
    progressRatio: stepNumber / (total - CARD_COUNT),
    canGoBack,
    isLastStep: context.index === context.steps.length - 1,
    lastProblem: context.lastProblem,

    getRootProps: () => ({
      ...part('root'),
      'data-status': status,
      'data-lifecycle': lifecycle ?? undefined,
    }),
    getBackButtonProps: () => ({ ...button('prev-trigger', { type: 'PREV' }), disabled: !canGoBack }),
    getNextButtonProps: () => button('next-trigger', { type: 'NEXT' }),
    getCloseButtonProps: () => ({
      ...button('close-trigger', { type: 'CLOSE' }),
      'aria-label': 'Close the tour',
    }),
    getBeaconProps: () => ({ ...button('beacon', { type: 'OPEN' }), 'aria-label': 'Open the tour step' }),
    /** 'Yes, skip' on the skip-confirmation card. */
    getSkipButtonProps: () => button('skip-trigger', { type: 'SKIP' }),
    /** 'No, maybe later': back to the step that was closed. */
    getStayButtonProps: () => button('stay-trigger', { type: 'GO', index: context.returnIndex ?? 0 }),
    /** The completion cards' main action ends the tour. */
    getFinishButtonProps: () => button('finish-trigger', { type: 'NEXT' }),
    /** Escape: closes a step (to the skip card), returns from the skip card, ends a completion card. */
    onEscape: () => {
      if (open) send({ type: 'CLOSE' });
    },
  };
}

export type TourApi = ReturnType<typeof connect>;
