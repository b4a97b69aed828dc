import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { connectSurvey } from '../../machines/survey/survey.connect';
import { surveyMachine } from '../../machines/survey/survey.machine';
import { describePaths, pending } from './harness';

// A failed save is logged to the console (spec §8); keep the test output quiet.
vi.spyOn(console, 'error').mockImplementation(() => undefined);

const machine = surveyMachine.provide({ actors: { loadWatchlists: pending() as never, saveSurvey: pending() as never } });
const view = (s: AnyMachineSnapshot) => connectSurvey(s as never);

/** The environment's events per step, kept small so the traversal stays bounded. */
function events(s: AnyMachineSnapshot) {
  const common = [
    { type: 'START' },
    { type: 'LATER' },
    { type: 'NEXT' },
    { type: 'SKIP' },
    { type: 'BACK' },
    { type: 'DONE' },
    { type: 'START_TOUR' },
  ];
  if (s.hasTag('loading'))
    return [
      { type: 'xstate.done.actor.loadWatchlists', output: [] },
      { type: 'xstate.done.actor.loadWatchlists', output: [{ id: 'w1', name: 'Mine', projects: [] }] },
      { type: 'xstate.error.actor.loadWatchlists', error: new Error('offline') },
    ];
  if (s.hasTag('saving'))
    return [
      { type: 'xstate.done.actor.saveSurvey' },
      { type: 'xstate.error.actor.saveSurvey', error: new Error('save failed') },
    ];
  const extra = s.hasTag('choice')
    ? s.context.step === 1
      ? [
          { type: 'SELECT', value: 'Retail Investor' },
          { type: 'SELECT', value: 'Institutional Partner' },
        ]
      : [
          { type: 'SELECT', value: s.context.answers.userType === 'Institutional Partner' ? 'Fund' : 'Beginner' },
          // Not a choice of this step: ignored.
          { type: 'SELECT', value: 'Exchange-ish' },
        ]
    : s.hasTag('projects')
      ? [{ type: 'TOGGLE_PROJECT', projectId: 'p1' }]
      : s.hasTag('name')
        ? [
            { type: 'CHANGE_NAME', value: '' },
            { type: 'CHANGE_NAME', value: 'Blue chips' },
          ]
        : [];
  return [...common, ...extra];
}

const questionAssertions = {
  'survey.userType': (s: AnyMachineSnapshot) => {
    const v = view(s);
    expect(v.isQuestion).toBe(true);
    expect(v.stepNumber).toBe(1);
    expect(v.choices).toEqual(['Retail Investor', 'Institutional Partner']);
    expect(v.canNext).toBe(v.selection !== null);
    expect(v.progress).toBe(1 / (s.context.steps.length - 2));
  },
  'survey.detail': (s: AnyMachineSnapshot) => {
    const v = view(s);
    expect(v.stepNumber).toBe(2);
    expect(v.choices).toContain(
      s.context.answers.userType === 'Institutional Partner' ? 'Security Firm' : 'Intermediate',
    );
    expect(v.canNext).toBe(v.selection !== null);
  },
  'survey.projects': (s: AnyMachineSnapshot) => {
    const v = view(s);
    expect(v.stepNumber).toBe(3);
    expect(v.progress).toBe(3 / 4);
    expect(v.canNext).toBe(v.projects.length >= 1);
  },
  'survey.watchlistName': (s: AnyMachineSnapshot) => {
    const v = view(s);
    expect(v.stepNumber).toBe(4);
    expect(v.progress).toBe(1);
    expect(v.canNext).toBe(v.watchlistName.length >= 1);
  },
  'survey.thanks': (s: AnyMachineSnapshot) => {
    const v = view(s);
    expect(v.isThanks).toBe(true);
    expect(v.stepNumber).toBe(s.context.steps.length - 1);
  },
  'survey.welcome': (s: AnyMachineSnapshot) => {
    expect(view(s).isWelcome).toBe(true);
    expect(view(s).stepNumber).toBe(0);
  },
  'survey.saving': (s: AnyMachineSnapshot) => expect(view(s).saving).toBe(true),
  'survey.saved': (s: AnyMachineSnapshot) => {
    expect(s.status).toBe('done');
    expect(s.output).toEqual({ saved: true, startTour: s.context.startTour });
  },
  'survey.postponed': (s: AnyMachineSnapshot) => expect(s.output).toEqual({ saved: false, startTour: false }),
};

for (const firstLogin of [true, false]) {
  describePaths('survey', machine, {
    input: { firstLogin },
    events,
    // Selections other than the ones that matter are folded so the graph stays small.
    serializeState: (s) => {
      const c = s.context;
      const a = c.answers;
      return JSON.stringify([
        s.value,
        s.status,
        c.steps.length,
        c.selection !== null,
        a.userType,
        a.expertiseType !== null || a.institutionType !== null,
        a.projects.length,
        a.watchlistName.length > 0,
        c.startTour,
      ]);
    },
    states: {
      ...questionAssertions,
      'survey.thanks': (s) => {
        questionAssertions['survey.thanks'](s);
        expect(view(s).canStartTour).toBe(firstLogin);
      },
    },
  });
}
