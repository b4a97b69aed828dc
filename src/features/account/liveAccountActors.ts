import { sendTo } from 'xstate';
import type { AccountActorLogic } from '../../../machines/core/account-actors/accountActors.machine';
import { notificationsMachine } from '../../../machines/account/notifications/notifications.machine';
import { surveyNotificationMachine } from '../../../machines/account/survey-notification/surveyNotification.machine';
import { notificationsActors } from '../notifications/actors';
import { surveyNotificationActors } from '../survey/notificationActors';
import { liveSignOutMachine } from './liveSignOut';

/** The signed-in-only app actors with their real calls: a chunk the app loads with the first sign-in. */
export const liveAccountActors: AccountActorLogic = {
  notifications: notificationsMachine.provide({ actors: notificationsActors }),
  surveyNotification: surveyNotificationMachine.provide({ actors: surveyNotificationActors }),
  // Once the server signed out, the session shows it at once (and refetches to confirm).
  signOut: liveSignOutMachine.provide({
    actions: { reportSignedOut: sendTo(({ system }) => system.get('session'), { type: 'SIGNED_OUT' }) },
  }),
};
