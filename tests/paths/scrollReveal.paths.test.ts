import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import { scrollRevealMachine } from '../../machines/ui/scroll-reveal/scrollReveal.machine';
import { attachedListeners, describePaths, type StepEffect } from './harness';

const events = [
  { type: 'SCROLLED', y: 0 },
  { type: 'SCROLLED', y: 249 },
  { type: 'SCROLLED', y: 250 },
  { type: 'SCROLLED', y: 900 },
  { type: 'HERO_MEASURED', height: null },
  { type: 'HERO_MEASURED', height: 320 },
  { type: 'HERO_MEASURED', height: 1000 },
] as unknown as EventObject[];

/** The listeners the header provides (the window's scroll/resize, the address), while attached. */
const { listening, listener } = attachedListeners();
const machine = scrollRevealMachine.provide({ actors: { pageWatcher: listener, routeWatcher: listener } });

type Ctx = { heroHeight: number | null; y: number };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
/** Spec §9: without a hero the search always shows; with one, from hero height − 70 px of scroll on. */
const shouldShow = ({ heroHeight, y }: Ctx) => heroHeight === null || y >= heroHeight - 70;
const searchShown = (s: AnyMachineSnapshot) => s.hasTag('shown');
const watcher = (s: AnyMachineSnapshot) => s.children.pageWatcher as AnyActorRef | undefined;
const routeWatcher = (s: AnyMachineSnapshot) => s.children.routeWatcher as AnyActorRef | undefined;

/**
 * The machine's start: the address listener is attached first, for the machine's whole life (a route change is
 * reported as HERO_MEASURED). Returns the step's other actions.
 */
const startedRouteWatcher = (step: StepEffect) => {
  const ref = routeWatcher(step.after)!;
  expect(listening.has(ref)).toBe(true);
  expect(step.actions[0]).toEqual({
    type: 'xstate.spawnChild',
    params: { id: 'routeWatcher', src: 'routeWatcher', actorRef: ref, input: undefined, systemId: undefined },
  });
  return step.actions.slice(1);
};

/** The step ended settled (never in a transient state) with the search shown exactly when the spec says. */
const showsAsSpecified = (step: StepEffect) => {
  expect(step.after.matches('starting')).toBe(false);
  expect(step.after.matches({ hero: 'checking' })).toBe(false);
  expect(searchShown(step.after)).toBe(shouldShow(ctx(step.after)));
};

/** The page is listened to exactly while it has a hero; the address always. */
const listensWhileHero = (s: AnyMachineSnapshot) => {
  expect(listening.has(routeWatcher(s)!)).toBe(true);
  const ref = watcher(s);
  if (ctx(s).heroHeight === null) {
    expect(ref).toBeUndefined();
  } else {
    expect(ref).toBeDefined();
    expect(listening.has(ref!)).toBe(true);
  }
};

/** The listeners were attached by this step (nothing else ran). */
const startsListening = (step: StepEffect, actions = step.actions) => {
  const ref = watcher(step.after)!;
  expect(listening.has(ref)).toBe(true);
  expect(actions).toEqual([
    { type: 'xstate.spawnChild', params: { id: 'pageWatcher', src: 'pageWatcher', actorRef: ref } },
  ]);
};

/** The hero's height is the one measured; the scroll position stays. */
const takesHeight = (step: StepEffect) => {
  expect(ctx(step.after)).toEqual({ heroHeight: step.event.height, y: ctx(step.before).y });
};

/** The listeners already attached stay as they are (a scroll or resize does not re-attach them). */
const keepsListening = (step: StepEffect) => {
  expect(watcher(step.after)).toBe(watcher(step.before));
  expect(listening.has(watcher(step.after)!)).toBe(true);
  expect(step.actions).toEqual([]);
};

for (const input of [{ heroHeight: 320 }, { heroHeight: null, y: 40 }])
  describePaths('scrollReveal', machine, {
    input,
    events,
    transitions: {
      // A page with a hero: its scroll and resize are listened to from the start.
      'scrollReveal.starting|always|0': (step) => {
        expect(ctx(step.after)).toEqual({ heroHeight: input.heroHeight, y: input.y ?? 0 });
        startsListening(step, startedRouteWatcher(step));
        showsAsSpecified(step);
      },
      // A page without a hero: the search shows, and nothing listens to the page.
      'scrollReveal.starting|always|1': (step) => {
        expect(ctx(step.after).heroHeight).toBeNull();
        expect(watcher(step.after)).toBeUndefined();
        expect(startedRouteWatcher(step)).toEqual([]);
        showsAsSpecified(step);
      },
      // Navigated to a page with a hero: its height is taken, the scroll position kept, the listeners attached.
      'scrollReveal.noHero|HERO_MEASURED': (step) => {
        takesHeight(step);
        startsListening(step);
        showsAsSpecified(step);
      },
      // The scroll position is the event's; the hero height stays.
      'scrollReveal.hero|SCROLLED': (step) => {
        expect(ctx(step.after)).toEqual({ heroHeight: ctx(step.before).heroHeight, y: step.event.y });
        keepsListening(step);
        showsAsSpecified(step);
      },
      // A resize measured the hero again: the new height replaces the old one; the scroll position stays.
      'scrollReveal.hero|HERO_MEASURED|0': (step) => {
        takesHeight(step);
        keepsListening(step);
        showsAsSpecified(step);
      },
      // Navigated to a page without a hero: the search shows and the listeners are removed.
      'scrollReveal.hero|HERO_MEASURED|1': (step) => {
        const before = watcher(step.before)!;
        expect(ctx(step.after)).toEqual({ heroHeight: null, y: ctx(step.before).y });
        expect(watcher(step.after)).toBeUndefined();
        expect(listening.has(before)).toBe(false);
        expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: before }]);
        showsAsSpecified(step);
      },
      'scrollReveal.hero.checking|always|0': (step) => {
        expect(shouldShow(ctx(step.after))).toBe(true);
        expect(searchShown(step.after)).toBe(true);
      },
      'scrollReveal.hero.checking|always|1': (step) => {
        expect(shouldShow(ctx(step.after))).toBe(false);
        expect(searchShown(step.after)).toBe(false);
      },
    },
    states: {
      'scrollReveal.noHero': listensWhileHero,
      'scrollReveal.hero': listensWhileHero,
    },
  });
