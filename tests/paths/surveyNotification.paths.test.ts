import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  readLastNotificationFromStorage,
  SURVEY_RESHOW_INTERVAL_MS,
  surveyNotificationMachine,
} from '../../machines/account/survey-notification/surveyNotification.machine';
import type { LastNotification } from '../../machines/account/survey-notification/surveyNotification.types';
import { connectSurveyNotification } from '../../machines/account/survey-notification/surveyNotification.connect';
import { describePaths, handlerEvents, pending } from './harness';

const NOW = 1_800_000_000_000;
const machine = surveyNotificationMachine.provide({
  actors: { fetchSurveyStatus: pending() as never, readLastNotification: pending() as never },
});

const userEvents = [{ type: 'AUTHENTICATED' }, { type: 'UNAUTHENTICATED' }, { type: 'CLOSE' }];
const statusAnswers = [
  { type: 'xstate.done.actor.fetchSurveyStatus', output: { survey: null, completedAt: null } },
  {
    type: 'xstate.done.actor.fetchSurveyStatus',
    output: {
      survey: { userType: 'Retail Investor', projects: [] },
      completedAt: '2026-01-01T00:00:00.000Z',
    },
  },
  { type: 'xstate.error.actor.fetchSurveyStatus', error: new Error('offline') },
];
const storageAnswers = [
  { type: 'xstate.done.actor.readLastNotification', output: { lastTime: null, now: NOW } },
  // Exactly 7 days is not "more than 7 days"; one millisecond more is.
  {
    type: 'xstate.done.actor.readLastNotification',
    output: { lastTime: NOW - SURVEY_RESHOW_INTERVAL_MS, now: NOW },
  },
  {
    type: 'xstate.done.actor.readLastNotification',
    output: { lastTime: NOW - SURVEY_RESHOW_INTERVAL_MS - 1, now: NOW },
  },
  // Postponed yesterday.
  { type: 'xstate.done.actor.readLastNotification', output: { lastTime: NOW - 86_400_000, now: NOW } },
  { type: 'xstate.error.actor.readLastNotification', error: new Error('storage blocked') },
];

const { send, sends } = handlerEvents<{ type: string }>();
/** The view SurveyHost renders from; what it sends goes to `send`. */
const view = (s: AnyMachineSnapshot) =>
  connectSurveyNotification(s as Parameters<typeof connectSurveyNotification>[0], send);
/** What SurveyHost sees: whether the dialog shows, whether it offers the tour, and which checks run. */
const seen = (s: AnyMachineSnapshot) => ({
  shown: view(s).dialog !== null,
  tourOffered: view(s).dialog?.firstLogin ?? null,
  running: Object.keys(s.children).sort(),
});
const hiddenAndIdle = { shown: false, tourOffered: null, running: [] };

