import { assertEvent, assign, fromCallback, setup } from 'xstate';

/** Default hero height; the header search appears at hero height − 70 px (spec §9). */
export const DEFAULT_HERO_HEIGHT = 320;
export const REVEAL_OFFSET = 70;

export type ScrollRevealEvent =
  { type: 'SCROLLED'; y: number } | { type: 'HERO_MEASURED'; height: number | null };

/**
 * Whether the header search box shows. On pages without a hero (`heroHeight` null) it always shows; on the home
 * layout it appears once the page is scrolled to hero height − 70 px or further (spec §2 'Header', §9).
 * While there is a hero, `pageWatcher` runs: the app provides the window's scroll and resize listeners, which send
 * SCROLLED and HERO_MEASURED (both on its first frame, then on every scroll and resize). `routeWatcher` runs always:
 * the app provides the browser's address listener, which reports a route change as HERO_MEASURED (the default height
 * when the new page has a hero, null when it has none).
 */
export const scrollRevealMachine = setup({
  types: {
    input: {} as { heroHeight: number | null; y?: number },
    context: {} as { heroHeight: number | null; y: number },
    events: {} as ScrollRevealEvent,
    tags: {} as 'shown',
  },
  actors: {
    // No-op here (node, tests, the visualizer); the header provides the window listeners.
    pageWatcher: fromCallback<ScrollRevealEvent>(() => () => undefined),
    routeWatcher: fromCallback<ScrollRevealEvent>(() => () => undefined),
  },
  guards: {
    hasHero: ({ context }) => context.heroHeight !== null,
    measuredHero: ({ event }) => {
      assertEvent(event, 'HERO_MEASURED');
      return event.height !== null;
    },
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
  invoke: { id: 'routeWatcher', src: 'routeWatcher' },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasHero', target: 'hero' }, { target: 'noHero' }],
    },
    noHero: {
      tags: ['shown'],
      on: { HERO_MEASURED: { guard: 'measuredHero', target: 'hero', actions: 'setHeroHeight' } },
    },
    hero: {
      invoke: { id: 'pageWatcher', src: 'pageWatcher' },
      initial: 'checking',
      on: {
        SCROLLED: { target: '.checking', actions: 'setScroll' },
        HERO_MEASURED: [
          { guard: 'measuredHero', target: '.checking', actions: 'setHeroHeight' },
          { target: 'noHero', actions: 'setHeroHeight' },
        ],
      },
      states: {
        checking: {
          always: [{ guard: 'revealed', target: 'shown' }, { target: 'hidden' }],
        },
        hidden: {},
        shown: { tags: ['shown'] },
      },
    },
  },
});
