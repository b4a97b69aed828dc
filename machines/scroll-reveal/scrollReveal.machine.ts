import { assertEvent, assign, setup } from 'xstate';

/** Default hero height; the header search appears at hero height − 70 px (spec §9). */
export const DEFAULT_HERO_HEIGHT = 320;
export const REVEAL_OFFSET = 70;

/**
 * Whether the header search box shows. On pages without a hero (`heroHeight` null) it always shows; on the home
 * layout it appears once the page is scrolled to hero height − 70 px or further (spec §2 'Header', §9).
 */
export const scrollRevealMachine = setup({
  types: {
    input: {} as { heroHeight: number | null; y?: number },
    context: {} as { heroHeight: number | null; y: number },
    events: {} as { type: 'SCROLLED'; y: number } | { type: 'HERO_MEASURED'; height: number | null },
  },
  guards: {
    revealed: ({ context }) => context.heroHeight === null || context.y >= context.heroHeight - REVEAL_OFFSET,
  },
  actions: {
    setScroll: assign(({ event }) => {
      assertEvent(event, 'SCROLLED');
      return { y: event.y };
    }),
    setHeroHeight: assign(({ event }) => {
      assertEvent(event, 'HERO_MEASURED');
      return { heroHeight: event.height };
    }),
  },
}).createMachine({
  id: 'scrollReveal',
  context: ({ input }) => ({ heroHeight: input.heroHeight, y: input.y ?? 0 }),
  initial: 'checking',
  on: {
    SCROLLED: { target: '.checking', actions: 'setScroll' },
    HERO_MEASURED: { target: '.checking', actions: 'setHeroHeight' },
  },
  states: {
    checking: {
      always: [{ guard: 'revealed', target: 'shown' }, { target: 'hidden' }],
    },
    hidden: {},
    shown: { tags: ['shown'] },
  },
});
