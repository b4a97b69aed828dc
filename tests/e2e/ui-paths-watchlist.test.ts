/**
 * The watchlist page's paths driven through /my/watchlists in Chromium, against the real server:
 * three models on one server — the page's lists (`watchlist`), the Add Projects picker (`watchlistPicker`) and the
 * create / rename form (`createWatchlist`). Each path signs a fresh account up through the API. The server's
 * answers to the model's actors are held until the model's done or error event: a name clash is made real by
 * creating a list of that name through the API (as another tab would) before the held request goes through; only
 * failures the server cannot be made to produce (a 500) are answered by the test.
 */
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { replay, pending, type StepEffect } from '../paths/harness';
import { stubbedWatchlistMachine as wMachine } from '../paths/watchlistStubbed';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { ProjectSummary } from '../../api/projects';
import { errorCode } from '../../api/errors';
import { WATCHLIST_MESSAGES } from '../../machines/watchlist/list/watchlist.machine';
import type { WatchlistContext, WatchlistItem } from '../../machines/watchlist/list/watchlist.types';
import { connectWatchlist, type WatchlistSnapshot } from '../../machines/watchlist/list/watchlist.connect';
import {
  pickerKeyword,
  watchlistPickerMachine,
} from '../../machines/watchlist/picker/watchlistPicker.machine';
import type { PickerContext } from '../../machines/watchlist/picker/watchlistPicker.types';
import { createWatchlistMachine, NAME_HINT } from '../../machines/watchlist/create/createWatchlist.machine';
import type { CreateWatchlistContext } from '../../machines/watchlist/create/createWatchlist.types';
import { csrfToken, signUpAndSignIn } from './accounts';
import { startServerAndBrowser } from './harness';
import { quietPage } from './site-helpers';
import { describeUiPaths, eventually, holdRequests } from './ui-model';

const { server, browser } = await startServerAndBrowser();

/** The server's search answers, which the picker's done events carry (trending below 2 characters). */
const KEYWORD = ' uni ';
const answers = new Map<string, ProjectSummary[]>();
for (const keyword of ['', pickerKeyword(KEYWORD)]) {
  const res = await fetch(`${server.url}/api/search-project?keyword=${encodeURIComponent(keyword)}`);
  answers.set(keyword, (await res.json()) as ProjectSummary[]);
}
const trending = answers.get('')!;
/** The project the watchlist model adds and removes, and the one already in the picker model's list. */
const P = trending[0]!;
const resultsNames = new Map([...answers.values()].flat().map((p) => [p.id, p.name]));
if (!P || trending.length < 2 || answers.get(pickerKeyword(KEYWORD))!.length === 0)
  throw new Error('the seeded projects are missing');

type Ev = EventObject & Record<string, unknown>;
type Hold = Awaited<ReturnType<typeof holdRequests>>;
const holds = new WeakMap<Page, Record<string, Hold>>();
const hold = (page: Page, actor: string) => holds.get(page)![actor]!;

/**
 * One account and one browser context per model (signing an account up per path soon meets the sign-up limit),
 * with the survey and the cookie notice answered; each path gets a new page and the account's lists as the path
 * needs them, made through the API.
 */
