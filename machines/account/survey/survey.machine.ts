import { assertEvent, assign, setup } from 'xstate';
import {
  INSTITUTION_TYPES,
  EXPERTISE_TYPES,
  USER_TYPES,
  WATCHLIST_NAME_MAX,
  type SurveyAnswers,
  type UserType,
} from '../../../api/user';
import { SURVEY_LAST_NOTIFICATION_KEY } from '../survey-notification/surveyNotification.machine';
import type {
  SurveyContext,
  SurveyDraft,
  SurveyEvent,
  SurveyInput,
  SurveyOutput,
  SurveyStep,
  SurveyTag,
} from './survey.types';
import { notProvided, withError } from '../../core/requests';

export { SURVEY_LAST_NOTIFICATION_KEY };

/** All six steps (0–5); steps 3 and 4 are removed when the account already has watchlists. */
export const ALL_STEPS: SurveyStep[] = [
  'welcome',
  'userType',
  'detail',
  'projects',
  'watchlistName',
  'thanks',
];
export const STEPS_WITH_WATCHLISTS: SurveyStep[] = ['welcome', 'userType', 'detail', 'thanks'];

/** The saved answers, as the API takes them (skipped questions left out). */
export function toSurveyAnswers(d: SurveyDraft): SurveyAnswers {
  const answers: SurveyAnswers = { projects: d.projects };
  if (d.userType) answers.userType = d.userType;
  if (d.userType === 'Retail Investor' && d.expertiseType) answers.expertiseType = d.expertiseType;
  if (d.userType === 'Institutional Partner' && d.institutionType)
    answers.institutionType = d.institutionType;
  if (d.watchlistName.trim()) answers.watchlistName = d.watchlistName.trim();
  return answers;
}

/** The choices of a question step (the detail step depends on the user type). */
export function choicesFor(step: SurveyStep, userType: UserType | null): readonly string[] {
  if (step === 'userType') return USER_TYPES;
  if (step === 'detail') return userType === 'Institutional Partner' ? INSTITUTION_TYPES : EXPERTISE_TYPES;
  return [];
}

const emptyDraft = (): SurveyDraft => ({
  userType: null,
  expertiseType: null,
  institutionType: null,
  projects: [],
  watchlistName: '',
});

const stepOf = (c: SurveyContext, step: SurveyStep) => c.steps.indexOf(step);

/**
 * The onboarding survey 'Personalize your Experience' (spec §2, §4 'Survey steps', §5 'Survey'):
 * 0 welcome, 1 user type, 2 expertise or institution type, 3 favourite projects, 4 watchlist name, 5 thank-you.
 * Steps 3–4 are removed when the account has watchlists (learnt from `loadWatchlists` at start).
 * Next needs a choice and stores it; Skip advances one step (two from the user type and from the projects);
 * Back goes one step back (spec §4, literally: also to the detail question after the user type was skipped).
 * Skipping the projects drops the projects and watchlist name, so no watchlist is created. Done (and, for a first login, Start a Guided Tour) saves through `saveSurvey`;
 * a failed save is logged and the dialog stays on the last step.
 */
