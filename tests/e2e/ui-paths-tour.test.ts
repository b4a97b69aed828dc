/**
 * The guided tour's paths driven through the home page in Chromium, against the real server.
 *
 * The user's events are clicks and keys in the tour's tooltip and cards. The page's events are the component's
 * own answers, performed by waiting for what it does: MOUNTED (the layer appears), TARGET_FOUND and POSITIONED
 * (the step's tooltip shows), TARGET_UNAVAILABLE (the tour logs the missing target and moves on: the chunk with
 * the Trending / Recently audited / In the works strips is held, as on a slow network, so their anchors are
 * missing). The session is held while the tour waits for it (SESSION lets it through, signed in or not), and a
 * sign-in mid-tour happens in another tab of the same browser (the storage broadcast makes this tab refetch).
 * A saved tour is resumed the way a reload resumes it: from the tab's session storage.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { SESSION_BROADCAST_KEY } from '../../machines/auth/session/session.machine';
import { TOUR_STORAGE_KEY } from '../../machines/account/tour/tour.dom';
import { tourMachine } from '../../machines/account/tour/tour.machine';
import { TOUR_CARDS, stepById } from '../../machines/account/tour/tour.steps';
import type {
  CardId,
  SavedTour,
  StepId,
  TourContext,
  TourEvent,
} from '../../machines/account/tour/tour.types';
import { tourStateKey } from '../paths/stateKeys';
import { signInApi, signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, startServerAndBrowser } from './harness';
import { acceptCookies } from './site-helpers';
import { describeUiPaths, eventually } from './ui-model';

const { server, browser } = await startServerAndBrowser();

/** One account for the signed-in paths: signed up and in once, its session cookies given to each path's browser. */
const account = await (async () => {
  const { context, page } = await newPage(browser, server.url, DESKTOP);
  const email = await signUpAndSignIn(page, 'tour-ui');
  const cookies = await context.cookies();
  await context.close();
  return { email, cookies };
})();

const model = tourMachine;

/** The anchors rendered by the lazily loaded strips chunk: missing while that chunk is held. */
const STRIPS: StepId[] = ['trending', 'recently-audited', 'in-the-works'];
const STRIPS_CHUNK = /\/assets\/ProjectStrips-[^/]*\.js$/;

type Ui = {
  context: BrowserContext;
  /** Session requests held while the tour waits for the session. */
  session: { holding: boolean; held: Route[] };
  /** The tour's console warnings, and how many of each the performed events took. */
  warnings: string[];
  taken: Map<string, number>;
};
const uis = new WeakMap<Page, Ui>();
const ui = (page: Page) => uis.get(page)!;

const ctx = (s: AnyMachineSnapshot) => s.context as TourContext;
const stepOf = (s: AnyMachineSnapshot) => ctx(s).steps[ctx(s).index]!;

const root = (page: Page) => page.locator('[data-scope="tour"][data-part="root"]');
const tooltip = (page: Page) => page.locator('[data-scope="tour"][data-part="tooltip"]');
const card = (page: Page) => page.locator('[data-scope="tour"][data-part="card"]');
const part = (page: Page, name: string) => root(page).locator(`[data-scope="tour"][data-part="${name}"]`);
const text = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).join('|');
const saved = (page: Page) =>
  page.evaluate((key) => {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as SavedTour);
  }, TOUR_STORAGE_KEY);
const warningFor = (stepId: StepId) => `Target not mounted [data-tour="${stepId}"]`;

function events(s: AnyMachineSnapshot): TourEvent[] {
  const c = ctx(s);
  if (s.matches('idle'))
    return [
      { type: 'START' },
      { type: 'START', resume: { stepId: 'trending' } },
      { type: 'START', resume: { stepId: 'search', card: 'skip' } },
      { type: 'START', resume: { stepId: 'in-the-works', card: 'complete' } },
    ];
  if (s.matches('finished') || s.matches('skipped')) return [{ type: 'START' }];
  if (s.matches('waiting'))
    return [
      { type: 'SESSION', signedIn: true },
      { type: 'SESSION', signedIn: false },
    ];
  if (s.matches('ready')) return [{ type: 'MOUNTED' }];
  if (s.matches({ running: { step: 'init' } }))
    return STRIPS.includes(stepOf(s))
      ? [{ type: 'TARGET_FOUND' }, { type: 'TARGET_UNAVAILABLE', problem: 'not-mounted' }]
      : [{ type: 'TARGET_FOUND' }];
  if (s.matches({ running: { step: 'ready' } })) return [{ type: 'POSITIONED' }];
  if (s.matches({ running: { step: 'tooltip' } }))
    return [
      { type: 'NEXT' },
      { type: 'PREV' },
      { type: 'CLOSE' },
      // A sign-in in another tab (an anonymous tour only: the account is made on the spot).
      ...(c.signedIn === false ? [{ type: 'SESSION', signedIn: true } as const] : []),
    ];
  if (s.matches({ running: { card: 'skip' } }))
    return [{ type: 'GO', index: c.returnIndex ?? 0 }, { type: 'CLOSE' }, { type: 'SKIP' }];
  if (s.matches({ running: 'card' })) return [{ type: 'NEXT' }, { type: 'CLOSE' }];
  return [];
}

