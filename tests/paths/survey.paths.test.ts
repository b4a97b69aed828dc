import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { connectSurvey } from '../../machines/account/survey/survey.connect';
import { SURVEY_LAST_NOTIFICATION_KEY, surveyMachine } from '../../machines/account/survey/survey.machine';
import type { SurveyDraft, SurveyStep } from '../../machines/account/survey/survey.types';
import { describePaths, pending, type StepEffect } from './harness';
import { surveyStateKey } from './stateKeys';

// A failed save is logged to the console (spec §8); keep the test output quiet, and look at what is logged.
const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
// 'I'll do it later' remembers when, in browser storage: record the writes.
const writes: [string, string][] = [];
vi.stubGlobal('localStorage', {
  setItem: (key: string, value: string) => writes.push([key, value]),
  getItem: () => null,
  removeItem: () => undefined,
});
beforeEach(() => {
  writes.length = 0;
  errorLog.mockClear();
});

const machine = surveyMachine.provide({
  actors: { loadWatchlists: pending() as never, saveSurvey: pending() as never },
});
const view = (s: AnyMachineSnapshot) => connectSurvey(s as never);

const RETAIL_CHOICES = ['Beginner', 'Intermediate', 'Advanced'];
const INSTITUTION_CHOICES = ['Fund', 'Security Firm', 'Exchange', 'Project Owner'];
const LONG_NAME = 'A very long watchlist name'; // 26 characters, 20 allowed
const NAME_20 = 'Blue chips & friends'; // exactly 20 characters: allowed

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
      ...common,
      { type: 'xstate.done.actor.saveSurvey' },
      { type: 'xstate.error.actor.saveSurvey', error: new Error('save failed') },
    ];
  const institutional = s.context.answers.userType === 'Institutional Partner';
  const extra = s.hasTag('choice')
    ? s.context.step === 1
      ? [
          { type: 'SELECT', value: 'Retail Investor' },
          { type: 'SELECT', value: 'Institutional Partner' },
          // A detail choice is not a user type: ignored.
          { type: 'SELECT', value: 'Fund' },
        ]
      : [
          { type: 'SELECT', value: institutional ? 'Fund' : 'Beginner' },
          // The other user type's choice is not one of this step: ignored.
          { type: 'SELECT', value: institutional ? 'Beginner' : 'Fund' },
        ]
    : s.hasTag('projects')
      ? [{ type: 'TOGGLE_PROJECT', projectId: 'p1' }]
      : s.hasTag('name')
        ? [
            { type: 'CHANGE_NAME', value: '' },
            { type: 'CHANGE_NAME', value: '   ' },
            { type: 'CHANGE_NAME', value: ' Blue chips ' },
            // The limits: 1 character (with spaces around it), exactly 20, 21 (cut to 20), and far past.
            { type: 'CHANGE_NAME', value: ' A ' },
            { type: 'CHANGE_NAME', value: NAME_20 },
            { type: 'CHANGE_NAME', value: `${NAME_20}!` },
            { type: 'CHANGE_NAME', value: LONG_NAME },
          ]
        : [];
  return [...common, ...extra];
}

const answersOf = (s: AnyMachineSnapshot) => s.context.answers as SurveyDraft;
/** The account had no watchlists: the projects and name steps are part of the survey. */
const fullSurvey = (s: AnyMachineSnapshot) => (s.context.steps as SurveyStep[]).includes('projects');
const detailChoices = (d: SurveyDraft) =>
  d.userType === 'Institutional Partner' ? INSTITUTION_CHOICES : RETAIL_CHOICES;
const storedDetail = (d: SurveyDraft) =>
  d.userType === 'Institutional Partner' ? d.institutionType : d.expertiseType;

