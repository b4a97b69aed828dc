import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { connect, type TourSnapshot } from '../../machines/tour/tour.connect';
import { tourMachine } from '../../machines/tour/tour.machine';
import type { TourEvent } from '../../machines/tour/tour.types';
import { describePaths } from './harness';

const view = (s: AnyMachineSnapshot) => connect(s as TourSnapshot, () => undefined);

const events: TourEvent[] = [
  { type: 'START' },
  { type: 'START', resume: { stepId: 'trending' } },
  { type: 'START', resume: { stepId: 'search', card: 'skip' } },
  { type: 'START', resume: { stepId: 'in-the-works', card: 'complete' } },
  { type: 'STOP' },
  { type: 'RESET' },
  { type: 'MOUNTED' },
  { type: 'SESSION', signedIn: true },
  { type: 'SESSION', signedIn: false },
  { type: 'TARGET.FOUND' },
  { type: 'TARGET.UNAVAILABLE', problem: 'not-mounted' },
  { type: 'TARGET.UNAVAILABLE', problem: 'not-visible' },
  { type: 'POSITIONED' },
  { type: 'OPEN' },
  { type: 'NEXT' },
  { type: 'PREV' },
  { type: 'GO', index: 0 },
  { type: 'GO', index: 2 },
  { type: 'CLOSE' },
  { type: 'SKIP' },
  { type: 'UPDATE' },
];

// What tells two resting snapshots apart for the traversal (the last action only matters in transient states).
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as TourSnapshot).context;
  return JSON.stringify([
    s.value,
    c.signedIn,
    c.index,
    c.direction,
    c.anyShown,
    c.beacon,
    c.returnIndex,
    c.resume?.card ?? null,
    c.steps.length,
  ]);
};

const states: Record<string, (s: AnyMachineSnapshot) => void> = {
  'tour.idle': (s) => expect(view(s).isOpen).toBe(false),
  'tour.waiting': (s) => {
    expect(s.context.signedIn).toBeNull();
    expect(view(s).isOpen).toBe(false);
  },
  'tour.ready': (s) => expect(view(s).needsMount).toBe(true),
  'tour.running.step.init': (s) => expect(view(s).needsTarget).toBe(true),
  'tour.running.step.ready': (s) => expect(view(s).needsPositioning).toBe(true),
  'tour.running.step.beacon': (s) => {
    expect(view(s).showBeacon).toBe(true);
    expect(view(s).isOpen).toBe(false);
  },
  'tour.running.step.tooltip': (s) => {
    const v = view(s);
    const total = s.context.signedIn ? 7 : 6;
    expect(v.isStepTooltip).toBe(true);
    expect(v.progressText).toBe(`${s.context.index + 1} of ${total}`);
    expect(v.step?.id).toBe(s.context.steps[s.context.index]);
    if (!s.context.signedIn) expect(v.step?.title).not.toBe('Your account');
    expect(v.canGoBack).toBe(s.context.index > 0);
  },
  'tour.running.card.completeAnonymous': (s) => {
    expect(s.context.signedIn).toBe(false);
    expect(view(s).card?.primary).toBe('Create an account');
  },
  'tour.running.card.completeSignedIn': (s) => {
    expect(s.context.signedIn).toBe(true);
    expect(view(s).card?.id).toBe('complete-signed-in');
  },
  'tour.running.card.skip': (s) => {
    const v = view(s);
    expect(v.card?.title).toBe('Do you want to skip?');
    expect([v.card?.primary, v.card?.secondary]).toEqual(['Yes, skip', 'No, maybe later']);
    expect(v.card?.text).toContain('Account Settings > Guided Tour > Get Started');
    expect(s.context.returnIndex).not.toBeNull();
  },
  'tour.paused': (s) => expect(view(s).isOpen).toBe(false),
  'tour.skipped': (s) => {
    expect(view(s).isOpen).toBe(false);
    expect(s.context.index).toBe(0);
  },
  'tour.finished': (s) => {
    expect(view(s).isOpen).toBe(false);
    expect(s.context.index).toBe(0);
  },
  'tour.error': (s) => {
    expect(view(s).isOpen).toBe(false);
    expect(s.context.lastProblem).not.toBeNull();
  },
};

