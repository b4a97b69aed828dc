/**
 * The search machine's paths driven through the home page's search box in Chromium, against the real server.
 * The server's answers are held until the model's done or error event, so the loading state
 * is seen too; the results are the server's own (the model is fed them before planning).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ProjectSummary } from '../../api/projects';
import { effectiveKeyword, searchMachine } from '../../machines/projects/search/search.machine';
import { pending } from '../paths/harness';
import { newPage, startServerAndBrowser } from './harness';
import { acceptCookies } from './site-helpers';
import { describeUiPaths, eventually, holdRequests } from './ui-model';

const { server, browser } = await startServerAndBrowser();

const KEYWORD = 'uni';
/** The server's answers, which the model's done events carry (trending for a keyword below 2 characters). */
const answers = new Map<string, ProjectSummary[]>();
for (const keyword of ['', KEYWORD]) {
  const res = await fetch(`${server.url}/api/search-project?keyword=${encodeURIComponent(keyword)}`);
  answers.set(keyword, (await res.json()) as ProjectSummary[]);
}

const holds = new WeakMap<Page, Awaited<ReturnType<typeof holdRequests>>>();
const box = (page: Page) => page.locator('[data-scope="search"]:has(#hero-search-input)');
const input = (page: Page) => page.locator('#hero-search-input');

function events(s: AnyMachineSnapshot): EventObject[] {
  const list: (EventObject & Record<string, unknown>)[] = [
    { type: 'FOCUS' },
    { type: 'TYPE', keyword: KEYWORD },
    { type: 'TYPE', keyword: 'u' },
    { type: 'NEXT' },
    { type: 'PREV' },
    { type: 'CHOOSE' },
    { type: 'SELECT', index: 1 },
    { type: 'COMPARE', index: 1 },
    { type: 'CLOSE' },
  ];
  if (s.hasTag('loading')) {
    const output = answers.get(effectiveKeyword(s.context.keyword, s.context.minLength))!;
    list.push({ type: 'xstate.done.actor.searchProjects', output } as EventObject);
    list.push({ type: 'xstate.error.actor.searchProjects', error: new Error('down') } as EventObject);
  }
  return list;
}

describeUiPaths({
  name: 'search',
  machine: searchMachine.provide({ actors: { searchProjects: pending() } }),
  input: {},
  events,
  // What a person at the box can do: the first key press focuses it (FOCUS before any TYPE), and once a result is
  // chosen (or compared) another page replaces the box.
  feasible: (path) =>
    path[0]?.type !== 'TYPE' &&
    !path.slice(0, -1).some((e) => ['CHOOSE', 'SELECT', 'COMPARE'].includes(e.type)),
  open: async () => {
    const { page } = await newPage(browser, server.url);
    await acceptCookies(page);
    holds.set(page, await holdRequests(page, /\/api\/search-project/));
    await page.goto('/');
    await input(page).waitFor();
    return page;
  },
  close: (page) => page.context().close(),
  perform: {
    FOCUS: ({ page }) => input(page).click(),
    TYPE: ({ page, event }) => input(page).fill(String(event.keyword)),
    NEXT: ({ page }) => input(page).press('ArrowDown'),
    PREV: ({ page }) => input(page).press('ArrowUp'),
    CHOOSE: ({ page }) => input(page).press('Enter'),
    CLOSE: ({ page }) => input(page).press('Escape'),
    SELECT: ({ page, event }) => box(page).locator('[data-part="option"]').nth(Number(event.index)).click(),
    // The pointer's Compare chip on the row it hovers.
    COMPARE: async ({ page, event }) => {
      const row = box(page).locator('[data-part="option"]').nth(Number(event.index));
      await row.hover();
      await row.locator('[data-part="compare"]').click();
    },
    'xstate.done.actor.searchProjects': ({ page }) => holds.get(page)!.answer(),
    'xstate.error.actor.searchProjects': ({ page }) => holds.get(page)!.fail(),
  },
  states: {
    'search.closed': async (page, snapshot, step) => {
      const chosen = step.emitted.find((e) => e.type === 'chosen') as { project: ProjectSummary } | undefined;
      if (chosen) {
        // The chosen project's page opens.
        await page.waitForURL(`**/projects/${encodeURIComponent(chosen.project.id)}`);
        await eventually(async () =>
          expect(await page.locator('main h1').first().textContent()).toContain(chosen.project.name),
        );
        return;
      }
      if (step.event.type === 'COMPARE') {
        // The comparison opens with the project, waiting for a second one.
        const project = step.before.context.options[Number(step.event.index)] as ProjectSummary;
        await page.waitForURL(`**/compare?ids=${encodeURIComponent(project.id)}`);
        await page.getByRole('list', { name: 'Projects compared' }).getByText(project.name).waitFor();
        return;
      }
      await eventually(async () => {
        expect(await input(page).getAttribute('aria-expanded')).toBe('false');
        expect(await box(page).locator('[data-part="popup"]').isHidden()).toBe(true);
        expect(await input(page).inputValue()).toBe(snapshot.context.keyword);
      });
    },
    'search.open': async (page, snapshot) =>
      eventually(async () => {
        expect(await input(page).getAttribute('aria-expanded')).toBe('true');
        expect(await box(page).locator('[data-part="popup"]').isVisible()).toBe(true);
        expect(await input(page).inputValue()).toBe(snapshot.context.keyword);
      }),
    'search.open.loading': async (page) =>
      eventually(async () => {
        expect(await box(page).locator('[data-part="skeleton"]').count()).toBe(6);
        expect(await box(page).locator('[role="listbox"]').getAttribute('aria-busy')).toBe('true');
      }),
    'search.open.ready': async (page, snapshot) => {
      const { options, highlighted, keyword, minLength } = snapshot.context as {
        options: ProjectSummary[];
        highlighted: number;
        keyword: string;
        minLength: number;
      };
      await eventually(async () => {
        const rows = box(page).locator('[data-part="option"]');
        expect(await rows.locator('.search-name').allTextContents()).toEqual(options.map((p) => p.name));
        if (options.length > 0) {
          expect(await rows.nth(highlighted).getAttribute('aria-selected')).toBe('true');
          // The link under the results compares the highlighted one.
          expect((await box(page).locator('[data-part="compare-link"]').textContent())?.trim()).toBe(
            `Compare ${options[highlighted]!.name}`,
          );
        }
        expect(await box(page).getByText('Trending Search').isVisible()).toBe(
          keyword.trim().length < minLength,
        );
      });
    },
    'search.open.failed': async (page) =>
      eventually(async () =>
        expect(
          await box(page).getByText('Search is unavailable right now. Please try again.').isVisible(),
        ).toBe(true),
      ),
  },
});
