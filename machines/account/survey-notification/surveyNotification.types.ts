import type { Tags } from '../../core/tags';

/** What browser storage holds, read together with the current time so the decision is deterministic. */
export type LastNotification = { lastTime: number | null; now: number };

export type SurveyNotificationEvent =
  | { type: 'AUTHENTICATED' }
  | { type: 'UNAUTHENTICATED' }
  /** The survey dialog closed (saved, postponed or tour chosen). */
  | { type: 'CLOSE' };

/** `firstLogin`: the dialog shows for a first sign-in (it then offers the tour), not as a weekly reminder. */
export type SurveyNotificationContext = { firstLogin: boolean };

/** checking: a status or storage read is in flight; open: the survey dialog shows. */
export type SurveyNotificationTag = Tags<'open', 'checking'>;