/** What the dialog shows on `step`: the step, its number, the progress bar, the choices and what is filled in. */
function expectOn(s: AnyMachineSnapshot, step: SurveyStep) {
  const full = fullSurvey(s);
  const numbers: Record<SurveyStep, number> = full
    ? { welcome: 0, userType: 1, detail: 2, projects: 3, watchlistName: 4, thanks: 5 }
    : { welcome: 0, userType: 1, detail: 2, projects: -1, watchlistName: -1, thanks: 3 };
  const v = view(s);
  const a = answersOf(s);
  expect(s.status).toBe('active');
  expect({ step: v.step, stepNumber: v.stepNumber, loading: v.loading, saving: v.saving }).toEqual({
    step,
    stepNumber: numbers[step],
    loading: false,
    saving: false,
  });
  expect([v.isWelcome, v.isQuestion, v.isThanks]).toEqual([
    step === 'welcome',
    step !== 'welcome' && step !== 'thanks',
    step === 'thanks',
  ]);
  if (v.isQuestion) expect(v.progress).toBe(numbers[step] / (full ? 4 : 2));
  if (step === 'userType') {
    expect(v.choices).toEqual(['Retail Investor', 'Institutional Partner']);
    expect(v.selection).toBe(a.userType);
    expect(v.canNext).toBe(a.userType !== null);
  }
  if (step === 'detail') {
    // The detail question depends on the user type (the retail one when none was given).
    expect(v.choices).toEqual(detailChoices(a));
    expect(v.selection).toBe(storedDetail(a));
    expect(v.canNext).toBe(storedDetail(a) !== null);
  }
  if (step === 'projects') {
    expect(v.projects).toEqual(a.projects);
    expect(v.canNext).toBe(a.projects.length > 0);
  }
  if (step === 'watchlistName') {
    expect(v.watchlistName).toBe(a.watchlistName);
    // A name of 1 to 20 characters, spaces around it not counted (spec §5).
    const n = a.watchlistName.trim().length;
    expect(v.canNext).toBe(n >= 1 && n <= 20);
  }
  if (step === 'thanks') expect(v.canStartTour).toBe(s.context.firstLogin);
}

/** Moving between steps keeps every answer exactly as it was. */
function expectMoved(step: StepEffect, to: SurveyStep) {
  expect(answersOf(step.after)).toEqual(answersOf(step.before));
  expectOn(step.after, to);
  expect(step.after.children.saveSurvey).toBeUndefined();
}

/** Where Skip from the user type, and Next or Skip from the detail, lead: the projects, or the end. */
const afterDetail = (s: AnyMachineSnapshot): SurveyStep => (fullSurvey(s) ? 'projects' : 'thanks');

/** A SELECT picks a choice of the current question (without storing it); anything else is ignored. */
function expectSelected(step: StepEffect, choices: string[]) {
  const value = step.event.value as string;
  const selection = choices.includes(value) ? value : step.before.context.selection;
  expect(step.after.context.selection).toBe(selection);
  expect(view(step.after).selection).toBe(selection);
  expect(view(step.after).canNext).toBe(selection !== null);
  expect(view(step.after).step).toBe(view(step.before).step);
  expect(answersOf(step.after)).toEqual(answersOf(step.before));
}

/** What is saved: the API's answers (skipped questions left out), and whether to create the watchlist. */
function expectedSave(s: AnyMachineSnapshot) {
  const a = answersOf(s);
  const answers: Record<string, unknown> = { projects: a.projects };
  if (a.userType !== null) answers.userType = a.userType;
  if (a.userType === 'Retail Investor' && a.expertiseType !== null) answers.expertiseType = a.expertiseType;
  if (a.userType === 'Institutional Partner' && a.institutionType !== null)
    answers.institutionType = a.institutionType;
  if (a.watchlistName.trim() !== '') answers.watchlistName = a.watchlistName.trim();
  return { answers, createWatchlist: fullSurvey(s) && a.projects.length > 0 };
}

/** Done or Start a Guided Tour: the answers are saved, the buttons are busy, the dialog stays open. */
function expectSaving(step: StepEffect, tour: boolean) {
  const v = view(step.after);
  expect({ isThanks: v.isThanks, saving: v.saving, done: v.done }).toEqual({
    isThanks: true,
    saving: true,
    done: false,
  });
  expect(step.after.context.startTour).toBe(tour);
  expect(answersOf(step.after)).toEqual(answersOf(step.before));
  const save = step.after.children.saveSurvey;
  expect(save).toBeDefined();
  expect(save!.getSnapshot().input).toEqual(expectedSave(step.before));
}

