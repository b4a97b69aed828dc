import { useAppChild } from '../../app/hooks';
import { SurveyHost } from './SurveyHost';

/** The onboarding survey of the app's survey notification actor (signed-in users with extendedUserSetting). */
export default function SurveyRoot() {
  return <SurveyHost actorRef={useAppChild('surveyNotification')} />;
}
