import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { connectTooltip } from '../../machines/ui/tooltip/tooltip.connect';
import { CLOSE_DURATION, HOVER_DELAY, tooltipMachine } from '../../machines/ui/tooltip/tooltip.machine';
import type { TooltipEvent, TooltipStatus } from '../../machines/ui/tooltip/tooltip.types';
import { describePaths, handlerEvents, type StepEffect } from './harness';

/** The floating element's id, as the component gives it. */
const CONTENT_ID = 'address-tip';
const { send, sends } = handlerEvents<TooltipEvent>();
/** The view the components render (an address's hint, the tour's); its handlers' events go to `send`. */
const view = (s: AnyMachineSnapshot) =>
  connectTooltip(s as Parameters<typeof connectTooltip>[0], send, { content: CONTENT_ID });
/** What the page shows: nothing (not mounted), the floating element in the DOM but hidden, or the tooltip. */
const shown = (s: AnyMachineSnapshot) => {
  const v = view(s);
  return v.visible ? 'visible' : v.mounted ? 'mounted' : ('none' as const);
};
const status = (s: AnyMachineSnapshot) =>
  ['init', 'idle', 'opening', 'open', 'closing', 'error'].filter((t) => s.hasTag(`status.${t}`));
const trigger = (s: AnyMachineSnapshot) => (s.context as { trigger: string }).trigger;

/** The placement (the app's @floating-ui actor) runs while the floating element is on the page. */
const placing = (s: AnyMachineSnapshot) => s.children.place !== undefined;
const isPlacement = ({ type }: { type: string }) =>
  type === 'xstate.spawnChild' || type === 'xstate.stopChild';

/** The timers a step started or cancelled, as 'start <delay name> <ms>' / 'cancel <delay name>'. */
const timers = (step: StepEffect) =>
  step.actions
    .filter((a) => !isPlacement(a))
    .map(({ type, params }) => {
      const p = params as { id?: string; sendId?: string; delay?: number };
      const name = (id = '') => id.split('.')[2];
      if (type === 'xstate.raise') return `start ${name(p.id)} ${p.delay}`;
      if (type === 'xstate.cancel') return `cancel ${name(p.sendId)}`;
      return type;
    });
/**
 * What a step should do to the timers: leaving `opening` or `closing` cancels its timer, entering one starts it
 * (the hover delay is the tooltip's own, the fade lasts CLOSE_DURATION).
 */
function expectedTimers(step: StepEffect) {
  const expected: string[] = [];
  if (step.before.hasTag('status.opening')) expected.push('cancel hoverDelay');
  if (step.before.hasTag('status.closing')) expected.push('cancel closeDuration');
  if (step.after.hasTag('status.opening')) expected.push(`start hoverDelay ${step.after.context.hoverDelay}`);
  if (step.after.hasTag('status.closing')) expected.push(`start closeDuration ${CLOSE_DURATION}`);
  return expected;
}
/**
 * The tooltip's only effects are its timers and its placement, which runs exactly while it is mounted (started
 * again in each of opening, open and closing, so a move re-places it): nothing sent or emitted, no other action.
 */
function expectNoSideEffects(step: StepEffect) {
  // (A placement started shows as its xstate.init.)
  expect(step.sent).toEqual(
    placing(step.after) ? [{ to: 'place', event: { type: 'xstate.init', input: undefined } }] : [],
  );
  expect(step.emitted).toEqual([]);
  expect(timers(step)).toEqual(expectedTimers(step));
  expect(step.after.context.hoverDelay).toBe(step.before.context.hoverDelay);
  expect(step.after.context.attached).toBe(step.before.context.attached);
  expect(placing(step.after)).toBe(step.after.hasTag('mounted'));
  const placements = step.actions.filter(isPlacement).map((a) => a.type);
  expect(placements).toEqual([
    ...(placing(step.before) ? ['xstate.stopChild'] : []),
    ...(placing(step.after) ? ['xstate.spawnChild'] : []),
  ]);
}
/** The step moved the tooltip from what `before` showed to `to`, with status `statusTo`, keeping the trigger. */
function expectMove(step: StepEffect, from: string, to: string, statusTo: string) {
  expectNoSideEffects(step);
  expect(shown(step.before)).toBe(from);
  expect(shown(step.after)).toBe(to);
  expect(status(step.after)).toEqual([statusTo]);
  expect(trigger(step.after)).toBe(trigger(step.before));
}
/** Opening starts (mounted, still hidden), remembering what opened it: hover waits for the delay. */
function expectOpening(step: StepEffect) {
  expectNoSideEffects(step);
  expect(shown(step.after)).toBe('mounted');
  expect(status(step.after)).toEqual(['opening']);
  expect(trigger(step.after)).toBe(step.event.type === 'HOVER_START' ? 'hover' : 'programmatic');
}
/** The target vanished: the tooltip is taken off the page whatever it showed. */
function expectLost(step: StepEffect) {
  expectNoSideEffects(step);
  expect(shown(step.after)).toBe('none');
  expect(status(step.after)).toEqual(['error']);
}

