import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { connect, type TourSnapshot } from '../../machines/account/tour/tour.connect';
import { tourMachine } from '../../machines/account/tour/tour.machine';
import { TOUR_CARDS, TOUR_STEPS } from '../../machines/account/tour/tour.steps';
import type {
  CardId,
  SavedTour,
  StepId,
  StepLifecycle,
  TourContext,
  TourEvent,
  TourTag,
} from '../../machines/account/tour/tour.types';
import { describePaths, type StepEffect } from './harness';
import { tourStateKey } from './stateKeys';

const view = (s: AnyMachineSnapshot) => connect(s as TourSnapshot, () => undefined);
const ctx = (s: AnyMachineSnapshot) => (s as TourSnapshot).context;

/** The steps each audience is shown, in order (spec §2): anonymous users lose the account step. */
const ANONYMOUS: StepId[] = ['search', 'alerts', 'trending', 'recently-audited', 'filters', 'in-the-works'];
const SIGNED_IN: StepId[] = ['account', ...ANONYMOUS];
const stepsOf = (signedIn: boolean | null) => (signedIn === true ? SIGNED_IN : ANONYMOUS);
const titleOf = (id: StepId) => TOUR_STEPS.find((s) => s.id === id)!.title;
const completionCard = (signedIn: boolean | null): CardId =>
  signedIn === true ? 'complete-signed-in' : 'complete-anonymous';

/*
 * What the tour does to the page outside the view model goes through named actions the app provides (no-ops
 * here): the saved progress (`saveProgress` with what it saves, `forgetProgress`, `removeTourFlag`), the scroll
 * (`bringTargetIntoView`) and the focus (`rememberFocus`, `returnFocus`). The console warnings are spied on; each
 * step's share is taken by the first check that asks for it, and each test starts from an empty log.
 */
type StorageOp = { set: SavedTour } | 'remove';
const warnings: unknown[][] = [];
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  warnings.push(args);
});
beforeEach(() => {
  warnings.length = 0;
});
const taken = new WeakMap<StepEffect, unknown[][]>();
const warned = (step: StepEffect) => {
  let w = taken.get(step);
  if (!w) {
    w = warnings.splice(0);
    taken.set(step, w);
  }
  return w;
};
/** The page actions, checked for every transition by `checked` below. */
const PAGE_ACTIONS = ['bringTargetIntoView', 'rememberFocus', 'returnFocus'];
const actionNames = (step: StepEffect) =>
  step.actions
    .map((a) => a.type)
    .filter((type) => !type.startsWith('xstate.') && !PAGE_ACTIONS.includes(type));
const stored = (step: StepEffect): StorageOp[] =>
  step.actions.flatMap((a): StorageOp[] =>
    a.type === 'saveProgress'
      ? [{ set: a.params as SavedTour }]
      : a.type === 'forgetProgress'
        ? ['remove']
        : [],
  );
/** The storage writes and the named side effects of a step (the page actions aside). */
function expectSideEffects(step: StepEffect, storageOps: StorageOp[], actions: string[]) {
  expect(stored(step)).toEqual(storageOps);
  expect(actionNames(step)).toEqual(actions);
}
const FORGET = ['forgetProgress', 'removeTourFlag'];

