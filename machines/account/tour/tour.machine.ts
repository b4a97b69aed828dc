/**
 * The home guided tour (spec §2 'Home guided tour', §4 'Guided tour').
 *
 * Top-level states are react-joyride's statuses (idle, waiting, ready, running, paused, skipped, finished,
 * error); inside `running.step` the child states are a step's lifecycle (init, ready, beacon, tooltip,
 * complete). `context.action` records the last joyride action (start, stop, reset, prev, next, go, close,
 * skip, update).
 *
 * The page is outside the machine, behind named actors and actions whose defaults here do nothing (so the machine
 * runs in node, in tests and in the visualizer); the app provides the DOM versions (src/features/tour/liveTour.ts):
 * - `pageWatcher` (while ready) answers MOUNTED once the anchors are there and no other dialog is open; after
 *   `anchorWait` it is told WAITED and answers MOUNTED if the page has no anchors at all;
 * - `targetWatcher` (lifecycle init) answers TARGET_FOUND as soon as the step's target is usable; after
 *   `targetWait` it is told WAITED and answers TARGET_FOUND or TARGET_UNAVAILABLE;
 * - `bringTargetIntoView` (entering lifecycle ready) scrolls, `waitForLayout` then answers POSITIONED;
 * - `followTarget` keeps the spotlight on the target, `placeTooltip` keeps the step tooltip beside it (answering
 *   TOOLTIP_POSITIONED once placed); both answer UPDATE when the target leaves the page;
 * - `escapeKey` answers CLOSE, `focusDialog` moves focus into the shown tooltip or card, `rememberFocus` /
 *   `returnFocus` bring it back when the run ends;
 * - `saveProgress`, `forgetProgress` and `removeTourFlag` keep the tab's storage and address.
 * The tooltip's life (react-floater statuses) is the child `tooltip`; the ×'s hover hint is the child
 * `closeHint`. The session arrives as SESSION events.
 */
import { assertEvent, assign, fromCallback, sendTo, setup, type EventObject } from 'xstate';
import { tooltipMachine } from '../../ui/tooltip/tooltip.machine';
import { problemMessage, stepsFor, targetSelector } from './tour.steps';
import type {
  SavedTour,
  StepId,
  TourContext,
  TourEvent,
  TourInput,
  TourTag,
  WatcherEvent,
} from './tour.types';

/** How long a step's target may take to appear before the step is skipped, ms. */
export const TARGET_WAIT = 1000;
/** How long the layer waits for the page's anchors before running anyway, ms. */
export const ANCHOR_WAIT = 3000;

const lastIndex = (context: TourContext) => context.steps.length - 1;
const currentStep = (context: TourContext): StepId => context.steps[context.index]!;

/** What the page actors are given: the current step's anchor. */
export type TargetInput = { anchor: StepId };
/** Which dialog `focusDialog` waits for: a card, or the tooltip of a step. */
export type DialogInput = { part: 'card' } | { part: 'tooltip'; anchor: StepId };

/** What is saved when a step shows, when the skip card shows, and when a completion card shows. */
const stepToSave = ({ context }: { context: TourContext }): SavedTour => ({ stepId: currentStep(context) });
const skipCardToSave = ({ context }: { context: TourContext }): SavedTour => ({
  stepId: context.steps[context.returnIndex ?? context.index]!,
  card: 'skip',
});
const completionToSave = ({ context }: { context: TourContext }): SavedTour => ({
  stepId: context.steps[lastIndex(context)]!,
  card: 'complete',
});
const currentTarget = ({ context }: { context: TourContext }): TargetInput => ({
  anchor: currentStep(context),
});
const stepDialog = ({ context }: { context: TourContext }): DialogInput => ({
  part: 'tooltip',
  anchor: currentStep(context),
});

/** Both completion cards (guest's and signed-in): NEXT or CLOSE ends the tour, PREV goes back to the last step. */
const COMPLETION_CARD_EVENTS = {
  NEXT: { target: '#tour.finished', actions: 'recordNext' },
  CLOSE: { target: '#tour.finished', actions: 'finishWithClose' },
  PREV: { target: '#tour.running.step', actions: 'backFromCompletion' },
} as const;

