import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { connectSurveyNotification } from '../../../machines/account/survey-notification/surveyNotification.connect';
import type { surveyNotificationMachine } from '../../../machines/account/survey-notification/surveyNotification.machine';
import type { SurveyOutput } from '../../../machines/account/survey/survey.types';
import type { SurveyDialogProps } from './SurveyDialog';

// The dialog (and its picker) is a separate chunk: most page loads never show it.
const SurveyDialog = lazy(() => import('./SurveyDialog').then((m) => ({ default: m.SurveyDialog })));

export type SurveyHostProps = {
  /** The survey notification actor (the app's `surveyNotification`, loaded with the first sign-in). */
  actorRef: ActorRefFrom<typeof surveyNotificationMachine>;
  dialogLogic?: SurveyDialogProps['logic'];
};

/**
 * Shows the onboarding survey while the survey notification says so (spec §4 'Survey notification'; the app
 * actor tells it about the session and the extendedUserSetting flag); 'Start a Guided Tour' goes to
 * /?tour=true after the dialog closes.
 */
export function SurveyHost({ actorRef, dialogLogic }: SurveyHostProps) {
  const view = connectSurveyNotification(
    useSelector(actorRef, (s) => s),
    actorRef.send,
  );
  const { dialog, close } = view;
  const [, navigate] = useLocation();

  const onClose = useCallback(
    (output: SurveyOutput) => {
      close();
      if (output.startTour) navigate('/?tour=true');
    },
    [close, navigate],
  );

  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <SurveyDialog
        firstLogin={dialog.firstLogin}
        onClose={onClose}
        {...(dialogLogic ? { logic: dialogLogic } : {})}
      />
    </Suspense>
  );
}
