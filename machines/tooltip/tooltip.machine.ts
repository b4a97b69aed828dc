/**
 * A floating tooltip's life (react-floater's statuses: init, idle, opening, open, closing, error), positioned
 * by @floating-ui outside the machine. The tour's step tooltip is a child of the tour, which opens it
 * programmatically (OPEN, then POSITIONED once its `placeTooltip` actor has placed it); a hover-triggered hint
 * opens after the named delay `hoverDelay` (0.4 s by default — the skip-confirmation hover delay of spec §4).
 * A target lost while the tooltip shows or fades out is an error until the tooltip is attached again.
 */
import { assertEvent, assign, setup } from 'xstate';

/** Default hover delay in ms (spec §4, §9: 0.4 s). */
export const HOVER_DELAY = 400;
/** How long the closing fade lasts in ms. */
export const CLOSE_DURATION = 150;

export type TooltipInput = { hoverDelay?: number };
export type TooltipContext = { hoverDelay: number; trigger: 'hover' | 'programmatic' };
export type TooltipEvent =
  | { type: 'ATTACH' }
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'HOVER_START' }
  | { type: 'HOVER_END' }
  | { type: 'POSITIONED' }
  | { type: 'TARGET_LOST' };
/** react-floater's status as `status.<name>`; `mounted` while the floating element is in the DOM, `visible` when shown. */
export type TooltipStatus = 'init' | 'idle' | 'opening' | 'open' | 'closing' | 'error';
export type TooltipTag = `status.${TooltipStatus}` | 'mounted' | 'visible';

export const tooltipMachine = setup({
  types: {
    input: {} as TooltipInput,
    context: {} as TooltipContext,
    events: {} as TooltipEvent,
    tags: {} as TooltipTag,
  },
  delays: {
    hoverDelay: ({ context }) => context.hoverDelay,
    closeDuration: CLOSE_DURATION,
  },
  guards: {
    openedByHover: ({ context }) => context.trigger === 'hover',
    openedProgrammatically: ({ context }) => context.trigger === 'programmatic',
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
  context: ({ input }) => ({ hoverDelay: input?.hoverDelay ?? HOVER_DELAY, trigger: 'programmatic' }),
  initial: 'init',
  states: {
    init: {
      tags: ['status.init'],
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
      on: {
        CLOSE: 'closing',
        HOVER_END: { guard: 'openedByHover', target: 'closing' },
        TARGET_LOST: 'error',
      },
    },
    closing: {
      tags: ['status.closing', 'mounted'],
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
