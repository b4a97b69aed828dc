/**
 * The onboarding survey's paths ('Personalize your Experience') driven through the real dialog in Chromium,
 * against the real server. Every path opens a fresh browser, signed in (through the API) to an
 * account whose survey is unanswered, on a first login (the `extendedUserSetting` flag is on and the browser stores
 * no postponement, so the notification opens the dialog with 'Start a Guided Tour' offered). The account's
 * watchlists (read when the dialog opens) and the save are held until the model's done or error event, so the
 * loading and saving states are seen too; an account 'with watchlists' got one through the API when it was made.
 * After a save, a failed save or 'later', the server's answers and watchlists are compared with the model's.
 */
import { randomUUID } from 'node:crypto';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ProjectSummary } from '../../api/projects';
import { WATCHLIST_NAME_MESSAGE } from '../../api/user';
import { DEFAULT_WATCHLIST_NAME } from '../../api/watchlist';
import { SURVEY_LAST_NOTIFICATION_KEY, surveyMachine } from '../../machines/account/survey/survey.machine';
import type { SurveyDraft, SurveyStep } from '../../machines/account/survey/survey.types';
import { pending } from '../paths/harness';
import { surveyStateKey } from '../paths/stateKeys';
import { createAccount, signInApi } from './accounts';
import { DESKTOP, startServerAndBrowser, waitForTheApp } from './harness';
import { acceptCookies } from './site-helpers';
import { describeUiPaths, eventually, holdRequests } from './ui-model';

const { server, browser } = await startServerAndBrowser();

/** The project chosen in the picker: the first of its trending list (what the picker shows before any keyword). */
const trending = (await (
  await fetch(`${server.url}/api/search-project?keyword=`)
).json()) as ProjectSummary[];
const PROJECT = trending[0]!;
/** The watchlist an account 'with watchlists' already has. */
const EXISTING = { name: 'Mine', projects: [] as string[] };
const LONG_NAME = 'A very long watchlist name'; // 26 characters, 20 allowed

