import type { SnapshotFrom } from 'xstate';
import { choicesFor, type surveyMachine } from './survey.machine';
import type { SurveyStep, SurveyView } from './survey.types';

/** What the survey dialog shows for a snapshot (read from tags and context, never from state names). */
export function connectSurvey(snapshot: SnapshotFrom<typeof surveyMachine>): SurveyView {
  const { context } = snapshot;
  const step: SurveyStep = context.steps[context.step] ?? 'welcome';
  return {
    loading: snapshot.hasTag('loading'),
    step,
    stepNumber: context.step,
    isWelcome: snapshot.hasTag('welcome'),
    isQuestion: snapshot.hasTag('question'),
    isThanks: snapshot.hasTag('thanks'),
    saving: snapshot.hasTag('saving'),
    // The steps are ALL_STEPS or STEPS_WITH_WATCHLISTS: never fewer than two questions.
    progress: context.step / (context.steps.length - 2),
    choices: choicesFor(step, context.answers.userType),
    selection: context.selection,
    projects: context.answers.projects,
    watchlistName: context.answers.watchlistName,
    canNext: snapshot.can({ type: 'NEXT' }),
    canStartTour: context.firstLogin,
    done: snapshot.status === 'done',
  };
}
