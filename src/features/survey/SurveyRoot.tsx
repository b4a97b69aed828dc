import { useFlag } from '../flags/flags';
import { useSessionStatus } from '../session/session';
import { SurveyHost } from './SurveyHost';

/** Mounted once inside SessionProvider: the survey for signed-in users, only with the extendedUserSetting flag. */
export default function SurveyRoot() {
  const status = useSessionStatus();
  const enabled = useFlag('extendedUserSetting') === true;
  return <SurveyHost status={status} enabled={enabled} />;
}