/**
 * A path holds the strips chunk when it has a target missing; then no strips target may be found either. After
 * a session change the tour is gone from the page (its launcher unmounts), so nothing follows it.
 */
function feasible(path: EventObject[]): boolean {
  const blocked = path.some((e) => e.type === 'TARGET_UNAVAILABLE');
  const actor = createActor(model, { input: { signedIn: null } }).start();
  try {
    for (const event of path) {
      const s = actor.getSnapshot();
      if (blocked && event.type === 'TARGET_FOUND' && STRIPS.includes(stepOf(s))) return false;
      if (s.matches('paused')) return false;
      actor.send(event as TourEvent);
    }
    // The layer leaves `ready` (once the session is known) and a found step's `ready` on its own at once:
    // longer paths take them anyway.
    const end = actor.getSnapshot();
    if (end.matches('ready') && path.at(-1)?.type === 'SESSION') return false;
    return !end.matches({ running: { step: 'ready' } });
  } finally {
    actor.stop();
  }
}

/** Whether the page was served to nobody signed in: its flags name no identity (src/first-load/liveApp.ts). */
const servedSignedOut = async (page: Page) => {
  const flags = JSON.parse((await page.locator('#flags-data').textContent()) ?? 'null') as {
    identity: unknown;
  } | null;
  return flags?.identity === null;
};

/** Lets the held session requests through; later ones pass until the next START that waits for the session. */
async function releaseSession(page: Page) {
  const session = ui(page).session;
  await eventually(() => expect(session.held.length).toBeGreaterThan(0), 15_000);
  session.holding = false;
  for (const route of session.held.splice(0)) await route.continue();
}

/** Waits for the component's own answer: the step's tooltip, placed and shown. */
async function stepShown(page: Page, s: AnyMachineSnapshot) {
  const title = stepById(stepOf(s)).title;
  await eventually(async () => {
    expect(await text(page, '[data-scope="tour"][data-part="tooltip"] [data-part="title"]')).toBe(title);
    expect(await tooltip(page).getAttribute('data-status')).toBe('open');
  }, 10_000);
}

/** Nothing of the tour on the page, nothing saved, the `tour` flag gone from the address. */
async function expectGone(page: Page) {
  await eventually(async () => {
    expect(await root(page).count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('tour')).toBe(false);
    expect(await saved(page)).toBeNull();
  });
}

async function expectCard(page: Page, id: CardId, stored: SavedTour) {
  const expected = TOUR_CARDS[id];
  await eventually(async () => {
    expect(await root(page).getAttribute('data-status')).toBe('running');
    expect(await card(page).getAttribute('data-card')).toBe(id);
    expect(await tooltip(page).count()).toBe(0);
    expect(await part(page, 'overlay').getAttribute('class')).toContain('tour-overlay--dim');
    expect(await card(page).locator('[data-part="title"]').textContent()).toBe(expected.title);
    expect(await card(page).locator('[data-part="description"]').textContent()).toBe(expected.text);
    expect(await part(page, 'live').textContent()).toBe(expected.title);
    expect(await saved(page)).toEqual(stored);
  });
}

