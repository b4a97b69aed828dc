import { assign, setup } from 'xstate';
import type { SurveyStatus } from '../../../api/user';
import type {
  LastNotification,
  SurveyNotificationContext,
  SurveyNotificationEvent,
  SurveyNotificationTag,
} from './surveyNotification.types';
import { notProvided } from '../../core/requests';

/** Browser storage key for the last time the survey was postponed (spec §3). */
export const SURVEY_LAST_NOTIFICATION_KEY = 'survey-last-notification-time';

/** The survey shows again this long after it was postponed (spec §4, §9: 7 days). */
export const SURVEY_RESHOW_INTERVAL_MS = 604_800_000;

/** Reads `survey-last-notification-time` from localStorage (the app's default for `readLastNotification`). */
export function readLastNotificationFromStorage(): LastNotification {
  const raw = globalThis.localStorage?.getItem(SURVEY_LAST_NOTIFICATION_KEY) ?? null;
  const value = raw === null ? NaN : Number(raw);
  return { lastTime: Number.isFinite(value) ? value : null, now: Date.now() };
}

/**
 * Whether to show the survey (spec §4 'Survey notification'): for an authenticated user the survey status is
 * fetched; when it is empty the last notification time is read: none stored → shown as a first-login
 * notification; older than 7 days → shown again; otherwise not shown. Signing out hides it.
 */
export const surveyNotificationMachine = setup({
  types: {
    context: {} as SurveyNotificationContext,
    events: {} as SurveyNotificationEvent,
    tags: {} as SurveyNotificationTag,
  },
  actors: {
    fetchSurveyStatus: notProvided<SurveyStatus>('fetchSurveyStatus'),
    readLastNotification: notProvided<LastNotification>('readLastNotification'),
  },
  guards: {
    surveyEmpty: (_, params: { status: SurveyStatus }) => params.status.survey === null,
    neverNotified: (_, params: { last: LastNotification }) => params.last.lastTime === null,
    notifiedLongAgo: (_, params: { last: LastNotification }) =>
      params.last.lastTime !== null && params.last.now - params.last.lastTime > SURVEY_RESHOW_INTERVAL_MS,
  },
  actions: {
    markFirstLogin: assign({ firstLogin: true }),
    markReminder: assign({ firstLogin: false }),
  },
}).createMachine({
  id: 'surveyNotification',
  context: { firstLogin: false },
  initial: 'signedOut',
  on: { UNAUTHENTICATED: '.signedOut' },
  states: {
    signedOut: {
      on: { AUTHENTICATED: 'checkingStatus' },
    },
    checkingStatus: {
      tags: ['checking'],
      invoke: {
        id: 'fetchSurveyStatus',
        src: 'fetchSurveyStatus',
        onDone: [
          {
            guard: { type: 'surveyEmpty', params: ({ event }) => ({ status: event.output }) },
            target: 'checkingLastTime',
          },
          { target: 'hidden' },
        ],
        // Without a status the user is not bothered.
        onError: 'hidden',
      },
    },
    checkingLastTime: {
      tags: ['checking'],
      invoke: {
        id: 'readLastNotification',
        src: 'readLastNotification',
        onDone: [
          {
            guard: { type: 'neverNotified', params: ({ event }) => ({ last: event.output }) },
            target: 'visible',
            actions: 'markFirstLogin',
          },
          {
            guard: { type: 'notifiedLongAgo', params: ({ event }) => ({ last: event.output }) },
            target: 'visible',
            actions: 'markReminder',
          },
          { target: 'hidden' },
        ],
        onError: 'hidden',
      },
    },
    visible: {
      tags: ['open'],
      on: { CLOSE: 'hidden' },
    },
    /** Nothing to show until the user signs out and in again. */
    hidden: {},
  },
});