vi.spyOn(console, 'warn').mockImplementation(() => undefined);

for (const signedIn of [false, true, null]) {
  describePaths('tour', tourMachine, {
    input: { signedIn },
    events: events as EventObject[],
    serializeState,
    limit: 50_000,
    states,
  });
}

/** Explicit journeys, readable on their own. */
function run(signedIn: boolean | null, sequence: TourEvent[]) {
  const actor = createActor(tourMachine, { input: { signedIn } }).start();
  for (const e of sequence) actor.send(e);
  return actor;
}
const show: TourEvent[] = [{ type: 'TARGET.FOUND' }, { type: 'POSITIONED' }];
const missing: TourEvent = { type: 'TARGET.UNAVAILABLE', problem: 'not-mounted' };
const hidden: TourEvent = { type: 'TARGET.UNAVAILABLE', problem: 'not-visible' };

describe('tour journeys', () => {
  it('an anonymous tour has 6 steps, then the sign-up card', () => {
    const a = run(false, [{ type: 'START' }, { type: 'MOUNTED' }, ...show]);
    expect(view(a.getSnapshot()).progressText).toBe('1 of 6');
    expect(view(a.getSnapshot()).step?.title).toBe('Search for projects');
    for (let i = 0; i < 5; i++) [{ type: 'NEXT' } as TourEvent, ...show].forEach((e) => a.send(e));
    expect(view(a.getSnapshot()).progressText).toBe('6 of 6');
    a.send({ type: 'NEXT' });
    expect(view(a.getSnapshot()).cardId).toBe('complete-anonymous');
  });

  it('a signed-in tour has 7 steps, then its own card', () => {
    const a = run(true, [{ type: 'START' }, { type: 'MOUNTED' }, ...show]);
    expect(view(a.getSnapshot()).progressText).toBe('1 of 7');
    expect(view(a.getSnapshot()).step?.title).toBe('Your account');
    for (let i = 0; i < 6; i++) [{ type: 'NEXT' } as TourEvent, ...show].forEach((e) => a.send(e));
    a.send({ type: 'NEXT' });
    expect(view(a.getSnapshot()).cardId).toBe('complete-signed-in');
  });

  it('skips a missing target forward and a hidden one backward, logging why', () => {
    const warn = vi.mocked(console.warn);
    warn.mockClear();
    const a = run(true, [{ type: 'START' }, { type: 'MOUNTED' }, ...show, { type: 'NEXT' }, missing]);
    expect(warn).toHaveBeenCalledWith('Target not mounted', '[data-tour="search"]');
    [...show].forEach((e) => a.send(e));
    expect(view(a.getSnapshot()).step?.id).toBe('alerts');
    a.send({ type: 'PREV' });
    a.send(hidden);
    expect(warn).toHaveBeenCalledWith('Target not visible', '[data-tour="search"]');
    [...show].forEach((e) => a.send(e));
    expect(view(a.getSnapshot()).step?.id).toBe('account');
  });

  it('close goes to the skip card and No, maybe later returns to the same step', () => {
    const a = run(false, [{ type: 'START' }, { type: 'MOUNTED' }, ...show, { type: 'NEXT' }, ...show]);
    a.send({ type: 'CLOSE' });
    const v = view(a.getSnapshot());
    expect(v.cardId).toBe('skip');
    v.getStayButtonProps().onClick();
    expect(a.getSnapshot().context.index).toBe(1);
    [...show].forEach((e) => a.send(e));
    expect(view(a.getSnapshot()).progressText).toBe('2 of 6');
  });

  it('a session change mid-tour stops it', () => {
    const a = run(false, [{ type: 'START' }, { type: 'MOUNTED' }, ...show, { type: 'SESSION', signedIn: true }]);
    expect(view(a.getSnapshot()).status).toBe('paused');
    expect(view(a.getSnapshot()).isOpen).toBe(false);
  });
});