/** A step of the tour is current, at `lifecycle`: the right step (id, title, progress) and nothing else. */
function expectOnStep(s: AnyMachineSnapshot, steps: StepId[], index: number, lifecycle: StepLifecycle) {
  const v = view(s);
  expect(v.status).toBe('running');
  expect(ctx(s).steps).toEqual(steps);
  expect(v.lifecycle).toBe(lifecycle);
  expect(ctx(s).index).toBe(index);
  expect(v.step?.id).toBe(steps[index]);
  expect(v.step?.title).toBe(titleOf(steps[index]!));
  expect(v.isCard).toBe(false);
  expect(v.isOpen).toBe(lifecycle === 'tooltip');
  expect(v.isStepTooltip).toBe(lifecycle === 'tooltip');
  expect(v.needsTarget).toBe(lifecycle === 'init');
  expect(v.needsPositioning).toBe(lifecycle === 'ready');
  expect(v.showBeacon).toBe(lifecycle === 'beacon');
  expect(v.progressText).toBe(`${index + 1} of ${steps.length}`);
}
/** A card is shown (and no step). */
function expectCard(s: AnyMachineSnapshot, id: CardId) {
  const v = view(s);
  expect(v.status).toBe('running');
  expect(v.cardId).toBe(id);
  expect(v.card?.title).toBe(TOUR_CARDS[id].title);
  expect(v.isOpen).toBe(true);
  expect(v.step).toBeNull();
  expect(v.isStepTooltip).toBe(false);
}
/** The tour layer is gone: nothing shown, nothing to look up. */
function expectClosed(s: AnyMachineSnapshot, status: string) {
  const v = view(s);
  expect(v.status).toBe(status);
  expect(v.isOpen).toBe(false);
  expect(v.isRunning).toBe(false);
  expect(v.step).toBeNull();
  expect(v.card).toBeNull();
  expect(v.needsTarget).toBe(false);
}
/** Where START (or a session arriving) should place the tour: the saved step for this audience, else the first. */
function expectPrepared(after: AnyMachineSnapshot, resume: SavedTour | null) {
  const c = ctx(after);
  const steps = stepsOf(c.signedIn);
  const index = resume && steps.includes(resume.stepId) ? steps.indexOf(resume.stepId) : 0;
  expect(view(after).status).toBe('ready');
  expect(view(after).needsMount).toBe(true);
  expect(view(after).isOpen).toBe(false);
  expect(c.steps).toEqual(steps);
  expect(c.index).toBe(index);
  expect(c.returnIndex).toBe(resume?.card === 'skip' ? index : null);
  expect(c.resume).toEqual(resume);
}
/** START: a fresh run (or, from a pause, the same place behind a beacon), waiting for the session if unknown. */
function expectStarted(step: StepEffect) {
  const { before, after } = step;
  const event = step.event as Extract<TourEvent, { type: 'START' }>;
  const fromPause = before.hasTag('status.paused');
  const b = ctx(before);
  const resume = event.resume ?? (fromPause ? { stepId: b.steps[b.index]! } : null);
  const c = ctx(after);
  expect(c.action).toBe('start');
  expect(c.beacon).toBe(fromPause);
  expect(c.anyShown).toBe(false);
  expect(c.direction).toBe('next');
  if (b.signedIn === null) {
    expect(view(after).status).toBe('waiting');
    expect(view(after).isOpen).toBe(false);
    expect(c.resume).toEqual(resume);
  } else expectPrepared(after, resume);
  // Nothing is saved before a step is shown.
  expectSideEffects(step, [], []);
}
function expectStoppedBeforeRunning(step: StepEffect) {
  expectClosed(step.after, 'idle');
  expect(ctx(step.after).action).toBe('stop');
  expectSideEffects(step, ['remove'], FORGET);
}
/** Leaving the run for good: progress forgotten, back at the first step. */
function expectEnded(step: StepEffect, status: string) {
  expectClosed(step.after, status);
  expect(ctx(step.after).index).toBe(0);
  expect(ctx(step.after).resume).toBeNull();
  expectSideEffects(step, ['remove'], FORGET);
}
/** Nothing changes but one message to a page actor (`to EVENT`); nothing is saved. */
const onlyTells = (message: string) => (step: StepEffect) => {
  expect(step.after.value).toEqual(step.before.value);
  expect(ctx(step.after)).toEqual(ctx(step.before));
  expect(messages(step)).toEqual([message]);
  expectSideEffects(step, [], []);
};
/** Ended by the user: the action they took is recorded, then the run ends with `status`. */
const endedBy = (action: string, status: string) => (step: StepEffect) => {
  expect(ctx(step.after).action).toBe(action);
  expectEnded(step, status);
};
/** From a completion card back to the last step, looked up again, travelling backwards; nothing saved. */
function expectBackToLastStep(step: StepEffect) {
  const b = ctx(step.before);
  expectOnStep(step.after, b.steps, b.steps.length - 1, 'init');
  expect(ctx(step.after).direction).toBe('prev');
  expectSideEffects(step, [], []);
}
/** Back to a step's first lifecycle (the target is looked up again), same step, nothing saved. */
function expectUpdated(step: StepEffect) {
  const b = ctx(step.before);
  expectOnStep(step.after, b.steps, b.index, 'init');
  expect(ctx(step.after).action).toBe('update');
  expectSideEffects(step, [], []);
}
/** A completion card replaced the last step; it is saved so a reload shows it again. */
function expectCompletion(step: StepEffect, extraActions: string[] = []) {
  const b = ctx(step.before);
  expectCard(step.after, completionCard(b.signedIn));
  expectSideEffects(
    step,
    [{ set: { stepId: b.steps.at(-1)!, card: 'complete' } }],
    [...extraActions, 'saveProgress'],
  );
}
const clamp = (index: number, steps: StepId[]) => Math.min(Math.max(0, index), steps.length - 1);
const isLast = (s: AnyMachineSnapshot) => ctx(s).index === ctx(s).steps.length - 1;
/** The expected outcome of MOUNTED: where the run resumes. */
function expectResolved(step: StepEffect) {
  const b = ctx(step.before);
  const card = b.resume?.card;
  expect(ctx(step.after).resume).toBeNull();
  if (card === 'skip') {
    expectCard(step.after, 'skip');
    expect(ctx(step.after).returnIndex).toBe(b.index);
    expectSideEffects(step, [{ set: { stepId: b.steps[b.index]!, card: 'skip' } }], ['saveProgress']);
  } else if (card === 'complete') {
    expectCompletion(step);
  } else {
    expectOnStep(step.after, b.steps, b.index, 'init');
    expectSideEffects(step, [], []);
  }
}
type SessionEvent = Extract<TourEvent, { type: 'SESSION' }>;
type GoEvent = Extract<TourEvent, { type: 'GO' }>;

