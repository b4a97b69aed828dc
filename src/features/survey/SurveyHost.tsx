import { useActor } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { surveyNotificationMachine } from '../../../machines/survey-notification/surveyNotification.machine';
import type { SurveyOutput } from '../../../machines/survey/survey.machine';
import { surveyNotificationActors } from './actors';
import type { SurveyDialogProps } from './SurveyDialog';
import { inspect } from '../../lib/inspect';

export const liveSurveyNotificationMachine = surveyNotificationMachine.provide({ actors: surveyNotificationActors });

// The dialog (and its picker) is a separate chunk: most page loads never show it.
const SurveyDialog = lazy(() => import('./SurveyDialog').then((m) => ({ default: m.SurveyDialog })));

export type SurveyHostProps = {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  /** The extendedUserSetting flag. */
  enabled: boolean;
  logic?: typeof liveSurveyNotificationMachine;
  dialogLogic?: SurveyDialogProps['logic'];
};

/**
 * Decides when the onboarding survey shows (spec §4 'Survey notification', via the surveyNotification machine)
 * and shows it; 'Start a Guided Tour' goes to /?tour=true after the dialog closes.
 */
export function SurveyHost({ status, enabled, logic = liveSurveyNotificationMachine, dialogLogic }: SurveyHostProps) {
  const [snapshot, send] = useActor(logic, { inspect });
  const [, navigate] = useLocation();

  useEffect(() => {
    if (status === 'authenticated' && enabled) send({ type: 'AUTHENTICATED' });
    else if (status === 'unauthenticated') send({ type: 'UNAUTHENTICATED' });
  }, [status, enabled, send]);

  const onClose = useCallback(
    (output: SurveyOutput) => {
      send({ type: 'CLOSE' });
      if (output.startTour) navigate('/?tour=true');
    },
    [send, navigate],
  );

  if (!enabled || !snapshot.hasTag('open')) return null;
  return (
    <Suspense fallback={null}>
      <SurveyDialog firstLogin={snapshot.context.firstLogin} onClose={onClose} {...(dialogLogic ? { logic: dialogLogic } : {})} />
    </Suspense>
  );
}