const transitions: Record<string, (step: StepEffect) => void> = {
  // The account's watchlists decide the steps: with some, the projects and name steps are left out.
  'survey.loading|xstate.done.actor.loadWatchlists': (step) => {
    const hasWatchlists = (step.event.output as unknown[]).length > 0;
    expect(step.after.context.steps).toEqual(
      hasWatchlists
        ? ['welcome', 'userType', 'detail', 'thanks']
        : ['welcome', 'userType', 'detail', 'projects', 'watchlistName', 'thanks'],
    );
    expect(view(step.before).loading).toBe(true);
    expectMoved(step, 'welcome');
  },
  // Without the list the full survey is shown.
  'survey.loading|xstate.error.actor.loadWatchlists': (step) => {
    expect(step.after.context.steps).toEqual([
      'welcome',
      'userType',
      'detail',
      'projects',
      'watchlistName',
      'thanks',
    ]);
    expectMoved(step, 'welcome');
  },
  'survey.welcome|START': (step) => expectMoved(step, 'userType'),
  // 'I'll do it later' closes without saving, and remembers when (the notification waits 7 days).
  'survey.welcome|LATER': (step) => {
    expect(step.after.status).toBe('done');
    expect(step.after.output).toEqual({ saved: false, startTour: false });
    expect(step.actions).toEqual([
      { type: 'rememberPostponed', params: undefined },
      { type: 'reportClosed', params: { saved: false, startTour: false } },
    ]);
    expect(writes).toHaveLength(1);
    expect(writes[0]![0]).toBe(SURVEY_LAST_NOTIFICATION_KEY);
    expect(Math.abs(Number(writes[0]![1]) - Date.now())).toBeLessThan(60_000);
    expect(step.after.children.saveSurvey).toBeUndefined();
  },
  'survey.userType|SELECT': (step) => expectSelected(step, ['Retail Investor', 'Institutional Partner']),
  // Next stores the user type; a different one than before drops the detail answered for the old one.
  'survey.userType|NEXT': (step) => {
    const before = answersOf(step.before);
    const userType = step.before.context.selection as SurveyDraft['userType'];
    expect(userType).not.toBeNull();
    expect(answersOf(step.after)).toEqual(
      userType === before.userType
        ? before
        : { ...before, userType, expertiseType: null, institutionType: null },
    );
    expectOn(step.after, 'detail');
  },
  // Without a user type the follow-up question means nothing: Skip jumps over it, keeping every answer.
  'survey.userType|SKIP': (step) => expectMoved(step, afterDetail(step.before)),
  // Back drops a pick that Next did not store.
  'survey.userType|BACK': (step) => expectMoved(step, 'welcome'),
  'survey.detail|SELECT': (step) => expectSelected(step, detailChoices(answersOf(step.before))),
  // Next stores the pick as the expertise (retail) or the institution type, leaving the rest as it was.
  'survey.detail|NEXT': (step) => {
    const before = answersOf(step.before);
    const selection = step.before.context.selection as string;
    expect(selection).not.toBeNull();
    expect(answersOf(step.after)).toEqual(
      before.userType === 'Institutional Partner'
        ? { ...before, institutionType: selection }
        : { ...before, expertiseType: selection },
    );
    expectOn(step.after, afterDetail(step.before));
  },
  'survey.detail|SKIP': (step) => expectMoved(step, afterDetail(step.before)),
  'survey.detail|BACK': (step) => expectMoved(step, 'userType'),
  // Passed through after the detail step: the projects step, or the end when the account has watchlists.
  'survey.detailStored|always': (step) => expectOn(step.after, afterDetail(step.before)),
  'survey.projects|TOGGLE_PROJECT': (step) => {
    const before = answersOf(step.before);
    const id = step.event.projectId as string;
    const projects = before.projects.includes(id)
      ? before.projects.filter((p) => p !== id)
      : [...before.projects, id];
    expect(answersOf(step.after)).toEqual({ ...before, projects });
    expectOn(step.after, 'projects');
  },
  'survey.projects|NEXT': (step) => {
    expect(answersOf(step.before).projects.length).toBeGreaterThan(0);
    expectMoved(step, 'watchlistName');
  },
  // Skipping the projects also skips naming their watchlist: the projects and the name are dropped, so saving
  // creates no watchlist; the other answers are kept.
  'survey.projects|SKIP': (step) => {
    expect(answersOf(step.after)).toEqual({ ...answersOf(step.before), projects: [], watchlistName: '' });
    expectOn(step.after, 'thanks');
    expect(expectedSave(step.after)).toMatchObject({ createWatchlist: false, answers: { projects: [] } });
    expect(expectedSave(step.after).answers).not.toHaveProperty('watchlistName');
    expect(step.after.children.saveSurvey).toBeUndefined();
  },
  // Back goes one step back, to the detail question, also when the user type was skipped (spec §4).
  'survey.projects|BACK': (step) => expectMoved(step, 'detail'),
  // The name is kept to its 20 characters.
  'survey.watchlistName|CHANGE_NAME': (step) => {
    const value = step.event.value as string;
    expect(answersOf(step.after)).toEqual({
      ...answersOf(step.before),
      watchlistName: value.length > 20 ? value.slice(0, 20) : value,
    });
    expectOn(step.after, 'watchlistName');
  },
  'survey.watchlistName|NEXT': (step) => {
    const n = answersOf(step.before).watchlistName.trim().length;
    expect(n >= 1 && n <= 20).toBe(true);
    expectMoved(step, 'thanks');
  },
  'survey.watchlistName|SKIP': (step) => expectMoved(step, 'thanks'),
  'survey.watchlistName|BACK': (step) => expectMoved(step, 'projects'),
  'survey.thanks|DONE': (step) => expectSaving(step, false),
  // Only offered on a first login.
  'survey.thanks|START_TOUR': (step) => {
    expect(step.before.context.firstLogin).toBe(true);
    expectSaving(step, true);
  },
  // Saved: the dialog closes, telling its owner whether to start the tour.
  'survey.saving|xstate.done.actor.saveSurvey': (step) => {
    expect(step.after.status).toBe('done');
    expect(step.after.output).toEqual({ saved: true, startTour: step.before.context.startTour });
    // The owner (the dialog's host) is told, with the same answer.
    expect(step.actions.filter((a) => a.type === 'reportClosed')).toEqual([
      { type: 'reportClosed', params: { saved: true, startTour: step.before.context.startTour } },
    ]);
    expect(view(step.after).done).toBe(true);
    expect(errorLog).not.toHaveBeenCalled();
  },
  // A failed save is logged and the dialog stays on the last step, answers kept, ready to try again.
  'survey.saving|xstate.error.actor.saveSurvey': (step) => {
    expect(step.actions.filter((a) => !a.type.startsWith('xstate.'))).toEqual([
      { type: 'logSaveError', params: { error: step.event.error } },
    ]);
    expect(errorLog.mock.calls).toEqual([['Failed to save the survey', step.event.error]]);
    errorLog.mockClear();
    expect(step.after.children.saveSurvey).toBeUndefined();
    expectMoved(step, 'thanks');
    expect(step.after.output).toBeUndefined();
  },
};

