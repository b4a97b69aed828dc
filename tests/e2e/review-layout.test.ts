import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CHAT_LINK } from '../../src/lib/nav';
import { booleanFlagsFile } from '../helpers/flags';
import { signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, PHONE, scrollThrough, serverAndBrowser } from './harness';
import { acceptCookies, horizontalOverflow, openAt } from './site-helpers';

/*
 * What a new visitor found at 1440 and 375 px: a footer QR code no reader decodes, and layout faults on the
 * portfolio, settings, project, blog and leaderboard pages and the tour on a phone. Each test performs the visit and
 * measures what the visitor sees.
 */

const run = serverAndBrowser(() => {
  // The portfolio page exists only with its flag on (off by default); the other flags keep their defaults.
  return { FLAGS_FILE: booleanFlagsFile({ portfolio: 'on', extendedUserSetting: 'on' }) };
});

describe('footer QR code', () => {
  it('decodes, as a phone camera would read it, to the chat link', async () => {
    const { context, page } = await openAt(run, '/company/about');
    await scrollThrough(page);
    const chat = page.locator('footer').getByRole('link', { name: CHAT_LINK.label });
    await chat.scrollIntoViewIfNeeded();
    await chat.hover();
    const qr = page.locator('footer .qr-popup svg');
    await qr.waitFor({ state: 'visible' });
    const { data, info } = await sharp(await qr.screenshot())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    expect(read?.data).toBe(CHAT_LINK.href);
    await context.close();
  });
});

const csrf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;

/** A signed-in visitor who has done the onboarding survey (so it does not cover the page) and accepted cookies. */
async function signedIn(page: Page, prefix: string) {
  await acceptCookies(page);
  await signUpAndSignIn(page, prefix);
  const headers = { 'x-csrf-token': await csrf(page) };
  const survey = await page.request.post('/api/user/survey/upload', {
    data: { survey: { userType: 'Retail Investor', projects: [] } },
    headers,
  });
  expect(survey.status()).toBe(200);
  return headers;
}

/** The element's border box, and its content box (inside its padding). */
const boxes = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    return {
      left: r.left,
      right: r.right,
      top: r.top,
      bottom: r.bottom,
      contentLeft: r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft),
      contentRight: r.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight),
    };
  });

