import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { resourceMachine } from '../../machines/core/resource/resource.machine';
import { describePaths, pending, type StepEffect } from './harness';

type ErrorLike = { kind?: string; message?: string } | undefined;
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
/** What the page shows: which panel, with what data or message. */
const shown = (s: AnyMachineSnapshot) => ({
  loading: s.hasTag('loading'),
  ready: s.hasTag('ready'),
  notFound: s.hasTag('notFound'),
  failed: s.hasTag('error'),
  canRetry: s.can({ type: 'RETRY' }),
});

/** The panel with its data: no placeholder, no error, nothing to retry. */
const SHOWS_DATA = { loading: false, ready: true, notFound: false, failed: false, canRetry: false };

/** The load ended: no request is left running. */
const settled = (step: StepEffect) => expect(requests(step.after)).toEqual([]);

const served = { id: 'served' };

for (const data of [undefined, served])
  describePaths('resource', resourceMachine.provide({ actors: { load: pending() as never } }), {
    input: { data },
    events: (s) => [
      { type: 'RETRY' },
      ...(s.hasTag('loading')
        ? [
            { type: 'xstate.done.actor.load', output: [1, 2, 3] },
            // Without a message: the generic one is kept.
            { type: 'xstate.error.actor.load', error: { kind: 'not-found' } },
            { type: 'xstate.error.actor.load', error: { kind: 'server', message: 'Boom' } },
          ]
        : []),
    ],
    transitions: {
      // The page arrived with the data (the server wrote it in): shown at once, nothing is fetched.
      'resource.starting|always|0': (step) => {
        expect(data).toBe(served);
        expect(shown(step.after)).toEqual(SHOWS_DATA);
        expect(step.after.context).toEqual({ data: served, error: null });
        expect(requests(step.after)).toEqual([]);
      },
      // Without it, the data is fetched.
      'resource.starting|always|1': (step) => {
        expect(data).toBeUndefined();
        expect(shown(step.after).loading).toBe(true);
        expect(requests(step.after)).toEqual(['load']);
      },
      // The data arrives: the panel shows exactly it, and no error.
      'resource.loading|xstate.done.actor.load': (step) => {
        expect(shown(step.after)).toEqual(SHOWS_DATA);
        expect(step.after.context).toEqual({ data: step.event.output, error: null });
        settled(step);
      },
      // A 404 shows 'not found' (no retry); any other failure shows its message (or a generic one) with a retry.
      'resource.loading|xstate.error.actor.load': (step) => {
        const error = step.event.error as ErrorLike;
        const notFound = error?.kind === 'not-found';
        expect(shown(step.after)).toEqual({
          loading: false,
          ready: false,
          notFound,
          failed: !notFound,
          canRetry: !notFound,
        });
        expect(step.after.context).toEqual({
          data: step.before.context.data,
          error: error?.message ?? 'Something went wrong',
        });
        settled(step);
      },
      // Retry loads again: a new request, the panel shows loading; nothing else changes.
      'resource.failed|RETRY': (step) => {
        expect(requests(step.before)).toEqual([]);
        expect(requests(step.after)).toEqual(['load']);
        expect(shown(step.after)).toEqual({
          loading: true,
          ready: false,
          notFound: false,
          failed: false,
          canRetry: false,
        });
        expect(step.after.context).toEqual(step.before.context);
      },
    },
    states: {
      'resource.loading': (s) => {
        expect(requests(s)).toEqual(['load']);
        expect(s.context.data).toBeNull();
      },
      'resource.ready': (s) => expect(s.context.data).toEqual(data ?? [1, 2, 3]),
    },
  });
