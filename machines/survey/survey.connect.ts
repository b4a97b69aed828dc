import type { SnapshotFrom } from 'xstate';
import { choicesFor, type surveyMachine, type SurveyStep } from './survey.machine';

/** What the survey dialog shows for a snapshot (read from tags and context, never from state names). */
export function connectSurvey(snapshot: SnapshotFrom<typeof surveyMachine>) {
  const { context } = snapshot;
  const step: SurveyStep = context.steps[context.step] ?? 'welcome';
  const questionCount = context.steps.length - 2;
  const has = (tag: string) => snapshot.hasTag(tag as never);
  return {
    loading: has('loading'),
    step,
    stepNumber: context.step,
    isWelcome: has('welcome'),
    isQuestion: has('question'),
    isThanks: has('thanks'),
    saving: has('saving'),
    /** Progress bar value: step / (number of steps − 2). */
    progress: questionCount > 0 ? context.step / questionCount : 0,
    choices: choicesFor(step, context.answers.userType),
    selection: context.selection,
    projects: context.answers.projects,
    watchlistName: context.answers.watchlistName,
    canNext:
      (has('choice') && context.selection !== null) ||
      (has('projects') && context.answers.projects.length >= 1) ||
      (has('name') && context.answers.watchlistName.trim().length >= 1),
    canStartTour: context.firstLogin,
    done: snapshot.status === 'done',
  };
}
