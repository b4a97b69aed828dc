import type { AnyMachineSnapshot } from 'xstate';
import type { SurveyContext } from '../../machines/account/survey/survey.types';
import type { TourContext } from '../../machines/account/tour/tour.types';

/**
 * What tells two resting snapshots of a machine apart (`serializeState`), for the machines whose path test
 * (tests/paths) and model-based UI test (tests/e2e/ui-paths-*) walk the same graph: one definition, so the browser
 * walks the paths the model test planned.
 */

/** Survey: selections other than the ones that matter are folded, so the graph stays small. */
export const surveyStateKey = (s: AnyMachineSnapshot) => {
  const c = s.context as SurveyContext;
  const a = c.answers;
  return JSON.stringify([
    s.value,
    s.status,
    c.steps.length,
    c.selection !== null,
    a.userType,
    a.expertiseType !== null || a.institutionType !== null,
    a.projects.length,
    a.watchlistName,
    c.startTour,
  ]);
};

/**
 * Tour: the last action only matters in transient states. `more` adds what a test tells apart besides (the UI test:
 * whether a target was missing). An array, not rest arguments: the traversal calls serializeState with the event too.
 */
export const tourStateKey = (s: AnyMachineSnapshot, more: unknown[] = []) => {
  const c = s.context as TourContext;
  return JSON.stringify([
    s.value,
    c.signedIn,
    c.index,
    c.direction,
    c.anyShown,
    c.beacon,
    c.returnIndex,
    c.resume?.card ?? null,
    c.steps.length,
    ...more,
  ]);
};
