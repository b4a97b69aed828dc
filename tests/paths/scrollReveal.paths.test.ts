import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { scrollRevealMachine } from '../../machines/scroll-reveal/scrollReveal.machine';
import { describePaths, type StepEffect } from './harness';

const events = [
  { type: 'SCROLLED', y: 0 },
  { type: 'SCROLLED', y: 249 },
  { type: 'SCROLLED', y: 250 },
  { type: 'SCROLLED', y: 900 },
  { type: 'HERO_MEASURED', height: null },
  { type: 'HERO_MEASURED', height: 320 },
  { type: 'HERO_MEASURED', height: 1000 },
] as unknown as EventObject[];

type Ctx = { heroHeight: number | null; y: number };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
/** Spec §9: without a hero the search always shows; with one, from hero height − 70 px of scroll on. */
const shouldShow = ({ heroHeight, y }: Ctx) => heroHeight === null || y >= heroHeight - 70;
const searchShown = (s: AnyMachineSnapshot) => s.hasTag('shown');

/** The step ended settled (never in the transient check) with the search shown exactly when the spec says. */
const showsAsSpecified = (step: StepEffect) => {
  expect(step.after.matches('checking')).toBe(false);
  expect(searchShown(step.after)).toBe(shouldShow(ctx(step.after)));
};

for (const input of [{ heroHeight: 320 }, { heroHeight: null, y: 40 }])
  describePaths('scrollReveal', scrollRevealMachine, {
    input,
    events,
    transitions: {
      // The scroll position is the event's; the hero height stays.
      'scrollReveal|SCROLLED': (step) => {
        expect(ctx(step.after)).toEqual({ heroHeight: ctx(step.before).heroHeight, y: step.event.y });
        showsAsSpecified(step);
      },
      // The measured hero height (null: no hero) replaces the old one; the scroll position stays.
      'scrollReveal|HERO_MEASURED': (step) => {
        expect(ctx(step.after)).toEqual({ heroHeight: step.event.height, y: ctx(step.before).y });
        showsAsSpecified(step);
      },
      'scrollReveal.checking|always|0': (step) => {
        expect(shouldShow(ctx(step.after))).toBe(true);
        expect(searchShown(step.after)).toBe(true);
      },
      'scrollReveal.checking|always|1': (step) => {
        expect(shouldShow(ctx(step.after))).toBe(false);
        expect(searchShown(step.after)).toBe(false);
      },
    },
  });