export const surveyMachine = setup({
  types: {
    input: {} as SurveyInput,
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
    output: {} as SurveyOutput,
    tags: {} as SurveyTag,
  },
  actors: {
    /** The account's watchlists (only their number matters here). */
    loadWatchlists: notProvided<unknown[]>('loadWatchlists'),
    /** Saves the answers and, when projects were chosen, creates the watchlist from them. */
    saveSurvey: notProvided<void, { answers: SurveyAnswers; createWatchlist: boolean }>('saveSurvey'),
  },
  guards: {
    hasSelection: ({ context }) => context.selection !== null,
    hasProjects: ({ context }) => context.answers.projects.length >= 1,
    validWatchlistName: ({ context }) => {
      const n = context.answers.watchlistName.trim().length;
      return n >= 1 && n <= WATCHLIST_NAME_MAX;
    },
    accountHasWatchlists: ({ context }) => !context.steps.includes('projects'),
    isFirstLogin: ({ context }) => context.firstLogin,
  },
  actions: {
    setSteps: assign({
      steps: (_, params: { hasWatchlists: boolean }) =>
        params.hasWatchlists ? STEPS_WITH_WATCHLISTS : ALL_STEPS,
    }),
    enterStep: assign({
      step: ({ context }, params: { step: SurveyStep }) => stepOf(context, params.step),
    }),
    loadUserTypeSelection: assign({ selection: ({ context }) => context.answers.userType }),
    loadDetailSelection: assign({
      selection: ({ context }) =>
        context.answers.userType === 'Institutional Partner'
          ? context.answers.institutionType
          : context.answers.expertiseType,
    }),
    select: assign({
      selection: ({ context, event }) => {
        assertEvent(event, 'SELECT');
        const step = context.steps[context.step]!;
        return choicesFor(step, context.answers.userType).includes(event.value)
          ? event.value
          : context.selection;
      },
    }),
    storeUserType: assign({
      answers: ({ context }) => {
        const userType = context.selection as UserType;
        if (userType === context.answers.userType) return context.answers;
        return { ...context.answers, userType, expertiseType: null, institutionType: null };
      },
    }),
    storeDetail: assign({
      answers: ({ context }) =>
        context.answers.userType === 'Institutional Partner'
          ? { ...context.answers, institutionType: context.selection as SurveyDraft['institutionType'] }
          : { ...context.answers, expertiseType: context.selection as SurveyDraft['expertiseType'] },
    }),
    toggleProject: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'TOGGLE_PROJECT');
        const { projects } = context.answers;
        return {
          ...context.answers,
          projects: projects.includes(event.projectId)
            ? projects.filter((p) => p !== event.projectId)
            : [...projects, event.projectId],
        };
      },
    }),
    changeName: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'CHANGE_NAME');
        return { ...context.answers, watchlistName: event.value.slice(0, WATCHLIST_NAME_MAX) };
      },
    }),
    /** Skipping the projects also skips naming their watchlist: neither is kept, so none is created. */
    dropWatchlistAnswers: assign({
      answers: ({ context }) => ({ ...context.answers, projects: [], watchlistName: '' }),
    }),
    markSaved: assign({ saved: true }),
    chooseTour: assign({ startTour: (_, params: { tour: boolean }) => params.tour }),
    /** Stores when the survey was postponed; the default is safe where storage is unavailable. */
    rememberPostponed: () => {
      try {
        globalThis.localStorage?.setItem(SURVEY_LAST_NOTIFICATION_KEY, String(Date.now()));
      } catch {
        // Storage may be unavailable (private mode): the survey then shows again at the next sign-in.
      }
    },
    logSaveError: (_, params: { error: unknown }) => {
      console.error('Failed to save the survey', params.error);
    },
    /** The dialog is over (saved or postponed), with the machine's output; the app provides what follows. */
    reportClosed: (_, _params: SurveyOutput) => undefined,
  },
}).createMachine({
  id: 'survey',
  context: ({ input }) => ({
    firstLogin: input.firstLogin,
    steps: ALL_STEPS,
    step: 0,
    selection: null,
    answers: emptyDraft(),
    startTour: false,
    saved: false,
  }),
  initial: 'loading',
  output: ({ context }) => ({ saved: context.saved, startTour: context.startTour }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadWatchlists',
        src: 'loadWatchlists',
        onDone: {
          target: 'welcome',
          actions: { type: 'setSteps', params: ({ event }) => ({ hasWatchlists: event.output.length > 0 }) },
        },
        // Without the list the full survey is shown; creating a watchlist later is still allowed.
        onError: { target: 'welcome', actions: { type: 'setSteps', params: { hasWatchlists: false } } },
      },
    },
    welcome: {
      tags: ['welcome'],
      entry: { type: 'enterStep', params: { step: 'welcome' } },
      on: {
        START: 'userType',
        LATER: { target: 'postponed', actions: 'rememberPostponed' },
      },
    },
    userType: {
      tags: ['question', 'choice'],
      entry: [{ type: 'enterStep', params: { step: 'userType' } }, 'loadUserTypeSelection'],
      on: {
        SELECT: { actions: 'select' },
        NEXT: { guard: 'hasSelection', target: 'detail', actions: 'storeUserType' },
        // Without a user type the follow-up question means nothing: skip jumps two steps.
        SKIP: [{ guard: 'accountHasWatchlists', target: 'thanks' }, { target: 'projects' }],
        BACK: 'welcome',
      },
    },
    detail: {
      tags: ['question', 'choice'],
      entry: [{ type: 'enterStep', params: { step: 'detail' } }, 'loadDetailSelection'],
      on: {
        SELECT: { actions: 'select' },
        NEXT: { guard: 'hasSelection', target: 'detailStored', actions: 'storeDetail' },
        SKIP: 'detailStored',
        BACK: 'userType',
      },
    },
    /** After the detail step: the thank-you step when the projects and name steps are removed. */
    detailStored: {
      always: [{ guard: 'accountHasWatchlists', target: 'thanks' }, { target: 'projects' }],
    },
    projects: {
      tags: ['question', 'projects'],
      entry: { type: 'enterStep', params: { step: 'projects' } },
      on: {
        TOGGLE_PROJECT: { actions: 'toggleProject' },
        NEXT: { guard: 'hasProjects', target: 'watchlistName' },
        // Skipping the projects also skips naming their watchlist.
        SKIP: { target: 'thanks', actions: 'dropWatchlistAnswers' },
        // Back goes one step back (spec §4), also when the user type was skipped.
        BACK: 'detail',
      },
    },
    watchlistName: {
      tags: ['question', 'name'],
      entry: { type: 'enterStep', params: { step: 'watchlistName' } },
      on: {
        CHANGE_NAME: { actions: 'changeName' },
        NEXT: { guard: 'validWatchlistName', target: 'thanks' },
        SKIP: 'thanks',
        BACK: 'projects',
      },
    },
    thanks: {
      tags: ['thanks'],
      entry: { type: 'enterStep', params: { step: 'thanks' } },
      on: {
        DONE: { target: 'saving', actions: { type: 'chooseTour', params: { tour: false } } },
        START_TOUR: {
          guard: 'isFirstLogin',
          target: 'saving',
          actions: { type: 'chooseTour', params: { tour: true } },
        },
      },
    },
    saving: {
      tags: ['thanks', 'saving'],
      invoke: {
        id: 'saveSurvey',
        src: 'saveSurvey',
        input: ({ context }) => ({
          answers: toSurveyAnswers(context.answers),
          createWatchlist: context.steps.includes('projects') && context.answers.projects.length > 0,
        }),
        onDone: 'saved',
        onError: { target: 'thanks', actions: { type: 'logSaveError', params: withError } },
      },
    },
    saved: {
      type: 'final',
      entry: [
        'markSaved',
        { type: 'reportClosed', params: ({ context }) => ({ saved: true, startTour: context.startTour }) },
      ],
    },
    postponed: {
      type: 'final',
      entry: {
        type: 'reportClosed',
        params: ({ context }) => ({ saved: false, startTour: context.startTour }),
      },
    },
  },
});
