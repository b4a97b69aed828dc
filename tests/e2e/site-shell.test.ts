import { describe, expect, it } from 'vitest';
import type { Page, Request as PwRequest } from 'playwright-core';
import { PHONE, newPage, scrollThrough, serverAndBrowser } from './harness';
import { acceptCookies, chunksFetched, horizontalOverflow, openAt } from './site-helpers';

const run = serverAndBrowser();

/** The home page is drawn: the trending strip shows its first project. */
const trendingShown = (page: Page) => page.locator('[data-tour="trending"] .strip-row a').first().waitFor();
/** A new page (desktop unless told) on the home page, cookies accepted, once it is drawn. */
const openHome = async (viewport?: Parameters<typeof newPage>[2]) => {
  const { context, page } = await openAt(run, '/', viewport);
  await trendingShown(page);
  return { context, page };
};

describe('app shell', () => {
  it('shows the cookie notice until I Accept, also after a reload', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'I Accept' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('true');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('button', { name: 'Sign up' })
      .or(page.getByRole('link', { name: 'Sign up' }))
      .first()
      .waitFor();
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(0);
    await context.close();
  });

  it('keeps only the header bar fixed on a phone; the announcement scrolls away', async () => {
    const { context, page } = await openAt(run, '/', PHONE);
    const banner = page.getByRole('region', { name: 'Announcement' });
    await banner.waitFor();
    const header = page.locator('header.site-header');
    expect((await banner.boundingBox())!.y).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => window.scrollY === 600);
    const bar = (await header.boundingBox())!;
    expect(bar.y).toBe(0);
    expect(bar.height).toBeLessThanOrEqual(65); // the 64 px bar and its border
    const gone = (await banner.boundingBox())!;
    expect(gone.y + gone.height).toBeLessThanOrEqual(0);
    await context.close();
  });

  describe.each([
    ['1440 px', { width: 1440, height: 900 }],
    ['375 px', PHONE],
  ])('layout shift at %s', (_label, viewport) => {
    it.each(['/', '/projects/ethereum'])(
      '%s does not move under the reader: the announcement is in place from the first paint',
      async (url) => {
        const { context, page } = await newPage(run.browser, run.server.url, viewport);
        // Every layout shift from the first paint on (buffered), as Chromium reports them to CLS.
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: { value: number; sources: string[] }[] };
          w.shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
            }[]) {
              if (entry.hadRecentInput) continue;
              // Which node moved, and from where to where: a failure says what to look at.
              const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
              const sources = (entry.sources ?? []).map(
                (s) => `${s.node?.className ?? '?'} ${box(s.previousRect)} → ${box(s.currentRect)}`,
              );
              w.shifts.push({ value: entry.value, sources });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const html = await (await fetch(`${run.server.url}${url}`)).text();
        expect(html).toContain('<script type="application/json" id="announcement-data">{"content":');
        await page.goto(url);
        await page.getByRole('region', { name: 'Announcement' }).waitFor();
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(
          () => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts,
        );
        const total = shifts.reduce((sum, s) => sum + s.value, 0);
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
        await context.close();
      },
    );
  });

  const sdkLoaded = () =>
    performance.getEntriesByType('resource').some((e) => /\/openfeature-[^/]+\.js$/.test(e.name));

  it('has the flags in the page and loads the OpenFeature SDK only when they are due for a refresh', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    // What the page fetched of the SDK and of flag evaluations (watched from here: the page's own clock is faked).
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/openfeature-[^/]+\.js$/.test(r.url())) fetched.push('sdk');
      if (r.url().includes('/ofrep/v1/evaluate/flags')) fetched.push(`${r.method()} evaluation`);
    });
    await page.clock.install();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const inPage = await page.locator('#flags-data').textContent();
    expect(JSON.parse(inPage!)).toMatchObject({ identity: null, values: expect.any(Object) });
    // The page's values are the flags: neither the SDK nor an evaluation is fetched on load.
    await page.clock.runFor(5_000);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    // One poll interval later the SDK loads and evaluates, and keeps polling from then on.
    await page.clock.runFor(60_000);
    await expect.poll(() => fetched).toEqual(['sdk', 'POST evaluation']);
    await context.close();
  });

  it('loads the OpenFeature SDK early when the tab comes back into view', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(sdkLoaded)).toBe(false);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForFunction(sdkLoaded);
    await context.close();
  });

  it('dismisses the announcement banner, which then stays hidden for the same content', async () => {
    const announcement = (await (await fetch(`${run.server.url}/api/announcement`)).json()) as {
      content: string;
    } | null;
    expect(announcement?.content).toBeTruthy();
    const { context, page } = await openAt(run, '/');
    const banner = page.getByRole('region', { name: 'Announcement' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(announcement!.content);
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('ignoredBannerContent'))).toBe(
      announcement!.content,
    );
    await page.reload();
    await trendingShown(page);
    expect(await page.getByRole('region', { name: 'Announcement' }).count()).toBe(0);
    await context.close();
  });

  it('reveals the header search on / only from hero height − 70 px', async () => {
    const { context, page } = await openHome();
    const headerSearch = page.getByTestId('header-search');
    expect(await headerSearch.isVisible()).toBe(false);
    const hero = await page.evaluate(
      () => (document.querySelector('[data-hero]') as HTMLElement).offsetHeight,
    );
    await page.evaluate((y) => window.scrollTo(0, y), hero - 71);
    await page.waitForFunction((y) => window.scrollY === y, hero - 71);
    expect(await headerSearch.isVisible()).toBe(false);
    await page.evaluate((y) => window.scrollTo(0, y), hero - 70);
    await headerSearch.waitFor({ state: 'visible' });
    expect(await page.getByPlaceholder('Search project', { exact: true }).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await headerSearch.waitFor({ state: 'hidden' });
    // Reloaded scrolled down (the browser puts the page back where it was): the search shows, and the server's page
    // (rendered at the top) hydrates without a warning.
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    await page.evaluate((y) => window.scrollTo(0, y), hero + 200);
    await page.waitForFunction((y) => window.scrollY === y, hero + 200);
    await page.reload();
    await page.waitForFunction((y) => window.scrollY === y, hero + 200);
    await headerSearch.waitFor({ state: 'visible' });
    expect(problems).toEqual([]);
    // Other pages have no hero: the header search shows at once.
    await page.goto('/products/skynet');
    await page.getByPlaceholder('Search project', { exact: true }).waitFor({ state: 'visible' });
    await context.close();
  });

  it('shows whole project names in the 252 px header search, wrapping long ones', async () => {
    // The longest name among the first 100 projects of the leaderboard.
    const board = (await (await fetch(`${run.server.url}/api/leaderboard?pageSize=100`)).json()) as {
      items: { name: string }[];
    };
    const longest = board.items.map((p) => p.name).sort((a, b) => b.length - a.length)[0]!;
    expect(longest.length).toBeGreaterThan(20);
    const { context, page } = await openAt(run, '/products/skynet');
    const input = page.getByPlaceholder('Search project', { exact: true });
    await input.fill(longest);
    const option = page.getByRole('option').filter({ hasText: longest }).first();
    await option.waitFor();
    const name = option.locator('.search-name');
    expect(await name.textContent()).toBe(longest);
    const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    const listbox = await page.getByRole('listbox').boundingBox();
    const box = await name.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(listbox!.x + listbox!.width);
    await context.close();
  });

  it('sends a page view on each route change and scrolls to the top', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await acceptCookies(page);
    const views: string[] = [];
    page.on('request', (r: PwRequest) => {
      if (r.url().endsWith('/api/user/events') && r.method() === 'POST') {
        const body = r.postDataJSON() as { eventName: string; properties: { path: string } };
        if (body.eventName === 'page_view') views.push(body.properties.path);
      }
    });
    await page.goto('/');
    // Home's parts below the fold arrive as they are scrolled to and push the footer down: all of them first, so the
    // click lands on the link (it once landed beside it as a part arrived).
    await scrollThrough(page);
    const footer = page.locator('footer.site-footer');
    await footer.getByRole('link', { name: 'About Us' }).scrollIntoViewIfNeeded();
    await footer.getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.waitForFunction(() => document.title.startsWith('About Us'));
    await expect.poll(() => views).toEqual(['/', '/company/about']);
    await context.close();
  });

  it('shows the server error page at /500 and reports it to /api/errors', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await acceptCookies(page);
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/errors') && r.method() === 'POST');
    await page.goto('/500');
    await page.getByRole('heading', { level: 1, name: 'Oops' }).waitFor();
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Sorry, something went wrong.');
    expect(await main.textContent()).toContain(
      'Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.',
    );
    const report = (await reported).postDataJSON() as { title: string; description: string };
    expect(report.description).toContain('/500');
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await page.waitForURL(`${run.server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Security ratings for blockchain projects' }).waitFor();
    await context.close();
  });

  it('shows a not-found page for unknown routes and unknown projects', async () => {
    const { context, page } = await openAt(run, '/nothing/here');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.goto('/projects/no-such-project-anywhere');
    await page.getByRole('heading', { level: 1, name: 'Project not found' }).waitFor();
    await context.close();
  });

  it('opens Products and Company as disclosure buttons with a visible chevron, signed out', async () => {
    const { context, page } = await openAt(run, '/about-nothing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Products', 'Company']) {
      const button = nav.getByRole('button', { name: label });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      const chevron = await button.locator('svg').boundingBox();
      expect(chevron?.width).toBe(16);
      expect(await button.locator('svg').isVisible()).toBe(true);
    }
    const products = nav.getByRole('button', { name: 'Products' });
    const panel = page.locator(`[id="${await products.getAttribute('aria-controls')}"]`);
    await products.click();
    expect(await products.getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('link', { name: /Skynet/ }).waitFor();
    // Escape closes it and gives focus back to its button.
    await page.keyboard.press('Escape');
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    expect(await products.evaluate((el) => el === document.activeElement)).toBe(true);
    // A click outside closes it; a chosen link navigates and closes it.
    await products.click();
    await page.mouse.click(700, 600);
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    await products.click();
    await panel.getByRole('link', { name: /Skynet/ }).click();
    await page.waitForURL((url) => url.pathname === '/products/skynet');
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('has a footer with the four groups, the chat QR code on hover and the current year', async () => {
    const { context, page } = await openAt(run, '/');
    const footer = page.locator('footer');
    for (const group of ['Products', 'Resources', 'Company', 'Socials'])
      await footer.getByRole('navigation', { name: group }).waitFor();
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Sentinel Ratings`);
    const qr = page.locator('#chat-qr-hint');
    expect(await qr.isVisible()).toBe(false);
    await footer.getByRole('link', { name: 'Discord' }).hover();
    await qr.waitFor({ state: 'visible' });
    await context.close();
  });
});