const loaded = (watchlists: number) => ({
  type: 'xstate.done.actor.loadWatchlists',
  output: Array.from({ length: watchlists }, (_, i) => ({ id: `w${i}`, name: 'Mine', projects: [] })),
});
/**
 * Walks the traversal folds away (it tells details apart only by whether one is stored, and projects by their
 * number), where what was stored before matters.
 */
const ALSO: (EventObject & Record<string, unknown>)[][] = [
  // An institution type is stored as such, Back shows it picked, and it is saved.
  [
    loaded(0),
    { type: 'START' },
    { type: 'SELECT', value: 'Institutional Partner' },
    { type: 'NEXT' },
    { type: 'SELECT', value: 'Security Firm' },
    { type: 'NEXT' },
    { type: 'BACK' },
    { type: 'NEXT' },
    { type: 'SKIP' },
    { type: 'DONE' },
  ],
  [
    loaded(1),
    { type: 'START' },
    { type: 'SELECT', value: 'Institutional Partner' },
    { type: 'NEXT' },
    { type: 'SELECT', value: 'Fund' },
    { type: 'NEXT' },
    { type: 'DONE' },
  ],
  // A project ticked again is un-ticked; the others stay, and are saved.
  [
    loaded(0),
    { type: 'START' },
    { type: 'SKIP' },
    { type: 'TOGGLE_PROJECT', projectId: 'p1' },
    { type: 'TOGGLE_PROJECT', projectId: 'p2' },
    { type: 'TOGGLE_PROJECT', projectId: 'p1' },
    { type: 'NEXT' },
    { type: 'CHANGE_NAME', value: 'A' },
    { type: 'CHANGE_NAME', value: NAME_20 },
    { type: 'NEXT' },
    { type: 'DONE' },
  ],
];
/** The tour asked for (on a first login), the save failed, then Done: Done alone starts no tour. */
const tourThenDone = (firstLogin: boolean): (EventObject & Record<string, unknown>)[] => [
  loaded(0),
  { type: 'START' },
  { type: 'SKIP' },
  { type: 'SKIP' },
  { type: firstLogin ? 'START_TOUR' : 'DONE' },
  { type: 'xstate.error.actor.saveSurvey', error: new Error('save failed') },
  { type: 'DONE' },
  { type: 'xstate.done.actor.saveSurvey' },
];

