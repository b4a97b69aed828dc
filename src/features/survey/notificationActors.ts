import { fromPromise } from 'xstate';
import type { SurveyStatus } from '../../../api/user';
import { readLastNotificationFromStorage } from '../../../machines/account/survey-notification/surveyNotification.machine';
import { request } from '../../lib/client';

/**
 * The survey notification's calls. The user API module loads with the first check (after a sign-in), not with
 * every page: the notification is an app-wide actor, the survey itself a lazy dialog.
 */
export const surveyNotificationActors = {
  fetchSurveyStatus: fromPromise<SurveyStatus>(async () =>
    (await import('../../../api/user')).getSurveyStatus(request),
  ),
  readLastNotification: fromPromise(async () => readLastNotificationFromStorage()),
};