/** The default of every page actor: nothing happens (the path tests answer in its place). */
const idleCallback = <TInput = void, TEvent extends EventObject = EventObject>() =>
  fromCallback<TEvent, TInput>(() => () => undefined);

export const tourMachine = setup({
  types: {
    input: {} as TourInput,
    context: {} as TourContext,
    events: {} as TourEvent,
    tags: {} as TourTag,
    children: {} as { tooltip: 'tooltip'; closeHint: 'tooltip' },
  },
  actors: {
    tooltip: tooltipMachine,
    pageWatcher: idleCallback<void, WatcherEvent>(),
    targetWatcher: idleCallback<TargetInput, WatcherEvent>(),
    waitForLayout: idleCallback(),
    followTarget: idleCallback<TargetInput>(),
    placeTooltip: idleCallback<TargetInput>(),
    escapeKey: idleCallback(),
    focusDialog: idleCallback<DialogInput>(),
  },
  delays: {
    targetWait: ({ context }) => context.targetWait,
    anchorWait: ({ context }) => context.anchorWait,
  },
  guards: {
    sessionKnown: ({ context }) => context.signedIn !== null,
    sessionChanged: ({ context, event }) => {
      assertEvent(event, 'SESSION');
      return event.signedIn !== null && context.signedIn !== null && event.signedIn !== context.signedIn;
    },
    resumeAtSkipCard: ({ context }) => context.resume?.card === 'skip',
    resumeAtCompletionSignedIn: ({ context }) =>
      context.resume?.card === 'complete' && context.signedIn === true,
    resumeAtCompletion: ({ context }) => context.resume?.card === 'complete',
    canMoveInDirection: ({ context }) =>
      context.direction === 'prev' ? context.index > 0 : context.index < lastIndex(context),
    travellingBack: ({ context }) => context.direction === 'prev',
    shownAnySignedIn: ({ context }) => context.anyShown && context.signedIn === true,
    shownAny: ({ context }) => context.anyShown,
    beaconFirst: ({ context }) => context.beacon,
    hasPrevious: ({ context }) => context.index > 0,
    movingOnWithMoreSteps: ({ context }) => context.action === 'next' && context.index < lastIndex(context),
    finishingSignedIn: ({ context }) => context.action === 'next' && context.signedIn === true,
    finishing: ({ context }) => context.action === 'next',
    goingBack: ({ context }) => context.action === 'prev',
  },
  actions: {
    // A session that is reloading (null) does not forget the one we knew: a sign-in seen after a reload must
    // still compare with the session the tour started under.
    assignSession: assign({
      signedIn: ({ context, event }) => {
        assertEvent(event, 'SESSION');
        return event.signedIn ?? context.signedIn;
      },
    }),
    beginRun: assign(({ event }) => {
      assertEvent(event, 'START');
      return {
        action: 'start' as const,
        resume: event.resume ?? null,
        index: 0,
        direction: 'next' as const,
        returnIndex: null,
        anyShown: false,
        beacon: false,
        lastProblem: null,
      };
    }),
    resumeRun: assign(({ context, event }) => {
      assertEvent(event, 'START');
      const current = context.steps[context.index];
      return {
        action: 'start' as const,
        resume: event.resume ?? (current ? { stepId: current } : null),
        direction: 'next' as const,
        anyShown: false,
        beacon: true,
      };
    }),
    prepareSteps: assign(({ context }) => {
      const steps = stepsFor(context.signedIn === true);
      const wanted = context.resume ? steps.indexOf(context.resume.stepId) : 0;
      const index = Math.max(0, wanted);
      return { steps, index, returnIndex: context.resume?.card === 'skip' ? index : null };
    }),
    clearResume: assign({ resume: null }),
    recordStop: assign({ action: 'stop' as const }),
    recordNext: assign({ action: 'next' as const }),
    recordPrev: assign({ action: 'prev' as const }),
    recordUpdate: assign({ action: 'update' as const }),
    recordSkip: assign({ action: 'skip' as const }),
    recordGo: assign(({ context, event }) => {
      assertEvent(event, 'GO');
      const index = Math.min(Math.max(0, event.index), lastIndex(context));
      return {
        action: 'go' as const,
        direction: index < context.index ? ('prev' as const) : ('next' as const),
        index,
      };
    }),
    rememberStep: assign(({ context }) => ({ action: 'close' as const, returnIndex: context.index })),
    returnToStep: assign(({ context, event }) => {
      assertEvent(event, ['GO', 'CLOSE']);
      const index =
        event.type === 'GO'
          ? Math.min(Math.max(0, event.index), lastIndex(context))
          : (context.returnIndex ?? 0);
      return {
        action: event.type === 'GO' ? ('go' as const) : ('close' as const),
        index,
        direction: 'next' as const,
        returnIndex: null,
      };
    }),
    finishWithClose: assign({ action: 'close' as const }),
    recordUnavailableTarget: assign(({ context, event }) => {
      assertEvent(event, 'TARGET_UNAVAILABLE');
      return { lastProblem: { stepId: context.steps[context.index]!, problem: event.problem } };
    }),
    /** Logs the target just recorded as unusable (runs after `recordUnavailableTarget`). */
    logUnavailableTarget: ({ context }) => {
      const problem = context.lastProblem;
      if (problem) console.warn(problemMessage(problem.problem), targetSelector(problem.stepId));
    },
    moveInDirection: assign(({ context }) => ({
      index: context.direction === 'prev' ? context.index - 1 : context.index + 1,
    })),
    turnForward: assign(({ context }) => ({ direction: 'next' as const, index: context.index + 1 })),
    advance: assign(({ context }) => ({ index: context.index + 1, direction: 'next' as const })),
    retreat: assign(({ context }) => ({ index: context.index - 1, direction: 'prev' as const })),
    backFromCompletion: assign(({ context }) => ({
      action: 'prev' as const,
      index: lastIndex(context),
      direction: 'prev' as const,
    })),
    markShown: assign({ anyShown: true }),
    openFromBeacon: assign({ beacon: false }),
    resetPosition: assign({
      index: 0,
      direction: 'next' as const,
      returnIndex: null,
      resume: null,
      beacon: false,
    }),
    recordReset: assign({ action: 'reset' as const }),
    /** Keeps where the tour is in the tab's storage, so a reload resumes there (the app provides it). */
    saveProgress: (_, _saved: SavedTour) => undefined,
    /** Forgets the saved progress (the app provides it). */
    forgetProgress: () => undefined,
    /** Removes `tour=true` from the address (the app provides it). */
    removeTourFlag: () => undefined,
    /** Scrolls the step's target into view below the header (the app provides it). */
    bringTargetIntoView: (_, _target: TargetInput) => undefined,
    /** Remembers the focused element, to return to when the run ends (the app provides it). */
    rememberFocus: () => undefined,
    /** Focuses the remembered element again (the app provides it). */
    returnFocus: () => undefined,
    /** The watcher's wait is over: it answers at once. */
    tellTargetWaited: sendTo('target', { type: 'WAITED' }),
    tellPageWaited: sendTo('page', { type: 'WAITED' }),
    /** The step tooltip or a card is shown: the tooltip opens (ATTACH first leaves `init` or `error`). */
    attachTooltip: sendTo('tooltip', { type: 'ATTACH' }),
    openTooltip: sendTo('tooltip', { type: 'OPEN' }),
    /** Placed (a step tooltip beside its target; a card, centred, at once): it shows. */
    showTooltip: sendTo('tooltip', { type: 'POSITIONED' }),
    closeTooltip: sendTo('tooltip', { type: 'CLOSE' }),
    /** The step tooltip's target left the page. */
    loseTooltipTarget: sendTo('tooltip', { type: 'TARGET_LOST' }),
    /** The × is on the page: its hint may open on hover. */
    attachCloseHint: sendTo('closeHint', { type: 'ATTACH' }),
    closeCloseHint: sendTo('closeHint', { type: 'CLOSE' }),
  },
}).createMachine({
  id: 'tour',
  context: ({ input }) => ({
    signedIn: input.signedIn ?? null,
    steps: stepsFor(input.signedIn === true),
    index: 0,
    direction: 'next',
    action: 'reset',
    returnIndex: null,
    resume: null,
    anyShown: false,
    beacon: false,
    lastProblem: null,
    targetWait: input.targetWait ?? TARGET_WAIT,
    anchorWait: input.anchorWait ?? ANCHOR_WAIT,
  }),
  invoke: [
    { id: 'tooltip', systemId: 'tourTooltip', src: 'tooltip', input: {} },
    { id: 'closeHint', systemId: 'tourCloseHint', src: 'tooltip', input: {} },
  ],
  initial: 'idle',
  on: {
    SESSION: { actions: 'assignSession' },
    RESET: {
      target: '.idle',
      actions: ['recordReset', 'resetPosition', 'forgetProgress', 'removeTourFlag'],
    },
  },
  states: {
    idle: {
      tags: ['status.idle'],
      on: { START: { target: 'waiting', actions: 'beginRun' } },
    },
    waiting: {
      tags: ['status.waiting'],
      always: { guard: 'sessionKnown', target: 'ready' },
      on: { STOP: { target: 'idle', actions: ['recordStop', 'forgetProgress', 'removeTourFlag'] } },
    },
    ready: {
      tags: ['status.ready'],
      entry: 'prepareSteps',
      invoke: { id: 'page', src: 'pageWatcher' },
      after: { anchorWait: { actions: 'tellPageWaited' } },
      on: {
        SESSION: { actions: ['assignSession', 'prepareSteps'] },
        MOUNTED: 'running',
        STOP: { target: 'idle', actions: ['recordStop', 'forgetProgress', 'removeTourFlag'] },
      },
    },
    running: {
      tags: ['status.running'],
      entry: 'rememberFocus',
      exit: 'returnFocus',
      initial: 'resolve',
      on: {
        STOP: { target: 'paused', actions: 'recordStop' },
        SKIP: { target: 'skipped', actions: 'recordSkip' },
        SESSION: { guard: 'sessionChanged', target: 'paused', actions: ['assignSession', 'recordStop'] },
      },
      states: {
        resolve: {
          always: [
            { guard: 'resumeAtSkipCard', target: 'card.skip', actions: 'clearResume' },
            { guard: 'resumeAtCompletionSignedIn', target: 'card.completeSignedIn', actions: 'clearResume' },
            { guard: 'resumeAtCompletion', target: 'card.completeAnonymous', actions: 'clearResume' },
            { target: 'step', actions: 'clearResume' },
          ],
        },
        step: {
          tags: ['step'],
          initial: 'init',
          states: {
            init: {
              tags: ['lifecycle.init'],
              invoke: {
                id: 'target',
                src: 'targetWatcher',
                input: currentTarget,
              },
              after: { targetWait: { actions: 'tellTargetWaited' } },
              on: {
                'TARGET_FOUND': 'ready',
                'TARGET_UNAVAILABLE': [
                  {
                    guard: 'canMoveInDirection',
                    target: '#tour.running.step',
                    reenter: true,
                    actions: ['recordUnavailableTarget', 'logUnavailableTarget', 'moveInDirection'],
                  },
                  {
                    guard: 'travellingBack',
                    target: '#tour.running.step',
                    reenter: true,
                    actions: ['recordUnavailableTarget', 'logUnavailableTarget', 'turnForward'],
                  },
                  {
                    guard: 'shownAnySignedIn',
                    target: '#tour.running.card.completeSignedIn',
                    actions: ['recordUnavailableTarget', 'logUnavailableTarget'],
                  },
                  {
                    guard: 'shownAny',
                    target: '#tour.running.card.completeAnonymous',
                    actions: ['recordUnavailableTarget', 'logUnavailableTarget'],
                  },
                  { target: '#tour.error', actions: ['recordUnavailableTarget', 'logUnavailableTarget'] },
                ],
              },
            },
            ready: {
              tags: ['lifecycle.ready'],
              entry: { type: 'bringTargetIntoView', params: currentTarget },
              invoke: { id: 'layout', src: 'waitForLayout' },
              on: {
                POSITIONED: [{ guard: 'beaconFirst', target: 'beacon' }, { target: 'tooltip' }],
                UPDATE: { target: 'init', actions: 'recordUpdate' },
              },
            },
            beacon: {
              tags: ['lifecycle.beacon'],
              invoke: {
                id: 'spotlight',
                src: 'followTarget',
                input: currentTarget,
              },
              on: {
                OPEN: { target: 'tooltip', actions: 'openFromBeacon' },
                UPDATE: { target: 'init', actions: 'recordUpdate' },
              },
            },
            tooltip: {
              tags: ['lifecycle.tooltip', 'open'],
              entry: [
                'markShown',
                { type: 'saveProgress', params: stepToSave },
                'attachTooltip',
                'openTooltip',
                'attachCloseHint',
              ],
              exit: ['closeTooltip', 'closeCloseHint'],
              invoke: [
                {
                  id: 'spotlight',
                  src: 'followTarget',
                  input: currentTarget,
                },
                {
                  id: 'placement',
                  src: 'placeTooltip',
                  input: currentTarget,
                },
                { id: 'escape', src: 'escapeKey' },
                { id: 'focus', src: 'focusDialog', input: stepDialog },
              ],
              on: {
                'TOOLTIP_POSITIONED': { actions: 'showTooltip' },
                NEXT: { target: 'complete', actions: 'recordNext' },
                PREV: { guard: 'hasPrevious', target: 'complete', actions: 'recordPrev' },
                GO: { target: 'complete', actions: 'recordGo' },
                CLOSE: { target: '#tour.running.card.skip', actions: 'rememberStep' },
                UPDATE: { target: 'init', actions: ['recordUpdate', 'loseTooltipTarget'] },
              },
            },
            complete: {
              tags: ['lifecycle.complete'],
              always: [
                {
                  guard: 'movingOnWithMoreSteps',
                  target: '#tour.running.step',
                  reenter: true,
                  actions: 'advance',
                },
                { guard: 'finishingSignedIn', target: '#tour.running.card.completeSignedIn' },
                { guard: 'finishing', target: '#tour.running.card.completeAnonymous' },
                { guard: 'goingBack', target: '#tour.running.step', reenter: true, actions: 'retreat' },
                { target: '#tour.running.step', reenter: true },
              ],
            },
          },
        },
        card: {
          tags: ['card', 'open'],
          // Cards are centred: nothing to place, the tooltip shows at once.
          entry: ['attachTooltip', 'openTooltip', 'showTooltip'],
          exit: 'closeTooltip',
          invoke: [
            { id: 'escape', src: 'escapeKey' },
            { id: 'focus', src: 'focusDialog', input: { part: 'card' } },
          ],
          initial: 'skip',
          states: {
            completeAnonymous: {
              tags: ['card.complete-anonymous'],
              entry: { type: 'saveProgress', params: completionToSave },
              on: COMPLETION_CARD_EVENTS,
            },
            completeSignedIn: {
              tags: ['card.complete-signed-in'],
              entry: { type: 'saveProgress', params: completionToSave },
              on: COMPLETION_CARD_EVENTS,
            },
            skip: {
              tags: ['card.skip'],
              entry: { type: 'saveProgress', params: skipCardToSave },
              on: {
                GO: { target: '#tour.running.step', actions: 'returnToStep' },
                CLOSE: { target: '#tour.running.step', actions: 'returnToStep' },
              },
            },
          },
        },
      },
    },
    paused: {
      tags: ['status.paused'],
      entry: ['forgetProgress', 'removeTourFlag'],
      on: { START: { target: 'waiting', actions: 'resumeRun' } },
    },
    skipped: {
      tags: ['status.skipped'],
      entry: ['resetPosition', 'forgetProgress', 'removeTourFlag'],
      on: { START: { target: 'waiting', actions: 'beginRun' } },
    },
    finished: {
      tags: ['status.finished'],
      entry: ['resetPosition', 'forgetProgress', 'removeTourFlag'],
      on: { START: { target: 'waiting', actions: 'beginRun' } },
    },
    error: {
      tags: ['status.error'],
      entry: ['resetPosition', 'forgetProgress', 'removeTourFlag'],
      on: { START: { target: 'waiting', actions: 'beginRun' } },
    },
  },
});
