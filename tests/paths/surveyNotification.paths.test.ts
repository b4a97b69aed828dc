import { expect } from 'vitest';
import {
  SURVEY_RESHOW_INTERVAL_MS,
  surveyNotificationMachine,
} from '../../machines/survey-notification/surveyNotification.machine';
import { describePaths, pending } from './harness';

const NOW = 1_800_000_000_000;
const machine = surveyNotificationMachine.provide({
  actors: { fetchSurveyStatus: pending() as never, readLastNotification: pending() as never },
});

const userEvents = [{ type: 'AUTHENTICATED' }, { type: 'UNAUTHENTICATED' }, { type: 'CLOSE' }];
const statusAnswers = [
  { type: 'xstate.done.actor.fetchSurveyStatus', output: { survey: null, completedAt: null } },
  {
    type: 'xstate.done.actor.fetchSurveyStatus',
    output: { survey: { userType: 'Retail Investor', projects: [] }, completedAt: '2026-01-01T00:00:00.000Z' },
  },
  { type: 'xstate.error.actor.fetchSurveyStatus', error: new Error('offline') },
];
const storageAnswers = [
  { type: 'xstate.done.actor.readLastNotification', output: { lastTime: null, now: NOW } },
  // Exactly 7 days is not "more than 7 days"; one millisecond more is.
  { type: 'xstate.done.actor.readLastNotification', output: { lastTime: NOW - SURVEY_RESHOW_INTERVAL_MS, now: NOW } },
  {
    type: 'xstate.done.actor.readLastNotification',
    output: { lastTime: NOW - SURVEY_RESHOW_INTERVAL_MS - 1, now: NOW },
  },
  { type: 'xstate.error.actor.readLastNotification', error: new Error('storage blocked') },
];

describePaths('surveyNotification', machine, {
  // The actors' answers are only possible while they run.
  events: (s) => [
    ...userEvents,
    ...(s.matches('checkingStatus') ? statusAnswers : []),
    ...(s.matches('checkingLastTime') ? storageAnswers : []),
  ],
  states: {
    'surveyNotification.signedOut': (s) => expect(s.hasTag('open')).toBe(false),
    'surveyNotification.checkingStatus': (s) => {
      expect(s.hasTag('open')).toBe(false);
      expect(s.hasTag('checking')).toBe(true);
    },
    'surveyNotification.checkingLastTime': (s) => expect(s.hasTag('checking')).toBe(true),
    'surveyNotification.visible': (s) => {
      expect(s.hasTag('open')).toBe(true);
      expect(typeof s.context.firstLogin).toBe('boolean');
    },
    'surveyNotification.hidden': (s) => {
      expect(s.hasTag('open')).toBe(false);
      expect(s.hasTag('checking')).toBe(false);
    },
  },
});