describe('portfolio (flag on)', () => {
  it('fits a phone: the risk overview of projects with long names does not scroll the page sideways', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, PHONE);
    const headers = await signedIn(page, 'portfolio-phone');
    // Long one-word names are the hardest for a narrow table.
    const created = await page.request.post('/api/watchlist/create', {
      data: {
        name: 'Long names',
        projects: ['singularitynet', 'crystalbridge', 'decentraland', 'nimbusledger', 'ethereum'],
      },
      headers,
    });
    expect(created.status(), await created.text()).toBe(200);
    await page.goto('/my/portfolio');
    const risk = page.getByRole('region', { name: 'Risk overview' });
    await risk.getByRole('link', { name: 'SingularityNET' }).waitFor();
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const card = await boxes(risk);
    const table = await boxes(risk.getByRole('table'));
    expect(table.right).toBeLessThanOrEqual(card.contentRight + 0.5);
    await context.close();
  });

  it('keeps the Amount field inside its card at 1440 px', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, DESKTOP);
    await signedIn(page, 'portfolio-desk');
    await page.goto('/my/portfolio');
    const holdings = page.locator('[data-scope="holdings"]');
    const amount = holdings.getByLabel('Amount (USD)');
    await amount.waitFor();
    const card = await boxes(holdings);
    const input = await boxes(amount);
    expect(input.left).toBeGreaterThanOrEqual(card.contentLeft - 0.5);
    expect(input.right).toBeLessThanOrEqual(card.contentRight + 0.5);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('leaderboard on a phone', () => {
  it('shows "Ethereum" whole in its row at 375 px, and home does not scroll sideways', async () => {
    const { context, page } = await openAt(run, '/', PHONE);
    const row = page.locator('[data-scope="leaderboard"] tr[data-project="ethereum"]');
    await row.scrollIntoViewIfNeeded();
    const name = row.getByRole('link', { name: 'Ethereum', exact: true });
    await name.waitFor();
    const fit = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('settings', () => {
  it.each([
    ['1440 px', DESKTOP],
    ['375 px', PHONE],
  ])(
    'shows the whole wallet placeholder, the Chain label in line, one body text size, at %s',
    async (_label, viewport) => {
      const { context, page } = await newPage(run.browser, run.server.url, viewport);
      await signedIn(page, 'settings-layout');
      await page.goto('/my/settings');
      const address = page.getByLabel('Wallet address');
      const chain = page.getByLabel('Chain', { exact: true });
      await address.waitFor();

      // The placeholder's text, in the font the browser draws it with, fits the field's content box.
      const placeholder = await address.evaluate((el: HTMLInputElement) => {
        const field = getComputedStyle(el);
        const drawn = getComputedStyle(el, '::placeholder');
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${drawn.fontStyle} ${drawn.fontWeight} ${drawn.fontSize} ${drawn.fontFamily}`;
        const room = el.clientWidth - parseFloat(field.paddingLeft) - parseFloat(field.paddingRight);
        return { text: el.placeholder, width: ctx.measureText(el.placeholder).width, room };
      });
      expect(placeholder.text).not.toBe('');
      expect(placeholder.width).toBeLessThanOrEqual(placeholder.room);

      // Each label sits just above its control, with the same gap; fields sharing a row share their lines.
      const field = async (control: Locator) =>
        control.evaluate((el) => {
          const label = document.querySelector(`label[for="${el.id}"]`)!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return {
            labelTop: label.top,
            labelLeft: label.left,
            top: box.top,
            left: box.left,
            bottom: box.bottom,
            gap: box.top - label.bottom,
          };
        });
      const [a, c] = [await field(address), await field(chain)];
      expect(c.labelLeft).toBeCloseTo(c.left, 0);
      expect(c.gap).toBeCloseTo(a.gap, 0);
      expect(c.bottom - c.top).toBeCloseTo(a.bottom - a.top, 0);
      const sameRow = c.top < a.bottom && a.top < c.bottom;
      if (sameRow) {
        expect(c.labelTop).toBeCloseTo(a.labelTop, 0);
        expect(c.top).toBeCloseTo(a.top, 0);
      }

      // The cards' descriptions read at one size.
      const sizes = await Promise.all(
        [
          page.getByText('Read projects, the leaderboard, search', { exact: false }),
          page.getByText('Alerts (score moves, tier and badge changes', { exact: false }),
          page.getByText('Take the tour of the home page again', { exact: false }),
        ].map(async (text) => {
          await text.waitFor();
          return text.evaluate((el) => getComputedStyle(el).fontSize);
        }),
      );
      expect(new Set(sizes).size, sizes.join(', ')).toBe(1);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    },
  );
});

describe('project page at 1440 px', () => {
  it('has two columns of about equal height, and whole function names', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, DESKTOP);
    await acceptCookies(page);
    // Uniswap: a token with contracts and function calls (a native coin such as Ether has neither).
    await page.goto('/projects/uniswap');
    await scrollThrough(page);
    const functions = page
      .locator('.toplist')
      .filter({ hasText: 'Top function calls' })
      .locator('li .toplist-row > span:first-child');
    await functions.first().waitFor();
    // Every panel of the page has arrived (the parts below the fold load as the reader scrolls past them).
    await page.getByRole('heading', { name: 'Social activity' }).waitFor();
    await page.getByRole('heading', { name: 'Privileged access' }).waitFor();
    // The right column's last panels: the peers (loaded when scrolled to) and the contracts with their rows.
    await page.locator('[data-scope="peers"] [data-part="me"]').waitFor();
    await page.locator('section.contracts-panel[aria-busy="false"]').waitFor();
    const columns = await page.evaluate(() =>
      [...document.querySelectorAll('.project-grid > *')].map((column) => {
        const panels = [...column.querySelectorAll('section.panel')].map((s) => s.getBoundingClientRect());
        return {
          left: column.getBoundingClientRect().left,
          bottom: Math.max(...panels.map((r) => r.bottom)) + window.scrollY,
        };
      }),
    );
    // Two columns side by side; neither stands empty for more than a screen while the other goes on.
    expect(columns).toHaveLength(2);
    expect(columns[1]!.left).toBeGreaterThan(columns[0]!.left);
    expect(Math.abs(columns[0]!.bottom - columns[1]!.bottom)).toBeLessThan(900);

    const names = await functions.evaluateAll((spans) =>
      spans.map((s) => ({ text: s.textContent, cut: s.scrollWidth > s.clientWidth })),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => n.cut)).toEqual([]);
    await context.close();
  });
});

describe('guided tour on a phone', () => {
  it('keeps the cookie notice from under the tooltip at every step; the notice is back after the tour', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, PHONE);
    await page.goto('/?tour=true');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    const tooltip = page.locator('[data-scope="tour"][role="dialog"]');
    for (let step = 1; step <= 6; step++) {
      await tooltip.getByText(`${step} of 6`, { exact: true }).waitFor();
      await page.locator('[data-scope="tour"][role="dialog"][data-status="open"]').waitFor();
      const tip = (await tooltip.boundingBox())!;
      const box = (await notice.count()) ? await notice.boundingBox() : null;
      if (box) {
        const apart =
          tip.x + tip.width <= box.x ||
          box.x + box.width <= tip.x ||
          tip.y + tip.height <= box.y ||
          box.y + box.height <= tip.y;
        expect(apart, `step ${step}: tooltip ${JSON.stringify(tip)} notice ${JSON.stringify(box)}`).toBe(
          true,
        );
      }
      if (step < 6) await tooltip.getByRole('button', { name: 'Next' }).click();
    }
    await page.keyboard.press('Escape');
    await tooltip.getByRole('button', { name: /^Yes, skip/ }).click();
    await tooltip.waitFor({ state: 'detached' });
    await notice.getByRole('button', { name: 'I Accept' }).waitFor();
    await context.close();
  });
});

describe('blog', () => {
  it.each([
    ['1440 px', DESKTOP],
    ['375 px', PHONE],
  ])('fills every row of its grid but the last, and the first, at %s', async (_label, viewport) => {
    const { context, page } = await openAt(run, '/resources/blog', viewport);
    const grid = page.locator('.post-grid');
    await grid.locator('article').first().waitFor();
    const layout = await grid.evaluate((el) => {
      const right = el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight);
      const rows = new Map<number, number>();
      for (const card of el.children) {
        const r = card.getBoundingClientRect();
        rows.set(Math.round(r.top), Math.max(rows.get(Math.round(r.top)) ?? 0, r.right));
      }
      return { right, rows: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, end]) => end) };
    });
    const unfilled = layout.rows
      .map((end, i) => ({ row: i + 1, end }))
      .filter(({ row, end }) => (row === 1 || row < layout.rows.length) && end < layout.right - 1);
    expect(unfilled, `grid ends at ${layout.right}`).toEqual([]);
    await context.close();
  });
});
