import { SurveyHost, type SurveyHostProps } from './SurveyHost';

/** The onboarding survey of the app's survey notification actor (signed-in users with extendedUserSetting). */
export default function SurveyRoot({ notification }: { notification: SurveyHostProps['actorRef'] }) {
  return <SurveyHost actorRef={notification} />;
}
