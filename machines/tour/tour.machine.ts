/**
 * The home guided tour (spec §2 'Home guided tour', §4 'Guided tour').
 *
 * Top-level states are react-joyride's statuses (idle, waiting, ready, running, paused, skipped, finished,
 * error); inside `running.step` the child states are a step's lifecycle (init, ready, beacon, tooltip,
 * complete). `context.action` records the last joyride action (start, stop, reset, prev, next, go, close,
 * skip, update).
 *
 * The page is outside the machine: the Tour component looks the current target up (tour.dom.ts) and answers
 * TARGET.FOUND or TARGET.UNAVAILABLE, reports MOUNTED once the layer is on the page and POSITIONED once the
 * target is scrolled into view; the session arrives as SESSION events.
 */
import { assertEvent, assign, setup } from 'xstate';
import { forgetTour, problemMessage, removeTourFlag, saveTour, targetSelector } from './tour.dom';
import { stepsFor } from './tour.steps';
import type { SavedTour, TourContext, TourEvent, TourInput, TourTag } from './tour.types';

const lastIndex = (context: TourContext) => context.steps.length - 1;

export const tourMachine = setup({
  types: {
    input: {} as TourInput,
    context: {} as TourContext,
    events: {} as TourEvent,
    tags: {} as TourTag,
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
      assertEvent(event, 'TARGET.UNAVAILABLE');
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
    saveStep: ({ context }) => {
      const stepId = context.steps[context.index];
      if (stepId) saveTour({ stepId });
    },
    saveSkipCard: ({ context }) => {
      const stepId = context.steps[context.returnIndex ?? context.index];
      if (stepId) saveTour({ stepId, card: 'skip' });
    },
    saveCompletion: ({ context }) => {
      const stepId = context.steps[lastIndex(context)];
      if (stepId) saveTour({ stepId, card: 'complete' } satisfies SavedTour);
    },
    forgetProgress: () => forgetTour(),
    removeTourFlag: () => removeTourFlag(),
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
  }),
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
      on: {
        SESSION: { actions: ['assignSession', 'prepareSteps'] },
        MOUNTED: 'running',
        STOP: { target: 'idle', actions: ['recordStop', 'forgetProgress', 'removeTourFlag'] },
      },
    },
    running: {
      tags: ['status.running'],
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
              on: {
                'TARGET.FOUND': 'ready',
                'TARGET.UNAVAILABLE': [
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
              on: {
                POSITIONED: [{ guard: 'beaconFirst', target: 'beacon' }, { target: 'tooltip' }],
                UPDATE: { target: 'init', actions: 'recordUpdate' },
              },
            },
            beacon: {
              tags: ['lifecycle.beacon'],
              on: {
                OPEN: { target: 'tooltip', actions: 'openFromBeacon' },
                UPDATE: { target: 'init', actions: 'recordUpdate' },
              },
            },
            tooltip: {
              tags: ['lifecycle.tooltip', 'open'],
              entry: ['markShown', 'saveStep'],
              on: {
                NEXT: { target: 'complete', actions: 'recordNext' },
                PREV: { guard: 'hasPrevious', target: 'complete', actions: 'recordPrev' },
                GO: { target: 'complete', actions: 'recordGo' },
                CLOSE: { target: '#tour.running.card.skip', actions: 'rememberStep' },
                UPDATE: { target: 'init', actions: 'recordUpdate' },
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
          initial: 'skip',
          states: {
            completeAnonymous: {
              tags: ['card.complete-anonymous'],
              entry: 'saveCompletion',
              on: {
                NEXT: { target: '#tour.finished', actions: 'recordNext' },
                CLOSE: { target: '#tour.finished', actions: 'finishWithClose' },
                PREV: { target: '#tour.running.step', actions: 'backFromCompletion' },
              },
            },
            completeSignedIn: {
              tags: ['card.complete-signed-in'],
              entry: 'saveCompletion',
              on: {
                NEXT: { target: '#tour.finished', actions: 'recordNext' },
                CLOSE: { target: '#tour.finished', actions: 'finishWithClose' },
                PREV: { target: '#tour.running.step', actions: 'backFromCompletion' },
              },
            },
            skip: {
              tags: ['card.skip'],
              entry: 'saveSkipCard',
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