const transitions: Record<string, (step: StepEffect) => void> = {
  // A session update outside a run (or the same session during one) is only remembered.
  'tour|SESSION': (step) => {
    const { before, after } = step;
    const event = step.event as SessionEvent;
    const b = ctx(before);
    // A reloading session (null) keeps the one known before.
    expect(ctx(after).signedIn).toBe(event.signedIn ?? b.signedIn);
    expectSideEffects(step, [], []);
    if (before.hasTag('status.waiting') && event.signedIn !== null) {
      // The session the tour was waiting for: it gets ready with this audience's steps.
      expectPrepared(after, b.resume);
    } else {
      if (before.hasTag('status.running'))
        expect(b.signedIn === null || event.signedIn === null || b.signedIn === event.signedIn).toBe(true);
      expect(after.value).toEqual(before.value);
      expect(ctx(after).steps).toEqual(b.steps);
      expect(ctx(after).index).toBe(b.index);
      expect(view(after).step?.id).toBe(view(before).step?.id);
      expect(view(after).cardId).toBe(view(before).cardId);
    }
  },
  'tour|RESET': (step) => {
    expectClosed(step.after, 'idle');
    expect(ctx(step.after)).toMatchObject({ action: 'reset', index: 0, returnIndex: null, resume: null });
    expectSideEffects(step, ['remove'], FORGET);
  },
  'tour.idle|START': expectStarted,
  'tour.paused|START': expectStarted,
  'tour.skipped|START': expectStarted,
  'tour.finished|START': expectStarted,
  'tour.error|START': expectStarted,
  'tour.waiting|STOP': expectStoppedBeforeRunning,
  'tour.ready|STOP': expectStoppedBeforeRunning,
  // Leaves `waiting` as soon as the session is known, on START or on SESSION.
  'tour.waiting|always': (step) => {
    expect(ctx(step.after).signedIn).not.toBeNull();
    expect(step.event.type === 'START' || step.event.type === 'SESSION').toBe(true);
    if (step.event.type === 'SESSION') expectPrepared(step.after, ctx(step.before).resume);
    else expectStarted(step);
  },
  // The session changed before the layer mounted: the steps are those of the new audience.
  'tour.ready|SESSION': (step) => {
    const event = step.event as SessionEvent;
    expect(ctx(step.after).signedIn).toBe(event.signedIn ?? ctx(step.before).signedIn);
    expectPrepared(step.after, ctx(step.before).resume);
    expectSideEffects(step, [], []);
  },
  'tour.ready|MOUNTED': expectResolved,
  'tour.running.resolve|always|0': (step) => {
    expect(ctx(step.before).resume?.card).toBe('skip');
    expectCard(step.after, 'skip');
    expectResolved(step);
  },
  'tour.running.resolve|always|1': (step) => {
    expect(ctx(step.before)).toMatchObject({ signedIn: true, resume: { card: 'complete' } });
    expectCard(step.after, 'complete-signed-in');
    expectResolved(step);
  },
  'tour.running.resolve|always|2': (step) => {
    expect(ctx(step.before).signedIn).not.toBe(true);
    expect(ctx(step.before).resume?.card).toBe('complete');
    expectCard(step.after, 'complete-anonymous');
    expectResolved(step);
  },
  'tour.running.resolve|always|3': (step) => {
    expect(ctx(step.before).resume?.card).toBeUndefined();
    expect(view(step.after).needsTarget).toBe(true);
    expectResolved(step);
  },
  // The tour stops (unmounted): it can be started again from the same step, but a reload does not resume it.
  'tour.running|STOP': (step) => {
    expectClosed(step.after, 'paused');
    expect(ctx(step.after).index).toBe(ctx(step.before).index);
    expectSideEffects(step, ['remove'], FORGET);
  },
  'tour.running|SKIP': endedBy('skip', 'skipped'),
  // Signing in or out mid-tour stops it (the steps differ per audience).
  'tour.running|SESSION': (step) => {
    const event = step.event as SessionEvent;
    const b = ctx(step.before);
    expect(b.signedIn).not.toBeNull();
    expect(event.signedIn).toBe(!b.signedIn);
    expect(ctx(step.after).signedIn).toBe(event.signedIn);
    expectClosed(step.after, 'paused');
    expect(ctx(step.after).index).toBe(b.index);
    expectSideEffects(step, ['remove'], FORGET);
  },
  'tour.running.step.init|TARGET_FOUND': (step) => {
    const b = ctx(step.before);
    expectOnStep(step.after, b.steps, b.index, 'ready');
    expectSideEffects(step, [], []);
  },
  // A target that cannot be used is logged and skipped in the direction of travel.
  'tour.running.step.init|TARGET_UNAVAILABLE': (step) => {
    const b = ctx(step.before);
    const { problem } = step.event as Extract<TourEvent, { type: 'TARGET_UNAVAILABLE' }>;
    const missing = b.steps[b.index]!;
    expect(warned(step)).toEqual([
      [problem === 'not-mounted' ? 'Target not mounted' : 'Target not visible', `[data-tour="${missing}"]`],
    ]);
    expect(ctx(step.after).lastProblem).toEqual({ stepId: missing, problem });
    const last = b.steps.length - 1;
    if (b.direction === 'prev' && b.index > 0) {
      expectOnStep(step.after, b.steps, b.index - 1, 'init');
      expect(ctx(step.after).direction).toBe('prev');
      expectSideEffects(step, [], ['logUnavailableTarget']);
    } else if (b.index < last) {
      // Moving on, or at the first step going back: forward to the next one.
      expectOnStep(step.after, b.steps, b.index + 1, 'init');
      expect(ctx(step.after).direction).toBe('next');
      expectSideEffects(step, [], ['logUnavailableTarget']);
    } else if (b.anyShown) {
      expectCompletion(step, ['logUnavailableTarget']);
    } else {
      // No step of the run could be shown at all.
      expectClosed(step.after, 'error');
      expect(view(step.after).lastProblem).toEqual({ stepId: missing, problem });
      expect(ctx(step.after).index).toBe(0);
      expectSideEffects(step, ['remove'], ['logUnavailableTarget', ...FORGET]);
    }
  },
  // In view: the tooltip opens and the step is saved, unless a beacon must be clicked first.
  'tour.running.step.ready|POSITIONED': (step) => {
    const b = ctx(step.before);
    const id = b.steps[b.index]!;
    if (b.beacon) {
      expectOnStep(step.after, b.steps, b.index, 'beacon');
      expectSideEffects(step, [], []);
    } else {
      expectOnStep(step.after, b.steps, b.index, 'tooltip');
      expect(ctx(step.after).anyShown).toBe(true);
      expectSideEffects(step, [{ set: { stepId: id } }], ['saveProgress']);
    }
  },
  'tour.running.step.ready|UPDATE': expectUpdated,
  'tour.running.step.beacon|UPDATE': expectUpdated,
  'tour.running.step.tooltip|UPDATE': expectUpdated,
  'tour.running.step.beacon|OPEN': (step) => {
    const b = ctx(step.before);
    expectOnStep(step.after, b.steps, b.index, 'tooltip');
    expect(ctx(step.after).beacon).toBe(false);
    expectSideEffects(step, [{ set: { stepId: b.steps[b.index]! } }], ['saveProgress']);
  },
  'tour.running.step.tooltip|NEXT': (step) => {
    const b = ctx(step.before);
    if (isLast(step.before)) expectCompletion(step);
    else {
      expectOnStep(step.after, b.steps, b.index + 1, 'init');
      expect(ctx(step.after).direction).toBe('next');
      expectSideEffects(step, [], []);
    }
  },
  'tour.running.step.tooltip|PREV': (step) => {
    const b = ctx(step.before);
    expect(view(step.before).canGoBack).toBe(true);
    expectOnStep(step.after, b.steps, b.index - 1, 'init');
    expect(ctx(step.after).direction).toBe('prev');
    expectSideEffects(step, [], []);
  },
  'tour.running.step.tooltip|GO': (step) => {
    const b = ctx(step.before);
    const target = clamp((step.event as GoEvent).index, b.steps);
    expectOnStep(step.after, b.steps, target, 'init');
    expect(ctx(step.after).direction).toBe(target < b.index ? 'prev' : 'next');
    expectSideEffects(step, [], []);
  },
  // Closing a step asks whether to skip, and remembers the step for 'No, maybe later' (also across a reload).
  'tour.running.step.tooltip|CLOSE': (step) => {
    const b = ctx(step.before);
    expectCard(step.after, 'skip');
    expect(ctx(step.after).returnIndex).toBe(b.index);
    expectSideEffects(step, [{ set: { stepId: b.steps[b.index]!, card: 'skip' } }], ['saveProgress']);
  },
  // After a step's NEXT / PREV / GO: where the tour goes.
  'tour.running.step.complete|always|0': (step) => {
    expect(step.event.type).toBe('NEXT');
    expect(isLast(step.before)).toBe(false);
    expect(view(step.after).step?.id).toBe(ctx(step.before).steps[ctx(step.before).index + 1]);
  },
  'tour.running.step.complete|always|1': (step) => {
    expect(step.event.type).toBe('NEXT');
    expect(isLast(step.before)).toBe(true);
    expect(ctx(step.before).signedIn).toBe(true);
    expectCard(step.after, 'complete-signed-in');
  },
  'tour.running.step.complete|always|2': (step) => {
    expect(step.event.type).toBe('NEXT');
    expect(isLast(step.before)).toBe(true);
    expect(ctx(step.before).signedIn).not.toBe(true);
    expectCard(step.after, 'complete-anonymous');
  },
  'tour.running.step.complete|always|3': (step) => {
    expect(step.event.type).toBe('PREV');
    expect(view(step.after).step?.id).toBe(ctx(step.before).steps[ctx(step.before).index - 1]);
  },
  'tour.running.step.complete|always|4': (step) => {
    expect(step.event.type).toBe('GO');
    const b = ctx(step.before);
    expect(view(step.after).step?.id).toBe(b.steps[clamp((step.event as GoEvent).index, b.steps)]);
  },
  'tour.running.card.completeAnonymous|NEXT': endedBy('next', 'finished'),
  'tour.running.card.completeAnonymous|CLOSE': endedBy('close', 'finished'),
  'tour.running.card.completeSignedIn|NEXT': endedBy('next', 'finished'),
  'tour.running.card.completeSignedIn|CLOSE': endedBy('close', 'finished'),
  'tour.running.card.completeAnonymous|PREV': expectBackToLastStep,
  'tour.running.card.completeSignedIn|PREV': expectBackToLastStep,
  // 'No, maybe later' (GO to the remembered step) or Escape (CLOSE): back to a step, nothing saved yet.
  'tour.running.card.skip|GO': (step) => {
    const b = ctx(step.before);
    expectOnStep(step.after, b.steps, clamp((step.event as GoEvent).index, b.steps), 'init');
    expect(ctx(step.after)).toMatchObject({ returnIndex: null, direction: 'next' });
    expectSideEffects(step, [], []);
  },
  'tour.running.card.skip|CLOSE': (step) => {
    const b = ctx(step.before);
    expectOnStep(step.after, b.steps, b.returnIndex ?? 0, 'init');
    expect(ctx(step.after)).toMatchObject({ returnIndex: null, direction: 'next' });
    expectSideEffects(step, [], []);
  },
  // The page actors' waits are over: the watcher is asked to answer at once; nothing else changes.
  'tour.ready|xstate.after.anchorWait.tour.ready': onlyTells('page WAITED'),
  'tour.running.step.init|xstate.after.targetWait.tour.running.step.init': onlyTells('target WAITED'),
  // The step tooltip was placed beside its target: the tooltip child shows it.
  'tour.running.step.tooltip|TOOLTIP_POSITIONED': onlyTells('tooltip POSITIONED'),
};