for (const firstLogin of [true, false]) {
  describePaths('survey', machine, {
    input: { firstLogin },
    events,
    serializeState: surveyStateKey,
    transitions,
    also: [...ALSO, tourThenDone(firstLogin)],
  });
}

/** A survey driven by hand: the account's watchlists answered, then `events`; the save never settles. */
function survey(
  events: Parameters<ReturnType<typeof createActor<typeof machine>>['send']>[0][],
  opts = { firstLogin: false, watchlists: 0 },
) {
  const actor = createActor(machine, { input: { firstLogin: opts.firstLogin } }).start();
  actor.send({ type: 'xstate.done.actor.loadWatchlists', output: Array(opts.watchlists).fill({}) } as never);
  for (const event of events) actor.send(event);
  return actor;
}
const saveInput = (s: AnyMachineSnapshot) => s.children.saveSurvey?.getSnapshot().input as unknown;

describe('survey answers along longer walks', () => {
  const retailBeginner = [
    { type: 'START' },
    { type: 'SELECT', value: 'Retail Investor' },
    { type: 'NEXT' },
    { type: 'SELECT', value: 'Beginner' },
    { type: 'NEXT' },
  ] as const;

  it('keeps the detail when the same user type is chosen again, and drops it for another one', () => {
    const same = survey([...retailBeginner, { type: 'BACK' }, { type: 'BACK' }, { type: 'NEXT' }]);
    expect(view(same.getSnapshot())).toMatchObject({ step: 'detail', selection: 'Beginner' });
    expect(answersOf(same.getSnapshot())).toMatchObject({
      userType: 'Retail Investor',
      expertiseType: 'Beginner',
    });

    const other = survey([
      ...retailBeginner,
      { type: 'BACK' },
      { type: 'BACK' },
      { type: 'SELECT', value: 'Institutional Partner' },
      { type: 'NEXT' },
    ]);
    expect(view(other.getSnapshot())).toMatchObject({
      step: 'detail',
      selection: null,
      choices: INSTITUTION_CHOICES,
    });
    expect(answersOf(other.getSnapshot())).toEqual({
      userType: 'Institutional Partner',
      expertiseType: null,
      institutionType: null,
      projects: [],
      watchlistName: '',
    });
    other.send({ type: 'SKIP' });
    other.send({ type: 'SKIP' });
    other.send({ type: 'DONE' });
    expect(saveInput(other.getSnapshot())).toEqual({
      answers: { userType: 'Institutional Partner', projects: [] },
      createWatchlist: false,
    });
  });

  it('does not store a pick left with Skip or Back', () => {
    const actor = survey([
      ...retailBeginner,
      { type: 'BACK' },
      { type: 'SELECT', value: 'Advanced' },
      { type: 'SKIP' },
      { type: 'BACK' },
    ]);
    expect(view(actor.getSnapshot())).toMatchObject({ step: 'detail', selection: 'Beginner' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SELECT', value: 'Institutional Partner' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'START' });
    expect(view(actor.getSnapshot())).toMatchObject({ step: 'userType', selection: 'Retail Investor' });
    expect(answersOf(actor.getSnapshot())).toMatchObject({
      userType: 'Retail Investor',
      expertiseType: 'Beginner',
    });
  });

  it('saves every answer, the trimmed name, and asks for the watchlist', () => {
    const actor = survey(
      [
        ...retailBeginner,
        { type: 'TOGGLE_PROJECT', projectId: 'p1' },
        { type: 'TOGGLE_PROJECT', projectId: 'p2' },
        { type: 'NEXT' },
        { type: 'CHANGE_NAME', value: '  Blue chips  ' },
        { type: 'NEXT' },
        { type: 'START_TOUR' },
      ],
      { firstLogin: true, watchlists: 0 },
    );
    expect(saveInput(actor.getSnapshot())).toEqual({
      answers: {
        userType: 'Retail Investor',
        expertiseType: 'Beginner',
        projects: ['p1', 'p2'],
        watchlistName: 'Blue chips',
      },
      createWatchlist: true,
    });
    expect(actor.getSnapshot().context.startTour).toBe(true);
  });

  it('creates no watchlist when the projects are skipped, even after choosing and naming some', () => {
    const actor = survey([
      ...retailBeginner,
      { type: 'TOGGLE_PROJECT', projectId: 'p1' },
      { type: 'NEXT' },
      { type: 'CHANGE_NAME', value: 'Blue chips' },
      { type: 'BACK' },
      { type: 'SKIP' },
      { type: 'DONE' },
    ]);
    expect(saveInput(actor.getSnapshot())).toEqual({
      answers: { userType: 'Retail Investor', expertiseType: 'Beginner', projects: [] },
      createWatchlist: false,
    });
  });

  it('goes back one step from the projects even after the user type was skipped (spec §4), and a skip stores no pick', () => {
    const actor = survey([{ type: 'START' }, { type: 'SKIP' }, { type: 'BACK' }]);
    expect(view(actor.getSnapshot())).toMatchObject({ step: 'detail', selection: null });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SELECT', value: 'Institutional Partner' });
    actor.send({ type: 'SKIP' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    // Skip does not store the pick: still no user type.
    expect(view(actor.getSnapshot())).toMatchObject({ step: 'userType', selection: null });
  });

  it('ignores Next while it is disabled, the tour without a first login, and a second Done while saving', () => {
    const actor = survey([{ type: 'START' }]);
    const at = () => actor.getSnapshot();
    const unchanged = (event: Parameters<typeof actor.send>[0]) => {
      const before = at();
      actor.send(event);
      expect(at().value).toEqual(before.value);
      expect(at().context).toEqual(before.context);
    };
    unchanged({ type: 'NEXT' }); // no user type picked
    actor.send({ type: 'SKIP' });
    unchanged({ type: 'NEXT' }); // no project
    actor.send({ type: 'TOGGLE_PROJECT', projectId: 'p1' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHANGE_NAME', value: '   ' });
    unchanged({ type: 'NEXT' }); // a blank name
    actor.send({ type: 'SKIP' });
    unchanged({ type: 'START_TOUR' }); // not a first login
    actor.send({ type: 'DONE' });
    const save = at().children.saveSurvey;
    expect(save).toBeDefined();
    unchanged({ type: 'DONE' });
    unchanged({ type: 'START_TOUR' });
    expect(at().children.saveSurvey).toBe(save);
  });
});
