/**
 * The survey notification's view model: a snapshot and a send function in, the dialog to show (or none) and
 * what closes it out. SurveyHost reads this (tags underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { surveyNotificationMachine } from './surveyNotification.machine';
import type { SurveyNotificationEvent } from './surveyNotification.types';

export function connectSurveyNotification(
  snapshot: SnapshotFrom<typeof surveyNotificationMachine>,
  send: (event: SurveyNotificationEvent) => void,
) {
  return {
    /** The survey dialog while it shows (a first sign-in's offers the tour), else null. */
    dialog: snapshot.hasTag('open') ? { firstLogin: snapshot.context.firstLogin } : null,
    /** A status or storage read is under way; nothing shows yet. */
    checking: snapshot.hasTag('checking'),
    /** The dialog closed, whichever way. */
    close: () => send({ type: 'CLOSE' }),
  };
}