/**
 * The triggers, in any state: hovering and focusing an address's value open its hint, leaving it, blur and Escape
 * close it (another key does nothing); the pointer over the tour's × opens its hint and leaving closes it.
 */
function expectTriggers(s: AnyMachineSnapshot) {
  const trigger = view(s).getTriggerProps();
  expect(
    sends(() => {
      trigger.onMouseEnter();
      trigger.onMouseLeave();
      trigger.onFocus();
      trigger.onBlur();
    }),
  ).toEqual([{ type: 'HOVER_START' }, { type: 'HOVER_END' }, { type: 'OPEN' }, { type: 'CLOSE' }]);
  expect(sends(() => trigger.onKeyDown({ key: 'Enter' }))).toEqual([]);
  expect(sends(() => trigger.onKeyDown({ key: 'Escape' }))).toEqual([{ type: 'CLOSE' }]);
  const hover = view(s).getHoverTriggerProps();
  expect(
    sends(() => {
      hover.onPointerEnter();
      hover.onPointerLeave();
    }),
  ).toEqual([{ type: 'HOVER_START' }, { type: 'HOVER_END' }]);
}
/**
 * The connected view in a state: its status, whether the floating element is on the page and shows; the trigger
 * names the tooltip (aria-describedby) only while it shows; the floating element is a `tooltip` with its id.
 */
function expectView(s: AnyMachineSnapshot, status: TooltipStatus, shows: 'none' | 'mounted' | 'visible') {
  const v = view(s);
  expect(v).toEqual({
    status,
    mounted: shows !== 'none',
    visible: shows === 'visible',
    getTriggerProps: expect.any(Function),
    getHoverTriggerProps: expect.any(Function),
    getContentProps: expect.any(Function),
  });
  const describedBy = shows === 'visible' ? CONTENT_ID : undefined;
  expectTriggerProps(v, describedBy);
  expect(v.getContentProps()).toEqual({ id: CONTENT_ID, role: 'tooltip' });
  expectTriggers(s);
  // A tooltip given no ids (none of ours is) names nothing and has an empty id, whatever it shows.
  const unnamed = connectTooltip(s as Parameters<typeof connectTooltip>[0], send);
  expectTriggerProps(unnamed, undefined);
  expect(unnamed.getContentProps()).toEqual({ id: '', role: 'tooltip' });
}
/** Both triggers' props whole: the name of what they describe and their handlers. */
function expectTriggerProps(v: ReturnType<typeof view>, describedBy: string | undefined) {
  const handler = expect.any(Function);
  expect(v.getTriggerProps()).toEqual({
    'aria-describedby': describedBy,
    onMouseEnter: handler,
    onMouseLeave: handler,
    onFocus: handler,
    onBlur: handler,
    onKeyDown: handler,
  });
  expect(v.getHoverTriggerProps()).toEqual({
    'aria-describedby': describedBy,
    onPointerEnter: handler,
    onPointerLeave: handler,
  });
}