const contexts = new Map<string, BrowserContext>();
async function signedInPage(prefix: string, lists: { name: string; projects?: string[] }[] = []) {
  let context = contexts.get(prefix);
  if (!context) {
    context = (await quietPage(browser, server.url)).context;
    await signUpAndSignIn(context.pages()[0]!, prefix);
    await context.pages()[0]!.close();
    contexts.set(prefix, context);
  }
  const csrf = await csrfToken(context.request);
  const existing = (await (await context.request.get('/api/watchlist')).json()) as { id: string }[];
  for (const { id } of existing) {
    const res = await context.request.post('/api/watchlist/delete', {
      data: { id },
      headers: { 'x-csrf-token': csrf },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  for (const list of lists) await createListApi(context.request, list.name, list.projects ?? []);
  return context.newPage();
}
afterAll(async () => {
  for (const context of contexts.values()) await context.close();
});

/** Creates a list through the API in the page's session (as another tab of the same user would). */
async function createListApi(api: APIRequestContext, name: string, projects: string[] = []) {
  const res = await api.post('/api/watchlist/create', {
    data: { name, projects },
    headers: { 'x-csrf-token': await csrfToken(api) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const toast = (page: Page) => page.locator('[data-scope="watchlist"][data-part="message"]');
const title = (page: Page) => page.locator('#watchlist-title');
const listItems = (page: Page) => page.locator('[data-part="list-item"]');
const actionButton = (page: Page, name: string) =>
  page.locator('.watchlist-actions button', { hasText: new RegExp(`^${name}$`) });
// CSS, not roles: while a dialog is open the page behind it is hidden from the accessibility tree.
const createButton = (page: Page) => page.locator('button.watchlists-create');
const confirmDialog = (page: Page) => page.locator('[data-scope="watchlist"][data-part="confirm-delete"]');
const form = (page: Page) => page.locator('[data-scope="create-watchlist"][data-part="panel"]');
const picker = (page: Page) => page.locator('[data-scope="watchlist-picker"][data-part="panel"]');
const projectRows = (page: Page) => page.locator('tr[data-part="project-row"]');
const countText = (n: number) => (n === 1 ? '1 project' : `${n} projects`);

/** The toast shows the message a step set (or is gone when the step cleared it); an older one may have timed out. */
async function checkMessage(page: Page, step: StepEffect) {
  const before = (step.before.context as WatchlistContext).message;
  const after = (step.after.context as WatchlistContext).message;
  if (before === after) return;
  await eventually(async () => {
    if (after === null) expect(await toast(page).count()).toBe(0);
    else expect(await toast(page).locator('span').first().textContent()).toBe(after.text);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// watchlist: the page's lists

const wctx = (s: AnyMachineSnapshot) => s.context as WatchlistContext;
const selectedOf = (c: WatchlistContext): WatchlistItem => c.lists[c.selectedIndex]!;
const isTemp = (l: WatchlistItem) => l.id === 'temp';
const nameTaken = Object.assign(new Error('409'), { code: 'NameTaken' });
const serverError = Object.assign(new Error('500'), { code: 'InternalError' });

function watchlistEvents(s: AnyMachineSnapshot): EventObject[] {
  const c = wctx(s);
  const real = c.lists.filter((l) => !isTemp(l));
  // What the page offers: the form refuses blank and used names itself, Delete is disabled without a real list.
  const free = (name: string, except?: string) => !real.some((l) => l.name === name && l.id !== except);
  if (s.matches('checkingSession') || s.matches('signedOut')) return [{ type: 'SIGNED_IN' }];
  if (s.matches('loadFailed')) return [{ type: 'RELOAD' }];
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadWatchlists', output: real },
      { type: 'xstate.error.actor.loadWatchlists', error: serverError },
    ] as Ev[];
  if (s.matches({ ready: 'idle' })) {
    const list: Ev[] = [{ type: 'RELOAD' }, { type: 'DISMISS' }];
    c.lists.forEach((_, index) => list.push({ type: 'SELECT', index }));
    for (const name of ['Alpha', 'Beta'])
      if (real.length < 2 && free(name)) list.push({ type: 'CREATE', name });
    if (free('Gamma', selectedOf(c).id)) list.push({ type: 'RENAME', name: 'Gamma' });
    if (real.length > 0) list.push({ type: 'DELETE' });
    list.push({ type: 'TOGGLE', projectId: P.id });
    return list;
  }
  if (s.matches({ ready: 'confirmingDelete' }))
    return [{ type: 'CONFIRM_DELETE' }, { type: 'CANCEL_DELETE' }];
  const p = c.pending;
  if (s.matches({ ready: 'creating' }))
    return [
      { type: 'xstate.done.actor.createWatchlist', output: { id: `w${real.length + 1}` } },
      { type: 'xstate.error.actor.createWatchlist', error: serverError },
      { type: 'xstate.error.actor.createWatchlist', error: nameTaken },
    ] as Ev[];
  if (s.matches({ ready: 'renaming' }) && p)
    return [
      {
        type: 'xstate.done.actor.renameWatchlist',
        output: { id: p.listId, name: p.name, projects: p.projects },
      },
      { type: 'xstate.error.actor.renameWatchlist', error: serverError },
      { type: 'xstate.error.actor.renameWatchlist', error: nameTaken },
    ] as Ev[];
  if (s.matches({ ready: 'deleting' }))
    return [
      { type: 'xstate.done.actor.deleteWatchlist', output: {} },
      { type: 'xstate.error.actor.deleteWatchlist', error: serverError },
    ] as Ev[];
  if (s.matches({ ready: 'toggling' }) && p)
    return [
      {
        type: 'xstate.done.actor.toggleProject',
        output: { projects: p.projects, added: p.projects.includes(P.id) },
      },
      { type: 'xstate.error.actor.toggleProject', error: serverError },
    ] as Ev[];
  return [];
}

/** The steps a path takes on the model (for feasibility). */
const stepsOf = (machine: AnyStateMachine, input: unknown, path: EventObject[]) => {
  const steps: StepEffect[] = [];
  replay(machine, input, path, (s) => steps.push(s));
  return steps.slice(1);
};

/**
 * Paths end with the dialog closed (so fewer, longer paths) or right after a pick, submit or retry the dialog
 * answers itself; once one changed the list, nothing follows.
 */
const endsClosedAfterOneAdd = (steps: StepEffect[]) =>
  steps.length > 0 &&
  (steps.at(-1)!.after.matches('closed') || ['PICK', 'SUBMIT', 'RETRY'].includes(steps.at(-1)!.event.type)) &&
  steps.every((_, i) => i === 0 || steps[i - 1]!.emitted.length === 0);

/** Busy: every action is disabled until the server answers. */
async function checkBusy(page: Page) {
  await eventually(async () => {
    expect(await createButton(page).isDisabled()).toBe(true);
    for (const name of ['Add Projects', 'Rename', 'Delete'])
      expect(await actionButton(page, name).isDisabled()).toBe(true);
  });
}

describeUiPaths({
  name: 'watchlist',
  machine: wMachine,
  input: undefined,
  events: watchlistEvents,
  limit: 20_000,
  serializeState: (s) => {
    const c = wctx(s);
    return JSON.stringify({
      v: s.value,
      lists: c.lists.map((l) => [isTemp(l), l.name, l.projects.includes(P.id)]),
      sel: c.selectedIndex,
      msg: c.message !== null,
      p: c.pending?.kind ?? null,
    });
  },
  feasible: (path) => {
    const steps = stepsOf(wMachine, undefined, path);
    // Paths end at rest (the in-between states are seen on the way), so fewer, longer paths cover the machine.
    const last = steps.at(-1)?.after;
    if (!last || !(last.matches({ ready: 'idle' }) || last.matches('loadFailed'))) return false;
    return steps.every((step, i) => {
      // The server then holds a list the model does not know: the path ends there.
      if (
        steps
          .slice(0, i)
          .some((s) =>
            s.transitions.some((t) => /\|xstate\.error\.actor\.(create|rename)Watchlist\|0$/.test(t)),
          )
      )
        return false;
      // Dismissed by hand right after the message showed (it times out by itself after 5 s).
      if (step.event.type === 'DISMISS') {
        const prev = steps[i - 1];
        return (
          !!prev &&
          step.before.matches({ ready: 'idle' }) &&
          wctx(prev.after).message !== null &&
          wctx(prev.after).message !== wctx(prev.before).message
        );
      }
      return true;
    });
  },
  open: async () => {
    const page = await signedInPage('ui-watch');
    const routes = {
      loadWatchlists: /\/api\/watchlist$/,
      createWatchlist: /\/api\/watchlist\/create$/,
      renameWatchlist: /\/api\/watchlist\/update$/,
      deleteWatchlist: /\/api\/watchlist\/delete$/,
      toggleProject: /\/api\/watchlist\/toggle$/,
    };
    const held: Record<string, Hold> = {};
    for (const [actor, pattern] of Object.entries(routes)) held[actor] = await holdRequests(page, pattern);
    holds.set(page, held);
    return page;
  },
  close: (page) => page.close(),
  perform: {
    // The session arrives signed in as the page opens.
    SIGNED_IN: async ({ page }) => {
      await page.goto('/my/watchlists');
    },
    RELOAD: async ({ page, step }) => {
      if (step.before.matches('loadFailed'))
        return page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
      // Back on the page after visiting another one: it reloads the lists.
      await page.locator('header a.brand').click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goBack();
    },
    DISMISS: ({ page }) => toast(page).getByRole('button', { name: 'Dismiss' }).click(),
    SELECT: ({ page, event }) => listItems(page).nth(Number(event.index)).click(),
    CREATE: async ({ page, event }) => {
      await createButton(page).click();
      await form(page).getByRole('heading', { name: 'Create Watchlist' }).waitFor();
      await page.locator('#watchlist-name').fill(String(event.name));
      await form(page).getByRole('button', { name: 'Confirm' }).click();
    },
    RENAME: async ({ page, event }) => {
      await actionButton(page, 'Rename').click();
      await form(page).getByRole('heading', { name: 'Rename Watchlist' }).waitFor();
      await page.locator('#watchlist-name').fill(String(event.name));
      await page.locator('#watchlist-name').press('Enter');
    },
    DELETE: ({ page }) => actionButton(page, 'Delete').click(),
    CONFIRM_DELETE: ({ page }) => confirmDialog(page).getByRole('button', { name: 'Delete' }).click(),
    CANCEL_DELETE: ({ page }) => confirmDialog(page).getByRole('button', { name: 'Cancel' }).click(),
    // In the list: its Remove button; otherwise picked in Add Projects.
    TOGGLE: async ({ page, step }) => {
      if (selectedOf(wctx(step.before)).projects.includes(P.id))
        return projectRows(page).locator(`button[aria-label="Remove ${P.name}"]`).click();
      await actionButton(page, 'Add Projects').click();
      await picker(page)
        .locator('[data-part="option"]')
        .filter({ has: page.locator('.picker-name').getByText(P.name, { exact: true }) })
        .click();
    },
    'xstate.done.actor.loadWatchlists': ({ page }) => hold(page, 'loadWatchlists').answer(),
    'xstate.error.actor.loadWatchlists': ({ page }) => hold(page, 'loadWatchlists').fail(),
    'xstate.done.actor.createWatchlist': ({ page }) => hold(page, 'createWatchlist').answer(),
    'xstate.error.actor.createWatchlist': async ({ page, event, step }) => {
      if (errorCode(event.error) !== 'NameTaken') return hold(page, 'createWatchlist').fail();
      await createListApi(page.request, wctx(step.before).pending!.name);
      await hold(page, 'createWatchlist').answer();
    },
    'xstate.done.actor.renameWatchlist': ({ page }) => hold(page, 'renameWatchlist').answer(),
    'xstate.error.actor.renameWatchlist': async ({ page, event, step }) => {
      if (errorCode(event.error) !== 'NameTaken') return hold(page, 'renameWatchlist').fail();
      await createListApi(page.request, wctx(step.before).pending!.name);
      await hold(page, 'renameWatchlist').answer();
    },
    'xstate.done.actor.deleteWatchlist': ({ page }) => hold(page, 'deleteWatchlist').answer(),
    'xstate.error.actor.deleteWatchlist': ({ page }) => hold(page, 'deleteWatchlist').fail(),
    'xstate.done.actor.toggleProject': ({ page }) => hold(page, 'toggleProject').answer(),
    'xstate.error.actor.toggleProject': ({ page }) => hold(page, 'toggleProject').fail(),
  },
  states: {
    // Before the page opens: nothing of the watchlists is shown.
    'watchlist.checkingSession': async (page) => expect(await listItems(page).count()).toBe(0),
    'watchlist.signedOut': async (page) => expect(await listItems(page).count()).toBe(0),
    'watchlist.loading': async (page, _snapshot, step) => {
      await eventually(async () => {
        expect(await page.locator('.watchlists-layout[aria-busy="true"]').isVisible()).toBe(true);
        expect(await listItems(page).count()).toBe(0);
      });
      await checkMessage(page, step);
    },
    'watchlist.loadFailed': async (page, _snapshot, step) => {
      await eventually(async () => {
        const alert = page.locator('.watchlist-empty[role="alert"]');
        expect(await alert.locator('p').textContent()).toBe(WATCHLIST_MESSAGES.loadFailed);
        expect(await alert.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
        expect(await listItems(page).count()).toBe(0);
      });
      await checkMessage(page, step);
    },
    // The lists (names, counts, the selected one), the selected list's title, count and projects.
    'watchlist.ready': async (page, snapshot, step) => {
      const c = wctx(snapshot);
      const view = connectWatchlist(snapshot as WatchlistSnapshot);
      const selected = selectedOf(c);
      await eventually(async () => {
        expect(await listItems(page).locator('.watchlists-nav-name').allTextContents()).toEqual(
          c.lists.map((l) => l.name),
        );
        expect(await listItems(page).locator('.watchlists-nav-count').allTextContents()).toEqual(
          c.lists.map((l) => String(l.projects.length)),
        );
        expect(await listItems(page).nth(c.selectedIndex).getAttribute('aria-current')).toBe('true');
        expect(await title(page).textContent()).toBe(selected.name);
        expect(await page.locator('.watchlist-header p.muted').textContent()).toBe(
          countText(selected.projects.length),
        );
        expect(await actionButton(page, 'Delete').isDisabled()).toBe(!view.canDelete);
        expect(await actionButton(page, 'Share').count()).toBe(isTemp(selected) ? 0 : 1);
        if (selected.projects.length === 0)
          expect(await page.locator('.watchlist-main .watchlist-empty h3').textContent()).toBe(
            'This watchlist is empty',
          );
        else
          expect(await projectRows(page).locator('.watchlist-project').allTextContents()).toEqual(
            selected.projects.map(() => P.name),
          );
      }, 10_000);
      await checkMessage(page, step);
    },
    // Nothing open, every action available.
    'watchlist.ready.idle': async (page) =>
      eventually(async () => {
        expect(await confirmDialog(page).count()).toBe(0);
        expect(await form(page).count()).toBe(0);
        expect(await picker(page).count()).toBe(0);
        expect(await createButton(page).isEnabled()).toBe(true);
        for (const name of ['Add Projects', 'Rename'])
          expect(await actionButton(page, name).isEnabled()).toBe(true);
      }),
    'watchlist.ready.confirmingDelete': async (page, snapshot) =>
      eventually(async () => {
        expect(await confirmDialog(page).getByRole('heading').textContent()).toBe('Delete watchlist?');
        expect(await confirmDialog(page).locator('p').textContent()).toBe(
          `“${selectedOf(wctx(snapshot)).name}” and its projects will be removed. This cannot be undone.`,
        );
      }),
    'watchlist.ready.creating': checkBusy,
    'watchlist.ready.renaming': checkBusy,
    'watchlist.ready.deleting': checkBusy,
    'watchlist.ready.toggling': checkBusy,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// watchlistPicker: Add Projects, on a list 'Picks' that already holds P

const pctx = (s: AnyMachineSnapshot) => s.context as PickerContext;
const pMachine = watchlistPickerMachine.provide({ actors: { searchProjects: pending() as never } });
const resultsFor = (s: AnyMachineSnapshot) => answers.get(pickerKeyword(pctx(s).keyword))!;

describeUiPaths({
  name: 'watchlistPicker',
  machine: pMachine,
  // The page's picker adds one project at a time.
  input: { mode: 'single' },
  events: (s) => {
    if (s.matches('closed')) return [{ type: 'OPEN', existing: [P.id] }] as Ev[];
    const list: Ev[] = [
      { type: 'CLOSE' },
      { type: 'TYPE', keyword: KEYWORD },
      { type: 'TYPE', keyword: 'u' },
    ];
    if (s.matches({ open: 'searching' }))
      list.push(
        { type: 'xstate.done.actor.searchProjects', output: resultsFor(s) },
        { type: 'xstate.error.actor.searchProjects', error: serverError },
      );
    if (s.matches({ open: 'failed' })) list.push({ type: 'RETRY' });
    if (s.matches({ open: 'ready' })) {
      const results = pctx(s).results;
      if (results.some((p) => p.id === P.id)) list.push({ type: 'PICK', projectId: P.id });
      const other = results.find((p) => p.id !== P.id);
      if (other) list.push({ type: 'PICK', projectId: other.id });
    }
    return list;
  },
  serializeState: (s) => {
    const c = pctx(s);
    return JSON.stringify({ v: s.value, k: c.keyword, e: c.existing, r: c.results.map((p) => p.id) });
  },
  // Once a project is added the list holds it: the path ends there.
  feasible: (path) => endsClosedAfterOneAdd(stepsOf(pMachine, { mode: 'single' }, path)),
  open: async () => {
    const page = await signedInPage('ui-picker', [{ name: 'Picks', projects: [P.id] }]);
    holds.set(page, { searchProjects: await holdRequests(page, /\/api\/search-project/) });
    await page.goto('/my/watchlists');
    await projectRows(page).first().waitFor();
    return page;
  },
  close: (page) => page.close(),
  perform: {
    OPEN: ({ page }) => actionButton(page, 'Add Projects').click(),
    CLOSE: ({ page }) => picker(page).getByRole('button', { name: 'Close' }).click(),
    TYPE: ({ page, event }) => picker(page).getByRole('searchbox').fill(String(event.keyword)),
    RETRY: ({ page }) => picker(page).getByRole('button', { name: 'Retry' }).click(),
    PICK: ({ page, event }) => {
      const name = resultsNames.get(String(event.projectId))!;
      return picker(page)
        .locator('[data-part="option"]')
        .filter({ has: page.locator('.picker-name').getByText(name, { exact: true }) })
        .click();
    },
    'xstate.done.actor.searchProjects': ({ page }) => hold(page, 'searchProjects').answer(),
    'xstate.error.actor.searchProjects': ({ page }) => hold(page, 'searchProjects').fail(),
  },
  states: {
    // Closed; after an add the list holds the picked project.
    'watchlistPicker.closed': async (page, _snapshot, step) => {
      await eventually(async () => expect(await picker(page).count()).toBe(0));
      if (step.emitted.length > 0)
        await eventually(async () => {
          expect(await toast(page).locator('span').first().textContent()).toBe(WATCHLIST_MESSAGES.added);
          expect(await page.locator('.watchlist-header p.muted').textContent()).toBe(countText(2));
        }, 10_000);
    },
    'watchlistPicker.open': async (page, snapshot) =>
      eventually(async () => {
        expect(await picker(page).getByRole('heading', { level: 2 }).textContent()).toBe('Add Projects');
        expect(await picker(page).locator('.muted').first().textContent()).toBe(
          'Pick a project to add to Picks.',
        );
        expect(await picker(page).getByRole('searchbox').inputValue()).toBe(pctx(snapshot).keyword);
        expect(await picker(page).locator('#picker-heading').textContent()).toBe(
          pickerKeyword(pctx(snapshot).keyword) === '' ? 'Trending Projects' : 'Search Results',
        );
      }),
    // The previous results stay, marked busy; with none yet, skeleton rows.
    'watchlistPicker.open.searching': async (page, snapshot) =>
      eventually(async () => {
        const list = picker(page).locator('[data-part="list"] ul');
        expect(await list.getAttribute('aria-busy')).toBe('true');
        const results = pctx(snapshot).results;
        if (results.length === 0) expect(await list.locator('.skeleton').count()).toBe(5);
        else expect(await list.locator('.picker-name').allTextContents()).toEqual(results.map((p) => p.name));
      }),
    // The server's results; the ones already in the list marked.
    'watchlistPicker.open.ready': async (page, snapshot) =>
      eventually(async () => {
        const { results, existing } = pctx(snapshot);
        const options = picker(page).locator('[data-part="option"]');
        expect(await picker(page).locator('[data-part="list"] ul').getAttribute('aria-busy')).toBe('false');
        expect(await options.locator('.picker-name').allTextContents()).toEqual(results.map((p) => p.name));
        const pressed = await options.evaluateAll((els) => els.map((el) => el.getAttribute('aria-pressed')));
        expect(pressed).toEqual(results.map((p) => String(existing.includes(p.id))));
      }),
    'watchlistPicker.open.failed': async (page) =>
      eventually(async () => {
        const list = picker(page).locator('[data-part="list"]');
        expect(await list.locator('p').textContent()).toBe('Something went wrong');
        expect(await list.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
        expect(await list.locator('[data-part="option"]').count()).toBe(0);
      }),
  },
});

// ---------------------------------------------------------------------------------------------------------------
// createWatchlist: the form, renaming 'Alpha' beside 'Beta'

const cctx = (s: AnyMachineSnapshot) => s.context as CreateWatchlistContext;

describeUiPaths({
  name: 'createWatchlist',
  machine: createWatchlistMachine,
  input: undefined,
  events: (s) =>
    s.matches('closed')
      ? ([{ type: 'OPEN', existingNames: ['Beta'], name: 'Alpha', purpose: 'rename' }] as Ev[])
      : [
          { type: 'CHANGE', value: '' },
          { type: 'CHANGE', value: ' Beta ' },
          { type: 'CHANGE', value: '  Delta and a name over twenty' },
          { type: 'SUBMIT' },
          { type: 'CANCEL' },
        ],
  // Once submitted the list has its new name: the path ends there.
  feasible: (path) => endsClosedAfterOneAdd(stepsOf(createWatchlistMachine, undefined, path)),
  open: async () => {
    const page = await signedInPage('ui-form', [{ name: 'Alpha' }, { name: 'Beta' }]);
    await page.goto('/my/watchlists');
    await title(page).getByText('Alpha', { exact: true }).waitFor();
    await listItems(page).nth(1).waitFor();
    return page;
  },
  close: (page) => page.close(),
  perform: {
    OPEN: ({ page }) => actionButton(page, 'Rename').click(),
    CHANGE: ({ page, event }) => page.locator('#watchlist-name').fill(String(event.value)),
    SUBMIT: ({ page }) => page.locator('#watchlist-name').press('Enter'),
    CANCEL: ({ page }) => form(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  states: {
    // Closed; after a submit the list carries the new name.
    'createWatchlist.closed': async (page, _snapshot, step) => {
      await eventually(async () => expect(await form(page).count()).toBe(0));
      const submitted = step.emitted[0] as { name: string } | undefined;
      if (submitted)
        await eventually(async () => {
          expect(await title(page).textContent()).toBe(submitted.name);
          expect(await toast(page).locator('span').first().textContent()).toBe(WATCHLIST_MESSAGES.renamed);
        }, 10_000);
      else expect(await title(page).textContent()).toBe('Alpha');
    },
    'createWatchlist.open': async (page, snapshot) =>
      eventually(async () => {
        const { name, error } = cctx(snapshot);
        const input = page.locator('#watchlist-name');
        expect(await form(page).getByRole('heading').textContent()).toBe('Rename Watchlist');
        expect(await input.inputValue()).toBe(name);
        expect(await input.getAttribute('maxlength')).toBe('20');
        expect(await form(page).locator('.field-hint').textContent()).toBe(NAME_HINT);
        expect(await input.getAttribute('aria-invalid')).toBe(error ? 'true' : null);
        if (error) expect(await form(page).getByRole('alert').textContent()).toBe(error);
        else expect(await form(page).getByRole('alert').count()).toBe(0);
      }),
  },
});