/*
 * What every transition does beside its own effect, derived from where it left and where it arrived: the children
 * running (the two tooltips always; the page actors of the states it is in, with the current step's anchor), the
 * events sent to them, the timers, the scroll and the focus. Nothing is emitted.
 */
const index = (s: AnyMachineSnapshot) => ctx(s).index;
const anchor = (s: AnyMachineSnapshot) => ctx(s).steps[index(s)];
/** `tag` holds after the step but did not before (or its step changed: the lifecycle starts over). */
const entered = (step: StepEffect, tag: TourTag) =>
  step.after.hasTag(tag) &&
  (!step.before.hasTag(tag) || (tag === 'lifecycle.init' && index(step.before) !== index(step.after)));
const left = (step: StepEffect, tag: TourTag) =>
  step.before.hasTag(tag) &&
  (!step.after.hasTag(tag) || (tag === 'lifecycle.init' && index(step.before) !== index(step.after)));
/** The page actors each state runs, by the state's tag. */
const CHILDREN: [TourTag, string[]][] = [
  ['status.ready', ['page']],
  ['lifecycle.init', ['target']],
  ['lifecycle.ready', ['layout']],
  ['lifecycle.beacon', ['spotlight']],
  ['lifecycle.tooltip', ['spotlight', 'placement', 'escape', 'focus']],
  ['card', ['escape', 'focus']],
];
const messages = (step: StepEffect) =>
  step.sent.filter((m) => m.event.type !== 'xstate.init').map((m) => `${m.to} ${m.event.type}`);