// A tooltip attached later (the tour's) and one whose target is its own element (an address), attached at once.
for (const attached of [false, true])
  describePaths('tooltip', tooltipMachine, {
    input: { attached },
    states: {
      // It starts waiting for its target, or ready at once when the target is its own element.
      'tooltip.init': (s, step) => {
        expect(attached).toBe(false);
        if (step) expect(step.event.type === 'xstate.init' || step.after.hasTag('status.init')).toBe(true);
        expect(shown(s)).toBe('none');
        expectView(s, 'init', 'none');
      },
      'tooltip.idle': (s) => expectView(s, 'idle', 'none'),
      // On the page while it is placed (or the hover delay runs), not shown yet.
      'tooltip.opening': (s) => expectView(s, 'opening', 'mounted'),
      'tooltip.open': (s) => expectView(s, 'open', 'visible'),
      // Fading out: still on the page, no longer described by it.
      'tooltip.closing': (s) => expectView(s, 'closing', 'mounted'),
      'tooltip.error': (s) => expectView(s, 'error', 'none'),
    },
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
    transitions: {
      'tooltip.init|always': (step) => {
        expect(attached).toBe(true);
        expect(step.before.context.attached).toBe(true);
        expectMove(step, 'none', 'none', 'idle');
      },
      'tooltip.init|ATTACH': (step) => expectMove(step, 'none', 'none', 'idle'),
      'tooltip.error|ATTACH': (step) => expectMove(step, 'none', 'none', 'idle'),
      'tooltip.init|TARGET_LOST': expectLost,
      'tooltip.idle|TARGET_LOST': expectLost,
      'tooltip.opening|TARGET_LOST': expectLost,
      'tooltip.open|TARGET_LOST': expectLost,
      'tooltip.closing|TARGET_LOST': expectLost,
      'tooltip.idle|OPEN': expectOpening,
      'tooltip.idle|HOVER_START': expectOpening,
      'tooltip.closing|OPEN': expectOpening,
      'tooltip.closing|HOVER_START': expectOpening,
      // A programmatic tooltip shows once placed; a hover hint shows only after its delay.
      'tooltip.opening|POSITIONED': (step) => {
        expect(trigger(step.before)).toBe('programmatic');
        expectMove(step, 'mounted', 'visible', 'open');
      },
      'tooltip.opening|xstate.after.hoverDelay.tooltip.opening': (step) => {
        expect(trigger(step.before)).toBe('hover');
        expectMove(step, 'mounted', 'visible', 'open');
      },
      // Leaving before the delay, or closing while opening, takes it off the page without a fade.
      'tooltip.opening|HOVER_END': (step) => {
        expect(trigger(step.before)).toBe('hover');
        expectMove(step, 'mounted', 'none', 'idle');
      },
      'tooltip.opening|CLOSE': (step) => expectMove(step, 'mounted', 'none', 'idle'),
      // Closing an open tooltip fades it out (still mounted), then removes it.
      'tooltip.open|CLOSE': (step) => expectMove(step, 'visible', 'mounted', 'closing'),
      'tooltip.open|HOVER_END': (step) => {
        expect(trigger(step.before)).toBe('hover');
        expectMove(step, 'visible', 'mounted', 'closing');
      },
      'tooltip.closing|xstate.after.closeDuration.tooltip.closing': (step) =>
        expectMove(step, 'mounted', 'none', 'idle'),
    },
  });

describe('tooltip view without a tooltip', () => {
  it('shows nothing and names nothing (a tour that is not running has no tooltip child)', () => {
    const connect = () => connectTooltip(undefined, send, { content: CONTENT_ID });
    expect(connect).not.toThrow();
    const v = connect();
    expect(v).toMatchObject({ status: undefined, mounted: false, visible: false });
    expectTriggerProps(v, undefined);
  });
});

describe('tooltip guards', () => {
  it('a programmatic tooltip ignores the hover delay and the pointer leaving', () => {
    const actor = createActor(tooltipMachine, { input: {} }).start();
    actor.send({ type: 'ATTACH' });
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'xstate.after.hoverDelay.tooltip.opening' } as never);
    actor.send({ type: 'HOVER_END' });
    expect(shown(actor.getSnapshot())).toBe('mounted');
    actor.send({ type: 'POSITIONED' });
    actor.send({ type: 'HOVER_END' });
    expect(shown(actor.getSnapshot())).toBe('visible');
  });

  it('a hover hint is not shown early by POSITIONED', () => {
    const actor = createActor(tooltipMachine, { input: {} }).start();
    actor.send({ type: 'ATTACH' });
    actor.send({ type: 'HOVER_START' });
    actor.send({ type: 'POSITIONED' });
    expect(shown(actor.getSnapshot())).toBe('mounted');
  });
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
