/**
 * A floating tooltip's life (react-floater's statuses: init, idle, opening, open, closing, error). The tour's step
 * tooltip is a child of the tour, which opens it programmatically (OPEN, then POSITIONED once its `placeTooltip`
 * actor has placed it); a hover-triggered hint opens after the named delay `hoverDelay` (0.4 s by default — the
 * skip-confirmation hover delay of spec §4). A target lost while the tooltip shows or fades out is an error until
 * the tooltip is attached again. A tooltip whose target is its own element (input `attached`) starts attached.
 * While the floating element is on the page (opening, open, closing) the `place` actor runs: the app provides the
 * one that places it (@floating-ui) and answers POSITIONED once it is placed; the default places nothing.
 */
import { assertEvent, assign, fromCallback, setup, type EventObject } from 'xstate';
import type { TooltipContext, TooltipEvent, TooltipInput, TooltipTag } from './tooltip.types';

/** Default hover delay in ms (spec §4, §9: 0.4 s). */
export const HOVER_DELAY = 400;
/** How long the closing fade lasts in ms. */
export const CLOSE_DURATION = 150;

export const tooltipMachine = setup({
  types: {
    input: {} as TooltipInput,
    context: {} as TooltipContext,
    events: {} as TooltipEvent,
    tags: {} as TooltipTag,
  },
  actors: {
    // No-op here (node, tests, the tour, whose step tooltip the tour places); the app provides the placement.
    place: fromCallback<EventObject>(() => () => undefined),
  },
  delays: {
    hoverDelay: ({ context }) => context.hoverDelay,
    closeDuration: CLOSE_DURATION,
  },
  guards: {
    openedByHover: ({ context }) => context.trigger === 'hover',
    openedProgrammatically: ({ context }) => context.trigger === 'programmatic',
    attachedAtStart: ({ context }) => context.attached,
  },
  actions: {
    setTrigger: assign({
      trigger: ({ event }) => {
        assertEvent(event, ['OPEN', 'HOVER_START']);
        return event.type === 'HOVER_START' ? ('hover' as const) : ('programmatic' as const);
      },
    }),
  },
}).createMachine({
  id: 'tooltip',
  context: ({ input }) => ({
    hoverDelay: input?.hoverDelay ?? HOVER_DELAY,
    trigger: 'programmatic',
    attached: input?.attached ?? false,
  }),
  initial: 'init',
  states: {
    init: {
      tags: ['status.init'],
      always: { guard: 'attachedAtStart', target: 'idle' },
      on: { ATTACH: 'idle', TARGET_LOST: 'error' },
    },
    idle: {
      tags: ['status.idle'],
      on: {
        OPEN: { target: 'opening', actions: 'setTrigger' },
        HOVER_START: { target: 'opening', actions: 'setTrigger' },
        TARGET_LOST: 'error',
      },
    },
    opening: {
      tags: ['status.opening', 'mounted'],
      invoke: { id: 'place', src: 'place' },
      after: { hoverDelay: { guard: 'openedByHover', target: 'open' } },
      on: {
        POSITIONED: { guard: 'openedProgrammatically', target: 'open' },
        HOVER_END: { guard: 'openedByHover', target: 'idle' },
        CLOSE: 'idle',
        TARGET_LOST: 'error',
      },
    },
    open: {
      tags: ['status.open', 'mounted', 'visible'],
      invoke: { id: 'place', src: 'place' },
      on: {
        CLOSE: 'closing',
        HOVER_END: { guard: 'openedByHover', target: 'closing' },
        TARGET_LOST: 'error',
      },
    },
    closing: {
      tags: ['status.closing', 'mounted'],
      invoke: { id: 'place', src: 'place' },
      after: { closeDuration: 'idle' },
      on: {
        OPEN: { target: 'opening', actions: 'setTrigger' },
        HOVER_START: { target: 'opening', actions: 'setTrigger' },
        TARGET_LOST: 'error',
      },
    },
    error: {
      tags: ['status.error'],
      on: { ATTACH: 'idle' },
    },
  },
});