const started = (step: StepEffect) =>
  step.sent
    .filter((m) => m.event.type === 'xstate.init')
    .map((m) => m.to)
    .sort();
const timers = (step: StepEffect) =>
  step.actions.flatMap(({ type, params }) => {
    const p = params as { id?: string; sendId?: string; delay?: number };
    const name = (id = '') => id.split('.')[2];
    if (type === 'xstate.raise' && p.delay !== undefined) return [`start ${name(p.id)} ${p.delay}`];
    if (type === 'xstate.cancel') return [`cancel ${name(p.sendId)}`];
    return [];
  });

function expectPageEffects(step: StepEffect) {
  const { before, after } = step;
  expect(step.emitted).toEqual([]);
  // Children: the tooltips, and the page actors of the states the tour is in, started on entering them.
  const expected = CHILDREN.filter(([tag]) => after.hasTag(tag)).flatMap(([, ids]) => ids);
  expect(Object.keys(after.children).sort()).toEqual(['closeHint', 'tooltip', ...expected].sort());
  const starting = CHILDREN.filter(([tag]) => entered(step, tag)).flatMap(([, ids]) => ids);
  expect(started(step)).toEqual(starting.sort());
  for (const id of ['target', 'spotlight', 'placement'])
    if (after.children[id as never])
      expect((after.children[id as never] as AnyActorRef).getSnapshot().input).toEqual({
        anchor: anchor(after),
      });
  if (after.children.focus)
    expect((after.children.focus as AnyActorRef).getSnapshot().input).toEqual(
      after.hasTag('card') ? { part: 'card' } : { part: 'tooltip', anchor: anchor(after) },
    );
  // Messages to the tooltips: closed when the view leaves, opened (and a card shown at once) when it comes.
  const sent: string[] = [];
  if (left(step, 'lifecycle.tooltip')) sent.push('tooltip CLOSE', 'closeHint CLOSE');
  if (left(step, 'card')) sent.push('tooltip CLOSE');
  if (before.hasTag('lifecycle.tooltip') && step.event.type === 'UPDATE') sent.push('tooltip TARGET_LOST');
  if (step.event.type === 'TOOLTIP_POSITIONED') sent.push('tooltip POSITIONED');
  if (step.event.type.startsWith('xstate.after.')) sent.push(...messages(step)); // checked by the transition
  if (entered(step, 'lifecycle.tooltip')) sent.push('tooltip ATTACH', 'tooltip OPEN', 'closeHint ATTACH');
  if (entered(step, 'card')) sent.push('tooltip ATTACH', 'tooltip OPEN', 'tooltip POSITIONED');
  expect(messages(step)).toEqual(sent);
  // Timers: the watchers' waits run while their state lasts.
  const expectedTimers: string[] = [];
  if (left(step, 'status.ready')) expectedTimers.push('cancel anchorWait');
  if (left(step, 'lifecycle.init')) expectedTimers.push('cancel targetWait');
  if (entered(step, 'status.ready')) expectedTimers.push(`start anchorWait ${ctx(after).anchorWait}`);
  if (entered(step, 'lifecycle.init')) expectedTimers.push(`start targetWait ${ctx(after).targetWait}`);
  expect(timers(step).sort()).toEqual(expectedTimers.sort());
  // Scroll: the target is brought into view when it was found.
  const scrolls = step.actions.filter((a) => a.type === 'bringTargetIntoView').map((a) => a.params);
  expect(scrolls).toEqual(entered(step, 'lifecycle.ready') ? [{ anchor: anchor(after) }] : []);
  // Focus: remembered when the layer comes, given back when it goes.
  const focus = step.actions.filter((a) => a.type.endsWith('Focus')).map((a) => a.type);
  expect(focus).toEqual([
    ...(left(step, 'status.running') ? ['returnFocus'] : []),
    ...(entered(step, 'status.running') ? ['rememberFocus'] : []),
  ]);
}