describe('project search', () => {
  it('works by keyboard: / focuses, trending first, arrows move, Enter chooses, Escape closes', async () => {
    const { context, page } = await openAt(run, '/products/security-audit');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('/');
    const input = page.getByPlaceholder('Search project', { exact: true });
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    const listbox = page.locator('#header-search-list');
    await page.getByText('Trending Search').waitFor();
    await listbox.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    await page.keyboard.type('eth');
    await page.getByText('Trending Search').waitFor({ state: 'hidden' });
    const options = listbox.getByRole('option');
    await options.first().waitFor();
    const names = await options.locator('.search-name').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((n) => /eth/i.test(n)) || names.some((n) => /eth/i.test(n))).toBe(true);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    // Each row: '#rank' or 'N/A', a 28×28 logo, the name and the first ticker.
    const rank = await options.first().locator('.search-rank').textContent();
    expect(rank).toMatch(/^(#\d+|N\/A)$/);
    const logo = options.first().locator('img');
    expect([await logo.getAttribute('width'), await logo.getAttribute('height')]).toEqual(['28', '28']);
    expect(await logo.getAttribute('src')).toMatch(/^\/img\/.+\?auto=format&fit=max&w=56$/);
    // Drawn by the server as a 56-pixel WebP (the SVG reports another size): the browser decodes it off the
    // main thread instead of drawing an SVG document on it.
    await logo.evaluate((img: HTMLImageElement) => img.decode());
    expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      56, 56,
    ]);
    await page.keyboard.press('ArrowDown');
    const chosen = await options.nth(1).locator('.search-name').textContent();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/projects\//);
    await page.getByRole('heading', { level: 1, name: chosen! }).waitFor();
    await context.close();
  });

  it('/ focuses the page-level search on the home page', async () => {
    const { context, page } = await openHome();
    await page.keyboard.press('/');
    const hero = page.getByPlaceholder('Search Project by Name / Token');
    expect(await hero.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.locator('#hero-search-list').getByRole('option').first().waitFor();
    expect(await page.locator('#hero-search-title').textContent()).toBe('Trending Search');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/projects/`));
    await context.close();
  });

  it('never lets a stale answer replace a newer one', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await acceptCookies(page);
    // The answer for "bi" is held back until after the answer for "bitc" arrived.
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    await page.route('**/api/search-project?keyword=bi', async (route) => {
      await slowGate;
      await route.continue();
    });
    await page.goto('/company/about');
    const input = page.getByPlaceholder('Search project', { exact: true });
    await input.click();
    await page.locator('#header-search-list').getByRole('option').first().waitFor();
    await input.fill('bi');
    const fresh = page.waitForResponse((r) => r.url().includes('keyword=bitc'));
    await input.fill('bitc');
    await fresh;
    await page.locator('#header-search-list [role=option]').first().waitFor();
    const before = await page.locator('#header-search-list .search-name').allTextContents();
    releaseSlow();
    await page.waitForResponse((r) => r.url().endsWith('keyword=bi')).catch(() => undefined);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.locator('#header-search-list .search-name').allTextContents()).toEqual(before);
    expect(before.every((n) => /bitc/i.test(n))).toBe(true);
    await context.close();
  });
});

describe('narrow layout', () => {
  it('opens the full-screen drawer at 375 px with the search bar and the menu', async () => {
    const { context, page } = await openHome(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    const box = await page.getByTestId('drawer').boundingBox();
    expect(box?.width).toBe(375);
    await drawer.getByPlaceholder('Search Project by Name / Token').waitFor();
    for (const group of ['Products', 'Resources', 'Company'])
      await drawer.getByRole('heading', { name: group }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(await drawer.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/signup');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Skytrace' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForURL(/\/products\/skytrace$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });
});

describe('request a quote', () => {
  it('validates, stores and confirms a quote request', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    // The dialog's code (its machine and its view) loads when a visitor reaches for a button.
    const dialogCode = chunksFetched(page, /\/assets\/(liveQuote|QuoteModal)-[^/]+\.js$/);
    await acceptCookies(page);
    await page.goto('/products/pentest');
    await page.waitForLoadState('networkidle');
    expect(dialogCode).toEqual([]);
    const button = page.locator('header').getByRole('button', { name: 'Request a Quote' });
    await button.hover();
    await expect.poll(() => dialogCode.sort()).toEqual(['QuoteModal', 'liveQuote']);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Protect Your Project Today' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Request a Quote' }).click();
    await dialog.getByText('Please enter your name.').waitFor();
    await dialog.getByText('Choose at least one service.').waitFor();
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    await dialog.getByLabel('Work email').fill('ada@example.com');
    await dialog.getByLabel('Company or project').fill('Analytical DAO');
    await dialog.getByLabel('Penetration Testing').check();
    await dialog.getByLabel('Budget').selectOption('Not sure yet');
    await dialog.getByLabel('Message').fill('Please test our front-end and signing service before launch.');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/quote'));
    await dialog.getByRole('button', { name: 'Request a Quote' }).click();
    expect((await posted).status()).toBe(201);
    await page.getByRole('status').getByText('Thank you').waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });
});
