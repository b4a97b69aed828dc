import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { scrollRevealMachine } from '../../machines/scroll-reveal/scrollReveal.machine';
import { describePaths } from './harness';

const events = [
  { type: 'SCROLLED', y: 0 },
  { type: 'SCROLLED', y: 249 },
  { type: 'SCROLLED', y: 250 },
  { type: 'HERO_MEASURED', height: null },
  { type: 'HERO_MEASURED', height: 320 },
] as unknown as EventObject[];

describePaths('scrollReveal', scrollRevealMachine, {
  input: { heroHeight: 320 },
  events,
  states: {
    'scrollReveal.shown': (s) => {
      expect(s.hasTag('shown')).toBe(true);
      if (s.context.heroHeight !== null)
        expect(s.context.y).toBeGreaterThanOrEqual(s.context.heroHeight - 70);
    },
    'scrollReveal.hidden': (s) => {
      expect(s.hasTag('shown')).toBe(false);
      expect(s.context.y).toBeLessThan(s.context.heroHeight! - 70);
    },
  },
});