const checked = Object.fromEntries(
  Object.entries(transitions).map(([key, check]) => [
    key,
    (step: StepEffect) => {
      expectPageEffects(step);
      check(step);
    },
  ]),
);

const events: (TourEvent | EventObject)[] = [
  { type: 'START' },
  { type: 'START', resume: { stepId: 'trending' } },
  { type: 'START', resume: { stepId: 'search', card: 'skip' } },
  { type: 'START', resume: { stepId: 'in-the-works', card: 'complete' } },
  { type: 'STOP' },
  { type: 'RESET' },
  { type: 'MOUNTED' },
  { type: 'SESSION', signedIn: true },
  { type: 'SESSION', signedIn: false },
  { type: 'SESSION', signedIn: null },
  { type: 'TARGET_FOUND' },
  { type: 'TARGET_UNAVAILABLE', problem: 'not-mounted' },
  { type: 'TARGET_UNAVAILABLE', problem: 'not-visible' },
  { type: 'POSITIONED' },
  { type: 'OPEN' },
  { type: 'NEXT' },
  { type: 'PREV' },
  { type: 'GO', index: 0 },
  { type: 'GO', index: 2 },
  { type: 'CLOSE' },
  { type: 'SKIP' },
  { type: 'UPDATE' },
  { type: 'TOOLTIP_POSITIONED' },
  // The named delays, as the clock would deliver them.
  { type: 'xstate.after.anchorWait.tour.ready' },
  { type: 'xstate.after.targetWait.tour.running.step.init' },
];