describePaths('surveyNotification', machine, {
  // The actors' answers are only possible while they run.
  events: (s) => [
    ...userEvents,
    ...(s.matches('checkingStatus') ? statusAnswers : []),
    ...(s.matches('checkingLastTime') ? storageAnswers : []),
  ],
  states: {
    // The dialog's end (saved, postponed or the tour chosen) tells the machine CLOSE.
    'surveyNotification.visible': (s) => {
      expect(view(s)).toEqual({
        dialog: { firstLogin: s.context.firstLogin },
        checking: false,
        close: expect.any(Function),
      });
      expect(sends(view(s).close)).toEqual([{ type: 'CLOSE' }]);
    },
    'surveyNotification.checkingStatus': (s) =>
      expect(view(s)).toEqual({ dialog: null, checking: true, close: expect.any(Function) }),
    'surveyNotification.checkingLastTime': (s) =>
      expect(view(s)).toEqual({ dialog: null, checking: true, close: expect.any(Function) }),
    'surveyNotification.signedOut': (s) =>
      expect(view(s)).toEqual({ dialog: null, checking: false, close: expect.any(Function) }),
    'surveyNotification.hidden': (s) =>
      expect(view(s)).toEqual({ dialog: null, checking: false, close: expect.any(Function) }),
  },
  transitions: {
    // Signing in asks the server for the survey status, and nothing shows yet.
    'surveyNotification.signedOut|AUTHENTICATED': (step) => {
      expect(seen(step.before)).toEqual(hiddenAndIdle);
      expect(seen(step.after)).toEqual({ shown: false, tourOffered: null, running: ['fetchSurveyStatus'] });
      expect(step.after.hasTag('checking')).toBe(true);
    },
    // Signing out hides the dialog and drops any check in flight, from wherever it was.
    'surveyNotification|UNAUTHENTICATED': (step) => {
      expect(seen(step.after)).toEqual(hiddenAndIdle);
      expect(step.after.hasTag('checking')).toBe(false);
      // Signed out, the next sign-in starts the checks again.
      expect(step.after.can({ type: 'AUTHENTICATED' })).toBe(true);
    },
    // An empty survey reads the last notification time next; a completed one never shows.
    'surveyNotification.checkingStatus|xstate.done.actor.fetchSurveyStatus': (step) => {
      const empty = (step.event.output as { survey: unknown }).survey === null;
      expect(seen(step.after)).toEqual(
        empty ? { shown: false, tourOffered: null, running: ['readLastNotification'] } : hiddenAndIdle,
      );
      expect(step.after.hasTag('checking')).toBe(empty);
      if (!empty) expect(step.after.can({ type: 'AUTHENTICATED' })).toBe(false);
    },
    // Without a status the user is not bothered, and not asked again until the next sign-in.
    'surveyNotification.checkingStatus|xstate.error.actor.fetchSurveyStatus': (step) => {
      expect(seen(step.after)).toEqual(hiddenAndIdle);
      expect(step.after.hasTag('checking')).toBe(false);
      expect(step.after.can({ type: 'AUTHENTICATED' })).toBe(false);
    },
    // Never postponed: shown as a first login (tour offered); postponed more than 7 days ago: shown again
    // without the tour; otherwise not shown.
    'surveyNotification.checkingLastTime|xstate.done.actor.readLastNotification': (step) => {
      const { lastTime, now } = step.event.output as LastNotification;
      if (lastTime === null) {
        expect(seen(step.after)).toEqual({ shown: true, tourOffered: true, running: [] });
      } else if (now - lastTime > 7 * 24 * 60 * 60 * 1000) {
        expect(seen(step.after)).toEqual({ shown: true, tourOffered: false, running: [] });
      } else {
        expect(seen(step.after)).toEqual(hiddenAndIdle);
      }
      expect(step.after.hasTag('checking')).toBe(false);
    },
    'surveyNotification.checkingLastTime|xstate.error.actor.readLastNotification': (step) => {
      expect(seen(step.after)).toEqual(hiddenAndIdle);
      expect(step.after.hasTag('checking')).toBe(false);
    },
    // Closing the dialog (saved, postponed or tour) hides it for the rest of the sign-in.
    'surveyNotification.visible|CLOSE': (step) => {
      expect(seen(step.before).shown).toBe(true);
      expect(seen(step.after)).toEqual(hiddenAndIdle);
      expect(step.after.can({ type: 'AUTHENTICATED' })).toBe(false);
    },
  },
  // A first-login survey, closed, then a sign-out and a sign-in a week later: the reminder offers no tour.
  also: [
    [
      { type: 'AUTHENTICATED' },
      statusAnswers[0]!,
      storageAnswers[0]!,
      { type: 'CLOSE' },
      { type: 'UNAUTHENTICATED' },
      { type: 'AUTHENTICATED' },
      statusAnswers[0]!,
      storageAnswers[2]!,
    ],
  ],
});

describe('readLastNotificationFromStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const stored = (value: string | null) => {
    const asked: string[] = [];
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => {
        asked.push(key);
        return value;
      },
    });
    return asked;
  };

  it('reads the time the survey was last postponed, with the current time', () => {
    vi.useFakeTimers({ now: NOW });
    const asked = stored(String(NOW - 86_400_000));
    expect(readLastNotificationFromStorage()).toEqual({ lastTime: NOW - 86_400_000, now: NOW });
    expect(asked).toEqual(['survey-last-notification-time']);
  });

  it('has no time when nothing, or something that is not a time, is stored, or there is no storage', () => {
    vi.useFakeTimers({ now: NOW });
    stored(null);
    expect(readLastNotificationFromStorage()).toEqual({ lastTime: null, now: NOW });
    stored('soon');
    expect(readLastNotificationFromStorage()).toEqual({ lastTime: null, now: NOW });
    vi.stubGlobal('localStorage', undefined);
    // Storage blocked or absent (a private window, the server): no time rather than a failure.
    expect(() => readLastNotificationFromStorage()).not.toThrow();
    expect(readLastNotificationFromStorage()).toEqual({ lastTime: null, now: NOW });
  });
});

describe('surveyNotification repeated host events', () => {
  it('neither restarts a check nor shows again on a repeated AUTHENTICATED; a new sign-in checks anew', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'AUTHENTICATED' });
    const fetch = actor.getSnapshot().children.fetchSurveyStatus;
    actor.send({ type: 'AUTHENTICATED' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().children.fetchSurveyStatus).toBe(fetch);
    actor.send(statusAnswers[0] as never);
    const read = actor.getSnapshot().children.readLastNotification;
    actor.send({ type: 'AUTHENTICATED' });
    expect(seen(actor.getSnapshot())).toEqual({
      shown: false,
      tourOffered: null,
      running: ['readLastNotification'],
    });
    expect(actor.getSnapshot().children.readLastNotification).toBe(read);
    actor.send(storageAnswers[0] as never);
    actor.send({ type: 'AUTHENTICATED' });
    expect(seen(actor.getSnapshot())).toEqual({ shown: true, tourOffered: true, running: [] });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'AUTHENTICATED' });
    expect(seen(actor.getSnapshot())).toEqual(hiddenAndIdle);
    actor.send({ type: 'UNAUTHENTICATED' });
    actor.send({ type: 'AUTHENTICATED' });
    expect(seen(actor.getSnapshot())).toEqual({
      shown: false,
      tourOffered: null,
      running: ['fetchSurveyStatus'],
    });
    actor.stop();
  });
});