describeUiPaths({
  name: 'tour',
  machine: model,
  input: { signedIn: null },
  events: events as (s: AnyMachineSnapshot) => EventObject[],
  // As the path test, and a run that had a target missing (its page holds the strips chunk) apart from one that had none.
  serializeState: (s) => tourStateKey(s, [ctx(s).lastProblem !== null]),
  limit: 20_000,
  feasible,
  open: async (path) => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await acceptCookies(page);
    // The first-login survey was answered 'later' just now (it would cover the page).
    await context.addInitScript(() =>
      localStorage.setItem('survey-last-notification-time', String(Date.now())),
    );
    const state: Ui = { context, session: { holding: false, held: [] }, warnings: [], taken: new Map() };
    uis.set(page, state);
    page.on('console', (m) => {
      if (m.type() === 'warning') state.warnings.push(m.text());
    });
    await page.route('**/api/auth/session', (route) =>
      state.session.holding ? void state.session.held.push(route) : route.continue(),
    );
    // A missing target: the strips chunk never arrives.
    if (path.some((e) => e.type === 'TARGET_UNAVAILABLE')) await page.route(STRIPS_CHUNK, () => undefined);
    const firstSession = path.find((e): e is Extract<TourEvent, { type: 'SESSION' }> => e.type === 'SESSION');
    if (firstSession?.signedIn === true) await context.addCookies(account.cookies);
    // The tour is not on the page yet (START loads the home page).
    return page;
  },
  close: (page) => ui(page).context.close(),
  perform: {
    START: async ({ page, event, step }) => {
      ui(page).session.holding = ctx(step.before).signedIn === null;
      const resume = (event as Extract<TourEvent, { type: 'START' }>).resume;
      if (resume) {
        // A tour saved in this tab resumes when the page loads again.
        if (!page.url().startsWith(server.url)) await page.goto('/favicon.svg');
        await page.evaluate(
          ([key, value]) => sessionStorage.setItem(key!, value!),
          [TOUR_STORAGE_KEY, JSON.stringify(resume)],
        );
        await page.goto('/');
      } else {
        await page.goto('/?tour=true');
      }
    },
    SESSION: async ({ page, event, step }) => {
      if (step.before.matches('waiting')) return releaseSession(page);
      // Signed in in another tab: this tab hears of it through the storage broadcast and refetches.
      const { context } = ui(page);
      expect((await signInApi(page.request, account.email)).status()).toBe(200);
      const other = await context.newPage();
      await other.goto('/favicon.svg');
      await other.evaluate((key) => localStorage.setItem(key, String(Date.now())), SESSION_BROADCAST_KEY);
      await other.close();
      expect(event.signedIn).toBe(true);
      await eventually(async () => expect(await root(page).count()).toBe(0), 10_000);
    },
    MOUNTED: ({ page }) => root(page).waitFor({ state: 'attached', timeout: 10_000 }),
    TARGET_FOUND: async ({ page, step }) => {
      // The step's target was found: it is being positioned, or its tooltip already shows.
      const title = stepById(stepOf(step.after)).title;
      await eventually(async () => {
        const lifecycle = await root(page).getAttribute('data-lifecycle');
        const shown = await text(page, '[data-scope="tour"][data-part="tooltip"] [data-part="title"]');
        expect(lifecycle === 'ready' || (lifecycle === 'tooltip' && shown === title)).toBe(true);
      }, 10_000);
    },
    TARGET_UNAVAILABLE: async ({ page, step }) => {
      // The tour logs the missing target when it gives up on it.
      const warning = warningFor(stepOf(step.before));
      const state = ui(page);
      const taken = state.taken.get(warning) ?? 0;
      await eventually(
        () => expect(state.warnings.filter((w) => w === warning).length).toBeGreaterThan(taken),
        10_000,
      );
      state.taken.set(warning, taken + 1);
    },
    POSITIONED: ({ page, step }) => stepShown(page, step.after),
    NEXT: async ({ page, step }) => {
      if (step.before.matches({ running: { step: 'tooltip' } })) await part(page, 'next-trigger').click();
      else if (step.before.hasTag('card.complete-anonymous')) await part(page, 'sign-up').click();
      else await part(page, 'finish-trigger').click();
    },
    PREV: ({ page }) => part(page, 'prev-trigger').click(),
    CLOSE: async ({ page, step }) => {
      // The × of a step and the Close of the anonymous card; Escape elsewhere.
      if (step.before.hasTag('card.skip') || step.before.hasTag('card.complete-signed-in'))
        await page.keyboard.press('Escape');
      else await part(page, 'close-trigger').click();
    },
    GO: ({ page }) => part(page, 'stay-trigger').click(),
    SKIP: ({ page }) => part(page, 'skip-trigger').click(),
  },
  states: {
    'tour.idle': async (page) => expect(await root(page).count()).toBe(0),
    // The session is still loading: nothing of the tour shows yet. A guest's page says in its HTML that nobody is
    // signed in (flags made for no identity: the session machine's `servedSignedOut`), so there the session is
    // known before its request is answered, and the tour may already be on its way (a race the checks lost in CI).
    'tour.waiting': async (page) => {
      await eventually(() => expect(ui(page).session.held.length).toBeGreaterThan(0), 15_000);
      if (await servedSignedOut(page)) return;
      expect(await root(page).count()).toBe(0);
    },
    // The layer mounts as soon as the page's anchors are there; if it already did, it shows where it was told.
    'tour.ready': async (page, s) => {
      const c = ctx(s);
      expect(c.signedIn).not.toBeNull();
      if ((await root(page).count()) > 0 && (await tooltip(page).count()) > 0 && !STRIPS.includes(stepOf(s)))
        expect(await text(page, '[data-scope="tour"][data-part="tooltip"] [data-part="title"]')).toBe(
          stepById(stepOf(s)).title,
        );
    },
    'tour.running': async (page) =>
      eventually(async () => expect(await root(page).getAttribute('data-status')).toBe('running')),
    'tour.running.step.init': async (page, s) => {
      const stepId = stepOf(s);
      const title = stepById(stepId).title;
      await eventually(async () => {
        expect(await card(page).count()).toBe(0);
        const lifecycle = await root(page).getAttribute('data-lifecycle');
        const shown = await text(page, '[data-scope="tour"][data-part="tooltip"] [data-part="title"]');
        if (STRIPS.includes(stepId) && (await page.locator(`[data-tour="${stepId}"]`).count()) === 0) {
          // A missing target: nothing is shown while the tour waits for it (unless it already gave up).
          const gaveUp =
            ui(page).warnings.filter((w) => w === warningFor(stepId)).length >
            (ui(page).taken.get(warningFor(stepId)) ?? 0);
          if (!gaveUp) {
            expect(lifecycle).toBe('init');
            expect(shown).toBe('');
            expect(await part(page, 'spotlight').count()).toBe(0);
          }
        } else {
          expect(['init', 'ready', 'tooltip']).toContain(lifecycle);
          if (lifecycle === 'tooltip') expect(shown).toBe(title);
        }
      });
    },
    'tour.running.step.ready': async (page, s) => {
      // The target is on the page and brought into view.
      const target = page.locator(`[data-tour="${stepOf(s)}"]:visible`).first();
      await eventually(async () => expect(await target.isVisible()).toBe(true));
      const box = await target.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.y).toBeLessThan(viewport.height);
      expect(box!.y + box!.height).toBeGreaterThan(0);
    },
    'tour.running.step.tooltip': async (page, s) => {
      const c = ctx(s);
      const step = stepById(stepOf(s));
      const progress = `${c.index + 1} of ${c.steps.length}`;
      await eventually(async () => {
        expect(await root(page).getAttribute('data-lifecycle')).toBe('tooltip');
        expect(await card(page).count()).toBe(0);
        expect(await tooltip(page).getAttribute('data-status')).toBe('open');
        expect(await tooltip(page).locator('[data-part="title"]').textContent()).toBe(step.title);
        expect(await tooltip(page).locator('[data-part="description"]').textContent()).toBe(step.text);
        expect(await tooltip(page).locator('[data-part="progress-text"]').textContent()).toBe(progress);
        expect(await part(page, 'live').textContent()).toBe(`${progress}. ${step.title}. ${step.text}`);
        // Back only after the first step.
        expect(await part(page, 'prev-trigger').count()).toBe(c.index > 0 ? 1 : 0);
        expect(await part(page, 'next-trigger').textContent()).toBe('Next');
        expect(await part(page, 'close-trigger').getAttribute('aria-label')).toBe('Close the tour');
        expect(await part(page, 'spotlight').count()).toBe(1);
        expect(await part(page, 'beacon').count()).toBe(0);
        // Saved, so a reload resumes here.
        expect(await saved(page)).toEqual({ stepId: step.id });
      });
      // The anonymous tour never shows the account step.
      if (!c.signedIn) expect(step.id).not.toBe('account');
    },
    'tour.running.card.skip': async (page, s) => {
      const c = ctx(s);
      await expectCard(page, 'skip', { stepId: c.steps[c.returnIndex!]!, card: 'skip' });
      expect(await part(page, 'stay-trigger').textContent()).toBe('No, maybe later');
      expect(await part(page, 'skip-trigger').textContent()).toBe('Yes, skip');
    },
    'tour.running.card.completeAnonymous': async (page, s) => {
      await expectCard(page, 'complete-anonymous', { stepId: ctx(s).steps.at(-1)!, card: 'complete' });
      expect(await part(page, 'sign-up').textContent()).toBe('Create an account');
      expect(await part(page, 'close-trigger').textContent()).toBe('Close');
      expect(await part(page, 'finish-trigger').count()).toBe(0);
    },
    'tour.running.card.completeSignedIn': async (page, s) => {
      await expectCard(page, 'complete-signed-in', { stepId: ctx(s).steps.at(-1)!, card: 'complete' });
      expect(await part(page, 'finish-trigger').textContent()).toBe('Done');
      expect(await part(page, 'sign-up').count()).toBe(0);
    },
    'tour.finished': async (page, _s, step) => {
      await expectGone(page);
      // 'Create an account' opens the sign-up modal (a wide layout).
      if (step.event.type === 'NEXT' && step.before.hasTag('card.complete-anonymous'))
        await page.getByRole('dialog').getByRole('heading', { name: 'Sign up' }).waitFor();
    },
    'tour.skipped': expectGone,
    // Signed in elsewhere: the tour stops and the page shows the new session.
    'tour.paused': async (page) => {
      await expectGone(page);
      await page.locator('.account-area[data-status="authenticated"]').waitFor();
    },
  },
});