const QUESTION_TITLES: Partial<Record<SurveyStep, string>> = {
  userType: 'Which best describes you?',
  detail: 'Tell us a bit more',
  projects: 'Pick your favourite projects',
  watchlistName: 'Name your watchlist',
};
const RETAIL_CHOICES = ['Beginner', 'Intermediate', 'Advanced'];
const INSTITUTION_CHOICES = ['Fund', 'Security Firm', 'Exchange', 'Project Owner'];

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** A new confirmed account signed in through the API (with one watchlist when asked); its cookies. */
async function newAccount(withWatchlists: boolean): Promise<StorageState> {
  const api = await request.newContext({ baseURL: server.url });
  try {
    const email = `survey-${randomUUID().slice(0, 8)}@example.com`;
    await createAccount(api, email);
    const signIn = await signInApi(api, email);
    expect(signIn.status(), await signIn.text()).toBe(200);
    if (withWatchlists) {
      const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
      const res = await api.post('/api/watchlist/create', {
        data: EXISTING,
        headers: { 'x-csrf-token': csrfToken },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

/**
 * Accounts are shared by paths until one saves the survey (sign-ups are rate limited, and each costs a scrypt):
 * a path that ends before a successful save leaves nothing on the server (postponing is stored in the browser).
 */
const accounts = new Map<boolean, { state: StorageState; spent: boolean }>();
async function accountFor(path: EventObject[]): Promise<StorageState> {
  const withWatchlists = path.some(
    (e) =>
      e.type === 'xstate.done.actor.loadWatchlists' && (e as Ev & { output: unknown[] }).output.length > 0,
  );
  let account = accounts.get(withWatchlists);
  if (!account || account.spent) {
    account = { state: await newAccount(withWatchlists), spent: false };
    accounts.set(withWatchlists, account);
  }
  if (path.some((e) => e.type === 'xstate.done.actor.saveSurvey')) account.spent = true;
  return account.state;
}

type Ev = EventObject & Record<string, unknown>;

type Holds = {
  watchlists: Awaited<ReturnType<typeof holdRequests>>;
  save: Awaited<ReturnType<typeof holdRequests>>;
};
const holds = new WeakMap<Page, Holds>();
const panel = (page: Page) => page.locator('[data-scope="survey"][data-part="panel"]');
const content = (page: Page) => panel(page).locator('[data-part="content"]');
const button = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });
const picker = (page: Page) => page.locator('[data-scope="watchlist-picker"][data-part="panel"]');

/** What the person can do in each step (the choices the dialog shows, one project, names typed). */
function events(s: AnyMachineSnapshot): Ev[] {
  if (s.hasTag('loading'))
    return [
      { type: 'xstate.done.actor.loadWatchlists', output: [] },
      { type: 'xstate.done.actor.loadWatchlists', output: [EXISTING] },
      { type: 'xstate.error.actor.loadWatchlists', error: new Error('InternalServerError') },
    ];
  if (s.hasTag('saving'))
    return [
      { type: 'xstate.done.actor.saveSurvey' },
      { type: 'xstate.error.actor.saveSurvey', error: new Error('InternalServerError') },
    ];
  if (s.hasTag('welcome')) return [{ type: 'START' }, { type: 'LATER' }];
  if (s.hasTag('thanks')) return [{ type: 'DONE' }, { type: 'START_TOUR' }];
  const moves: Ev[] = [{ type: 'NEXT' }, { type: 'SKIP' }, { type: 'BACK' }];
  const institutional = s.context.answers.userType === 'Institutional Partner';
  if (s.hasTag('choice'))
    return [
      ...moves,
      ...(s.context.step === 1
        ? [
            { type: 'SELECT', value: 'Retail Investor' },
            { type: 'SELECT', value: 'Institutional Partner' },
          ]
        : [{ type: 'SELECT', value: institutional ? 'Fund' : 'Beginner' }]),
    ];
  if (s.hasTag('projects')) return [...moves, { type: 'TOGGLE_PROJECT', projectId: PROJECT.id }];
  if (s.hasTag('name'))
    return [
      ...moves,
      { type: 'CHANGE_NAME', value: '   ' },
      { type: 'CHANGE_NAME', value: ' Blue chips ' },
      { type: 'CHANGE_NAME', value: LONG_NAME },
    ];
  return [];
}

const draftOf = (s: AnyMachineSnapshot) => s.context.answers as SurveyDraft;
const fullSurvey = (s: AnyMachineSnapshot) => (s.context.steps as SurveyStep[]).includes('projects');

/** The answers the server should hold after a save (skipped questions left out, the name trimmed). */
function expectedAnswers(d: SurveyDraft) {
  const answers: Record<string, unknown> = { projects: d.projects };
  if (d.userType !== null) answers.userType = d.userType;
  if (d.userType === 'Retail Investor' && d.expertiseType !== null) answers.expertiseType = d.expertiseType;
  if (d.userType === 'Institutional Partner' && d.institutionType !== null)
    answers.institutionType = d.institutionType;
  if (d.watchlistName.trim() !== '') answers.watchlistName = d.watchlistName.trim();
  return answers;
}

/** The account's watchlists on the server: the existing one, or the one the survey created (if any). */
function expectedWatchlists(s: AnyMachineSnapshot, saved: boolean) {
  if (!fullSurvey(s)) return [EXISTING];
  const d = draftOf(s);
  if (!saved || d.projects.length === 0) return [];
  return [{ name: d.watchlistName.trim() || DEFAULT_WATCHLIST_NAME, projects: d.projects }];
}

async function expectServer(page: Page, s: AnyMachineSnapshot, saved: boolean) {
  const status = (await (await page.request.get('/api/user/survey')).json()) as { survey: unknown };
  expect(status.survey).toEqual(saved ? expectedAnswers(draftOf(s)) : null);
  const lists = (await (await page.request.get('/api/watchlist')).json()) as {
    name: string;
    projects: string[];
  }[];
  expect(lists.map(({ name, projects }) => ({ name, projects }))).toEqual(expectedWatchlists(s, saved));
}

/** A question step: its title, progress, choices with the pick, and whether Next is enabled. */
async function expectQuestion(page: Page, s: AnyMachineSnapshot, step: SurveyStep) {
  const questions = (s.context.steps as SurveyStep[]).length - 2;
  await eventually(async () => {
    expect(await panel(page).getAttribute('data-step')).toBe(String(s.context.step));
    expect(await panel(page).getAttribute('aria-busy')).toBe('false');
    expect(await panel(page).locator('h2').textContent()).toBe(QUESTION_TITLES[step]);
    expect(await content(page).evaluate((e) => (e as HTMLElement).style.width)).toBe('476px');
    expect(await panel(page).getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      String(Math.round((s.context.step / questions) * 100)),
    );
    const choices =
      step === 'userType'
        ? ['Retail Investor', 'Institutional Partner']
        : step === 'detail'
          ? draftOf(s).userType === 'Institutional Partner'
            ? INSTITUTION_CHOICES
            : RETAIL_CHOICES
          : [];
    const radios = panel(page).getByRole('radio');
    expect(await radios.allTextContents()).toEqual(choices);
    for (const [i, choice] of choices.entries())
      expect(await radios.nth(i).getAttribute('aria-checked')).toBe(String(s.context.selection === choice));
    expect(await button(page, 'Back').isEnabled()).toBe(true);
    expect(await button(page, 'Skip').isEnabled()).toBe(true);
    expect(await button(page, 'Next').isEnabled()).toBe(s.can({ type: 'NEXT' }));
  });
}

describeUiPaths({
  name: 'survey',
  machine: surveyMachine.provide({
    actors: { loadWatchlists: pending() as never, saveSurvey: pending() as never },
    // The page logs a failed save itself; replaying the model in Node stays quiet.
    actions: { logSaveError: () => undefined },
  }),
  input: { firstLogin: true },
  events,
  // As the path test folds it.
  serializeState: surveyStateKey,
  // Fewer, longer paths where nothing is lost: the saving state is checked on the way to the save's answer (a path
  // ending on Done or Start a Guided Tour would add nothing), and the successful save is the one that creates the
  // watchlist from a chosen project and a typed name, so the server's watchlist is compared with the model's.
  feasible: (path) => {
    const last = path.at(-1)?.type;
    if (last === 'DONE' || last === 'START_TOUR') return false;
    // A failed save is tried with Start a Guided Tour (Done is taken by the successful save).
    if (
      path.some((e) => e.type === 'xstate.error.actor.saveSurvey') &&
      !path.some((e) => e.type === 'START_TOUR')
    )
      return false;
    if (!path.some((e) => e.type === 'xstate.done.actor.saveSurvey')) return true;
    return (
      path.some((e) => e.type === 'TOGGLE_PROJECT') &&
      path.some((e) => e.type === 'CHANGE_NAME' && String((e as Ev).value).trim() !== '')
    );
  },
  open: async (path) => {
    const storageState = await accountFor(path);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: DESKTOP,
      reducedMotion: 'reduce',
      storageState,
    });
    const page = await context.newPage();
    waitForTheApp(page);
    await acceptCookies(page);
    holds.set(page, {
      watchlists: await holdRequests(page, /\/api\/watchlist(\?.*)?$/),
      save: await holdRequests(page, /\/api\/user\/survey\/upload/),
    });
    await page.goto('/resources/methodology');
    // The notification checks the survey status first; then the dialog opens.
    await panel(page).waitFor({ timeout: 20_000 });
    return page;
  },
  close: (page) => page.context().close(),
  perform: {
    'xstate.done.actor.loadWatchlists': ({ page }) => holds.get(page)!.watchlists.answer(),
    // The server cannot be made to fail the list: answered as on an internal error.
    'xstate.error.actor.loadWatchlists': ({ page }) => holds.get(page)!.watchlists.fail(),
    START: ({ page }) => button(page, "Let's get started!").click(),
    LATER: ({ page }) => button(page, "I'll do it later").click(),
    SELECT: ({ page, event }) =>
      panel(page)
        .getByRole('radio', { name: String(event.value), exact: true })
        .click(),
    NEXT: async ({ page, step }) => {
      if (step.before.can({ type: 'NEXT' })) await button(page, 'Next').click();
      else expect(await button(page, 'Next').isDisabled()).toBe(true);
    },
    SKIP: ({ page }) => button(page, 'Skip').click(),
    BACK: ({ page }) => button(page, 'Back').click(),
    // The picker (multiple mode) toggles the project's row; closing it returns to the step.
    TOGGLE_PROJECT: async ({ page }) => {
      await button(page, 'Add Projects').click();
      const row = picker(page).locator('[data-part="option"]').filter({ hasText: PROJECT.name }).first();
      const added = (await row.getAttribute('aria-pressed', { timeout: 20_000 })) === 'true';
      await row.click();
      await eventually(async () => expect(await row.getAttribute('aria-pressed')).toBe(String(!added)));
      await picker(page).getByRole('button', { name: 'Close' }).click();
      await picker(page).waitFor({ state: 'detached' });
    },
    CHANGE_NAME: ({ page, event }) => panel(page).getByLabel('Watchlist name').fill(String(event.value)),
    DONE: ({ page }) => button(page, 'Done').click(),
    START_TOUR: ({ page }) => button(page, 'Start a Guided Tour').click(),
    'xstate.done.actor.saveSurvey': ({ page }) => holds.get(page)!.save.answer(),
    // A network or server failure on the save (the real server accepts every answer the dialog can send).
    'xstate.error.actor.saveSurvey': ({ page }) => holds.get(page)!.save.fail(),
  },
  states: {
    'survey.loading': async (page) =>
      eventually(async () => {
        expect(await panel(page).getAttribute('aria-busy')).toBe('true');
        expect(await panel(page).locator('.survey-loading .skeleton').isVisible()).toBe(true);
        expect(await panel(page).getByText('Personalize your Experience').isVisible()).toBe(true);
        expect(await panel(page).getByRole('button').count()).toBe(0);
      }),
    'survey.welcome': async (page) =>
      eventually(async () => {
        expect(await panel(page).getAttribute('data-step')).toBe('0');
        expect(await panel(page).getAttribute('aria-busy')).toBe('false');
        expect(await panel(page).locator('h2').textContent()).toBe('Welcome!');
        expect(await content(page).evaluate((e) => (e as HTMLElement).style.width)).toBe('334px');
        expect(await panel(page).getByRole('button').allTextContents()).toEqual([
          "Let's get started!",
          "I'll do it later",
        ]);
      }),
    'survey.userType': (page, s) => expectQuestion(page, s, 'userType'),
    'survey.detail': (page, s) => expectQuestion(page, s, 'detail'),
    'survey.projects': async (page, s) => {
      await expectQuestion(page, s, 'projects');
      const count = draftOf(s).projects.length;
      await eventually(async () => {
        expect(
          await panel(page)
            .getByText(
              count === 0
                ? 'Choose at least one project for your first watchlist.'
                : `${count} project${count === 1 ? '' : 's'} selected`,
              { exact: true },
            )
            .isVisible(),
        ).toBe(true);
        expect(await button(page, 'Add Projects').isVisible()).toBe(true);
      });
    },
    'survey.watchlistName': async (page, s) => {
      await expectQuestion(page, s, 'watchlistName');
      await eventually(async () => {
        expect(await panel(page).getByLabel('Watchlist name').inputValue()).toBe(draftOf(s).watchlistName);
        expect(await panel(page).getByText(WATCHLIST_NAME_MESSAGE).isVisible()).toBe(true);
      });
    },
    'survey.thanks': async (page, s, step) => {
      await eventually(async () => {
        expect(await panel(page).getAttribute('data-step')).toBe(String(s.context.step));
        expect(await panel(page).getAttribute('aria-busy')).toBe('false');
        expect(await panel(page).locator('h2').textContent()).toBe('Thank you!');
        expect(await content(page).evaluate((e) => (e as HTMLElement).style.width)).toBe('334px');
        // The guided tour is offered on a first login only.
        const buttons = s.context.firstLogin ? ['Start a Guided Tour', 'Done'] : ['Done'];
        expect(await panel(page).getByRole('button').allTextContents()).toEqual(buttons);
        for (const name of buttons) expect(await button(page, name).isEnabled()).toBe(true);
      });
      // After a failed save nothing was stored: no answers, no watchlist created.
      if (step.event.type === 'xstate.error.actor.saveSurvey') await expectServer(page, s, false);
    },
    'survey.saving': async (page, s) =>
      eventually(async () => {
        expect(await panel(page).getAttribute('aria-busy')).toBe('true');
        expect(await panel(page).getAttribute('data-step')).toBe(String(s.context.step));
        expect(await panel(page).locator('h2').textContent()).toBe('Thank you!');
        expect(await button(page, 'Start a Guided Tour').isDisabled()).toBe(true);
        expect(await button(page, 'Done').isDisabled()).toBe(true);
      }),
    // Saved: the dialog closes (the tour's page opens when asked for) and the server holds the answers and the
    // watchlist made from the chosen projects.
    'survey.saved': async (page, s) => {
      await panel(page).waitFor({ state: 'detached', timeout: 10_000 });
      if (s.context.startTour)
        await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('tour') === 'true');
      else expect(new URL(page.url()).pathname).toBe('/resources/methodology');
      await expectServer(page, s, true);
    },
    // Later: the dialog closes, nothing is saved, and the time is remembered (the notice waits 7 days).
    'survey.postponed': async (page, s) => {
      await panel(page).waitFor({ state: 'detached', timeout: 10_000 });
      const stored = await page.evaluate((key) => localStorage.getItem(key), SURVEY_LAST_NOTIFICATION_KEY);
      expect(Math.abs(Number(stored) - Date.now())).toBeLessThan(60_000);
      await expectServer(page, s, false);
    },
  },
});
