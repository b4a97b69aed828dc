import type { EXPERTISE_TYPES, INSTITUTION_TYPES, UserType } from '../../../api/user';

export type SurveyStep = 'welcome' | 'userType' | 'detail' | 'projects' | 'watchlistName' | 'thanks';

export type SurveyInput = {
  /** The notification says this is the user's first login: the last step offers 'Start a Guided Tour'. */
  firstLogin: boolean;
};

export type SurveyDraft = {
  userType: UserType | null;
  expertiseType: (typeof EXPERTISE_TYPES)[number] | null;
  institutionType: (typeof INSTITUTION_TYPES)[number] | null;
  projects: string[];
  watchlistName: string;
};

export type SurveyContext = {
  firstLogin: boolean;
  steps: SurveyStep[];
  /** Position of the current step in `steps`. */
  step: number;
  /** The pick on the current question step; Next stores it in `answers`. */
  selection: string | null;
  answers: SurveyDraft;
  /** Set while saving: whether the user asked for the guided tour. */
  startTour: boolean;
  saved: boolean;
};

export type SurveyEvent =
  | { type: 'START' }
  | { type: 'LATER' }
  | { type: 'SELECT'; value: string }
  | { type: 'TOGGLE_PROJECT'; projectId: string }
  | { type: 'CHANGE_NAME'; value: string }
  | { type: 'NEXT' }
  | { type: 'SKIP' }
  | { type: 'BACK' }
  | { type: 'DONE' }
  | { type: 'START_TOUR' };

/**
 * What the dialog reads: loading (the watchlists), welcome, question (any question step), choice (a question with
 * choices), projects, name, thanks (the last step, also while saving), saving.
 */
export type SurveyTag =
  'loading' | 'welcome' | 'question' | 'choice' | 'projects' | 'name' | 'thanks' | 'saving';

/** What the dialog's owner does after the survey closes. */
export type SurveyOutput = { saved: boolean; startTour: boolean };

/** What the survey dialog renders for a snapshot (`connectSurvey`). */
export type SurveyView = {
  /** The account's watchlists are loading (they decide the steps). */
  loading: boolean;
  step: SurveyStep;
  /** Position of the step shown in the steps of this survey. */
  stepNumber: number;
  isWelcome: boolean;
  isQuestion: boolean;
  isThanks: boolean;
  saving: boolean;
  /** Progress bar value: step / (number of steps − 2). */
  progress: number;
  /** The answers offered on a question with choices (the detail step's depend on the user type). */
  choices: readonly string[];
  selection: string | null;
  projects: string[];
  watchlistName: string;
  /** Next is enabled exactly when the machine takes it (a choice, a project, a name). */
  canNext: boolean;
  canStartTour: boolean;
  done: boolean;
};
