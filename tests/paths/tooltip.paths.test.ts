import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { HOVER_DELAY, tooltipMachine } from '../../machines/tooltip/tooltip.machine';
import { describePaths } from './harness';

const visible = (s: AnyMachineSnapshot) => s.hasTag('visible');

describePaths('tooltip', tooltipMachine, {
  input: {},
  events: [
    { type: 'ATTACH' },
    { type: 'OPEN' },
    { type: 'CLOSE' },
    { type: 'HOVER_START' },
    { type: 'HOVER_END' },
    { type: 'POSITIONED' },
    { type: 'TARGET_LOST' },
    // The named delays, as the clock would deliver them.
    { type: 'xstate.after.hoverDelay.tooltip.opening' },
    { type: 'xstate.after.closeDuration.tooltip.closing' },
  ],
  states: {
    'tooltip.init': (s) => expect(visible(s)).toBe(false),
    'tooltip.idle': (s) => expect(s.hasTag('mounted')).toBe(false),
    'tooltip.opening': (s) => {
      expect(s.hasTag('mounted')).toBe(true);
      expect(visible(s)).toBe(false);
    },
    'tooltip.open': (s) => expect(visible(s)).toBe(true),
    'tooltip.closing': (s) => expect(visible(s)).toBe(false),
    'tooltip.error': (s) => expect(s.hasTag('mounted')).toBe(false),
  },
});

describe('tooltip hover delay', () => {
  it('a hover-triggered tooltip opens only after 0.4 s', () => {
    expect(HOVER_DELAY).toBe(400);
    const clock = new SimulatedClock();
    const actor = createActor(tooltipMachine, { input: {}, clock }).start();
    actor.send({ type: 'ATTACH' });
    actor.send({ type: 'HOVER_START' });
    clock.increment(399);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    actor.send({ type: 'HOVER_END' });
    expect(actor.getSnapshot().hasTag('status.closing')).toBe(true);
  });

  it('leaving before the delay cancels the opening', () => {
    const clock = new SimulatedClock();
    const actor = createActor(tooltipMachine, { input: {}, clock }).start();
    actor.send({ type: 'ATTACH' });
    actor.send({ type: 'HOVER_START' });
    clock.increment(200);
    actor.send({ type: 'HOVER_END' });
    clock.increment(400);
    expect(actor.getSnapshot().hasTag('status.idle')).toBe(true);
  });
});
