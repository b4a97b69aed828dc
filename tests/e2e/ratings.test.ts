import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Methodology, ScoreHistory } from '../../api/ratings';
import { DESKTOP, PHONE, newPage, picture, serverAndBrowser } from './harness';
import { acceptCookies, expectNoAxeViolations, horizontalOverflow, openAt } from './site-helpers';

/** In Chromium: the project page's score chart, "Why this score", peers, and /resources/methodology. */

const run = serverAndBrowser();
/** A well-known project whose 90-day history has points and at least one marker. */
let projectId: string;
let history: ScoreHistory;
const api = async <T>(path: string) => (await (await fetch(`${run.server.url}${path}`)).json()) as T;

beforeAll(async () => {
  const top = await api<{ items: { id: string }[] }>('/api/leaderboard?pageSize=20');
  for (const { id } of top.items) {
    const h = await api<ScoreHistory>(`/api/projects/${id}/score-history?range=90d`);
    if (h.points.length >= 2 && h.markers.length > 0) {
      projectId = id;
      history = h;
      break;
    }
  }
});

async function openProject(page: Page) {
  expect(projectId, 'a top project with a 90-day history and a marker').toBeDefined();
  await acceptCookies(page);
  await page.goto(`/projects/${projectId}`);
  await page.locator('[data-scope="score-chart"] svg[role="img"]').waitFor();
}

describe('project page ratings', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the score chart with its points and markers, "Why this score" and peers (${label})`, async () => {
      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      await openProject(page);
      const chart = page.locator('[data-scope="score-chart"]');
      expect(await chart.locator('svg[role="img"]').getAttribute('data-points')).toBe(
        String(history.points.length),
      );
      expect(await chart.getByRole('button', { name: '90d' }).getAttribute('aria-pressed')).toBe('true');
      const markers = chart.locator('[data-part="marker"]');
      expect(await markers.count()).toBeGreaterThan(0);
      // A marker names its move, and shows it on focus.
      const name = (await markers.first().getAttribute('aria-label'))!;
      expect(history.markers.some((m) => name.endsWith(m.label))).toBe(true);
      await markers.first().focus();
      await chart.getByRole('tooltip').waitFor();

      // The range switch asks for the wider range; a category series can be added.
      await chart.getByRole('button', { name: '180d' }).click();
      await page.waitForFunction(() =>
        /last 180 days/.test(
          document.querySelector('[data-scope="score-chart"] svg[role="img"]')?.getAttribute('aria-label') ??
            '',
        ),
      );
      await chart.getByRole('button', { name: 'Code Security' }).click();
      expect(await chart.locator('path[data-series="codeSecurity"]').count()).toBe(1);

      const why = page.locator('[data-scope="why-score"]');
      await why.locator('.why-signal').first().waitFor();
      expect(await why.locator('.why-category').count()).toBe(6);
      expect(await why.locator('.why-signal').count()).toBeGreaterThanOrEqual(24);
      expect(await why.getByText('Audit freshness', { exact: true }).count()).toBe(1);
      await page.locator('[data-scope="peers"] [data-part="me"]').waitFor();
      expect(await page.locator('[data-scope="peers"]').textContent()).toMatch(/Top \d+% of .+ projects/);

      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The page at rest: a pointer left over an address shows its full-address tip, which covers the address below
      // it (axe then measured that text against the tip's dark background).
      await page.mouse.move(0, 0);
      await expectNoAxeViolations(page);

      if (label === 'desktop') {
        await chart.getByRole('button', { name: '90d' }).click();
        await page.waitForFunction(() =>
          /last 90 days/.test(
            document
              .querySelector('[data-scope="score-chart"] svg[role="img"]')
              ?.getAttribute('aria-label') ?? '',
          ),
        );
        await markers.first().hover();
        await chart.getByRole('tooltip').waitFor();
        await picture(chart, 'ratings-chart-desktop');
        await picture(why, 'ratings-why-desktop');
        await picture(page.locator('[data-scope="peers"]'), 'ratings-peers-desktop');
      } else {
        await markers.first().focus();
        await chart.getByRole('tooltip').waitFor();
        // The tooltip stays inside the page.
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await picture(chart, 'ratings-chart-phone');
      }
      await context.close();
    });
  }

  it('keeps the chart’s height while another range loads (no layout shift)', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, DESKTOP);
    await openProject(page);
    const box = async () => (await page.locator('[data-scope="score-chart"]').boundingBox())!.height;
    const before = await box();
    await page.route('**/score-history?range=30d', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.locator('[data-scope="score-chart"]').getByRole('button', { name: '30d' }).click();
    expect(await box()).toBe(before);
    await page.waitForFunction(() =>
      /last 30 days/.test(
        document.querySelector('[data-scope="score-chart"] svg[role="img"]')?.getAttribute('aria-label') ??
          '',
      ),
    );
    expect(await box()).toBe(before);
    await context.close();
  });
});

describe('/resources/methodology', () => {
  it('publishes every category and signal, the tiers and the cap, linked from the footer', async () => {
    const m = await api<Methodology>('/api/methodology');
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page } = await openAt(run, '/', viewport);
      await page.locator('footer').getByRole('link', { name: 'Rating Methodology' }).click();
      await page.getByRole('heading', { name: 'Rating methodology', level: 1 }).waitFor();
      await page.locator('tr[data-signal]').first().waitFor();
      expect(page.url()).toBe(`${run.server.url}/resources/methodology`);
      const signals = m.categories.flatMap((c) => c.signals);
      expect(await page.locator('tr[data-signal]').count()).toBe(signals.length);
      for (const s of signals)
        expect(await page.locator(`tr[data-signal="${s.key}"]`).textContent()).toContain(s.label);
      expect(await page.locator('main').textContent()).toContain(m.version);
      expect(await page.locator('main').textContent()).toContain(
        `cannot score more than ${m.unauditedCodeSecurityMax} in Code Security`,
      );
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      if (label === 'desktop') await picture(page, 'methodology-desktop', { fullPage: true });
      await context.close();
    }
  });
});