const states: Record<string, (s: AnyMachineSnapshot) => void> = {
  // The tour waits only while the session is unknown.
  'tour.waiting': (s) => expect(ctx(s).signedIn).toBeNull(),
  'tour.running.step.tooltip': (s) => {
    const v = view(s);
    const c: TourContext = ctx(s);
    const total = c.signedIn ? 7 : 6;
    expect(v.progressText).toBe(`${c.index + 1} of ${total}`);
    expect(v.step?.id).toBe(stepsOf(c.signedIn)[c.index]);
    if (!c.signedIn) expect(v.step?.title).not.toBe('Your account');
    expect(v.canGoBack).toBe(c.index > 0);
    expect(v.getBackButtonProps().disabled).toBe(c.index === 0);
  },
  'tour.running.card.completeAnonymous': (s) => {
    expect(ctx(s).signedIn).toBe(false);
    expect(view(s).card?.primary).toBe('Create an account');
  },
  'tour.running.card.completeSignedIn': (s) => {
    expect(ctx(s).signedIn).toBe(true);
    expect(view(s).card?.text).toBe(
      'You can take it again any time from Account Settings > Guided Tour > Get Started.',
    );
  },
  'tour.running.card.skip': (s) => {
    const v = view(s);
    expect(v.card?.title).toBe('Do you want to skip?');
    expect([v.card?.primary, v.card?.secondary]).toEqual(['Yes, skip', 'No, maybe later']);
    expect(v.card?.text).toContain('Account Settings > Guided Tour > Get Started');
    expect(ctx(s).returnIndex).not.toBeNull();
  },
  'tour.error': (s) => expect(ctx(s).lastProblem).not.toBeNull(),
};

/**
 * What every snapshot shows through the view, read from the state itself (not from the tags the view reads): the
 * status, the lifecycle, the card, the progress, and each control's part, label, state and the event its click
 * sends. Run in every state, with the state's own check above.
 */
const CARD_OF: Record<string, CardId> = {
  completeAnonymous: 'complete-anonymous',
  completeSignedIn: 'complete-signed-in',
  skip: 'skip',
};
function expectControls(s: AnyMachineSnapshot) {
  const sent: TourEvent[] = [];
  const v = connect(s as TourSnapshot, (event) => sent.push(event));
  const c = ctx(s);
  const value = s.value as string | { running: string | Record<string, string> };
  const top = typeof value === 'string' ? value : 'running';
  const inner = typeof value === 'string' ? null : value.running;
  const lifecycle =
    inner && typeof inner === 'object' && 'step' in inner ? (inner.step as StepLifecycle) : null;
  const card = inner && typeof inner === 'object' && 'card' in inner ? CARD_OF[inner.card as string]! : null;
  const open = lifecycle === 'tooltip' || card !== null;
  const total = c.steps.length;

  expect(v.status).toBe(top);
  expect(v.isRunning).toBe(top === 'running');
  expect(v.needsMount).toBe(top === 'ready');
  expect(v.lifecycle).toBe(lifecycle);
  expect(v.cardId).toBe(card);
  expect(v.card).toEqual(card ? TOUR_CARDS[card] : null);
  expect(v.step?.id ?? null).toBe(lifecycle ? c.steps[c.index] : null);
  expect(v.isOpen).toBe(open);
  expect(v.isCard).toBe(card !== null);
  expect(v.showSpotlight).toBe(lifecycle === 'beacon' || lifecycle === 'tooltip');
  expect(v.stepNumber).toBe(c.index + 1);
  expect(v.progressText).toBe(`${c.index + 1} of ${total}`);
  expect(v.progressRatio).toBeCloseTo((c.index + 1) / total);
  expect(v.isLastStep).toBe(c.index === total - 1);
  expect(v.lastProblem).toBe(c.lastProblem);
  expect(v.canGoBack).toBe(lifecycle === 'tooltip' && c.index > 0);

  const part = (name: string) => ({ 'data-scope': 'tour', 'data-part': name });
  expect(v.getRootProps()).toEqual({
    ...part('root'),
    'data-status': top,
    'data-lifecycle': lifecycle ?? undefined,
  });
  const controls = [
    [v.getBackButtonProps(), 'prev-trigger', { type: 'PREV' }],
    [v.getNextButtonProps(), 'next-trigger', { type: 'NEXT' }],
    [v.getCloseButtonProps(), 'close-trigger', { type: 'CLOSE' }],
    [v.getBeaconProps(), 'beacon', { type: 'OPEN' }],
    [v.getSkipButtonProps(), 'skip-trigger', { type: 'SKIP' }],
    [v.getStayButtonProps(), 'stay-trigger', { type: 'GO', index: c.returnIndex ?? 0 }],
    [v.getFinishButtonProps(), 'finish-trigger', { type: 'NEXT' }],
  ] as const;
  for (const [props, name, event] of controls) {
    expect(props).toMatchObject({ ...part(name), type: 'button' });
    sent.length = 0;
    props.onClick();
    expect(sent, name).toEqual([event]);
  }
  expect(v.getBackButtonProps().disabled).toBe(!(lifecycle === 'tooltip' && c.index > 0));
  expect(v.getCloseButtonProps()['aria-label']).toBe('Close the tour');
  expect(v.getBeaconProps()['aria-label']).toBe('Open the tour step');
  sent.length = 0;
  v.onEscape();
  expect(sent).toEqual(open ? [{ type: 'CLOSE' }] : []);
}
const withControls = (checks: typeof states) =>
  Object.fromEntries(
    [
      ...new Set([...Object.keys(checks), ...Object.keys(tourMachine.root.states).map((k) => `tour.${k}`)]),
    ].map((id) => [
      id,
      (s: AnyMachineSnapshot) => {
        checks[id]?.(s);
        if (id.split('.').length === 2) expectControls(s);
      },
    ]),
  );

for (const signedIn of [false, true, null]) {
  describePaths('tour', tourMachine, {
    input: { signedIn },
    events: events as EventObject[],
    serializeState: (s) => tourStateKey(s),
    limit: 50_000,
    states: withControls(states),
    transitions: checked,
  });
}

/** Explicit journeys, readable on their own. */
function run(signedIn: boolean | null, sequence: TourEvent[]) {
  const actor = createActor(tourMachine, { input: { signedIn } }).start();
  for (const e of sequence) actor.send(e);
  return actor;
}
const show: TourEvent[] = [{ type: 'TARGET_FOUND' }, { type: 'POSITIONED' }];
/** A guest's tour shown on its first step, then told the session is now `signedIn`. */
const sessionOnFirstStep = (signedIn: boolean | null) =>
  run(false, [{ type: 'START' }, { type: 'MOUNTED' }, ...show, { type: 'SESSION', signedIn }]);
const missing: TourEvent = { type: 'TARGET_UNAVAILABLE', problem: 'not-mounted' };
const hidden: TourEvent = { type: 'TARGET_UNAVAILABLE', problem: 'not-visible' };

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
    const a = sessionOnFirstStep(true);
    expect(view(a.getSnapshot()).status).toBe('paused');
    expect(view(a.getSnapshot()).isOpen).toBe(false);
  });

  it('a sign-in seen after the session reloaded (null in between) still stops it', () => {
    const a = sessionOnFirstStep(null);
    expect(view(a.getSnapshot()).status).not.toBe('paused');
    a.send({ type: 'SESSION', signedIn: true });
    expect(view(a.getSnapshot()).status).toBe('paused');
  });
});
