import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, serverAndBrowser, waitForTheApp } from './harness';
import { watchConsole } from './site-helpers';

/*
 * The public pages arrive rendered by the server (src/entry-server.tsx, server/site/render.ts),
 * paint without any JavaScript, and the app takes over that HTML without rendering it again. The page is rendered for
 * the visitor's remembered choices (the dismissed banner, the accepted cookie notice), which live in cookies of the
 * storage keys' names.
 */

const run = serverAndBrowser();

/** Each page with what its first paint shows (a project page: its project, which the server wrote in). */
const RENDERED = [
  { url: '/', text: 'Security ratings for blockchain projects' },
  { url: '/projects/ethereum', markup: '<h1 id="project-title">Ethereum</h1>', text: 'Score breakdown' },
  { url: '/products/skynet', text: 'Skynet' },
  // Company pages and posts are Markdown, rendered at build time: their text is in the HTML.
  { url: '/company/about', text: 'Sentinel Ratings puts it together.' },
  { url: '/resources/blog', text: 'Research and field notes' },
  { url: '/resources/blog/reading-a-security-score', text: 'A single number is a blunt instrument.' },
  { url: '/resources/methodology', text: 'Methodology' },
];

const get = (url: string, cookie?: string) =>
  fetch(`${run.server.url}${url}`, { headers: cookie ? { cookie } : {} });

/** The text of the app's root element as the server sent it (tags dropped). */
const rootText = (html: string) => {
  const root = html.slice(html.indexOf('<div id="root">'));
  return root.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
};

/** A new page whose console problems are collected from the start (see watchConsole). */
async function watchedPage() {
  const { context, page } = await newPage(run.browser, run.server.url);
  return { context, page, problems: watchConsole(page) };
}

describe('pages rendered by the server', () => {
  it.each(RENDERED)(
    '$url comes with its content in the HTML and a policy that allows only its own style attributes',
    async ({ url, text, markup }) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      const html = await res.text();
      if (text) expect(rootText(html)).toContain(text);
      if (markup) expect(html).toContain(markup);
      // The header, and the footer that was a placeholder until its code arrived.
      expect(html).toContain('<header class="site-header');
      expect(html).toContain('<footer class="site-footer');
      // No inline script: the Content-Security-Policy forbids them.
      expect(html.match(/<script(?![^>]*type="(module|application\/json)")[^>]*>/g)).toBeNull();
      const policy = res.headers.get('content-security-policy')!;
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
      // Every style attribute in the page is allowed by its hash, and nothing else is.
      const styles = new Set(
        [...html.matchAll(/ style="([^"]*)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"')),
      );
      for (const style of styles) {
        expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      }
      const allowed = policy
        .match(/style-src-attr ([^;]*)/)?.[1]
        ?.split(' ')
        .filter((v) => v.startsWith("'sha256-"));
      expect(allowed ?? []).toHaveLength(styles.size);
    },
  );

  it('links the stylesheets of the page’s own code in the head, so nothing restyles when it arrives', async () => {
    const html = await (await get('/projects/ethereum')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/ProjectPage-[^"]+\.css">/);
    // Only that page's: not the styles of every lazy part of the app.
    expect(head).not.toMatch(/SurveyDialog-[^"]+\.css/);
    // A page that loads the app at once also preloads its own code (a guest's project page loads it on intent).
    const product = await (await get('/products/skynet')).text();
    expect(product.slice(0, product.indexOf('</head>'))).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/ProductPage-[^"]+\.js">/,
    );
  });

  it('sends an unknown company page as not found, whatever its name', async () => {
    for (const slug of ['nowhere', 'constructor', '__proto__', 'toString']) {
      const { context, page } = await newPage(run.browser, run.server.url);
      await page.goto(`/company/${slug}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent(), slug).resolves.toBe(
        'Page not found',
      );
      await context.close();
    }
  });

  it('leaves signed-in, sign-in and unknown pages to the browser', async () => {
    for (const url of ['/auth/login', '/nowhere']) {
      const html = await (await get(url)).text();
      expect(html, url).toContain('<div id="root"></div>');
    }
  });

  it('paints the page from the HTML alone, with JavaScript off', async () => {
    const context = await run.browser.newContext({ baseURL: run.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Security ratings for blockchain projects',
    );
    expect(await page.getByPlaceholder('Search Project by Name / Token').first().isVisible()).toBe(true);
    // The server knows a guest has no session: the header offers Log in and Sign up before any script runs.
    const account = page.locator('header .account-area');
    expect(await account.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(await account.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true);
    await page.goto('/resources/blog');
    expect(await page.getByRole('heading', { name: 'Research and field notes' }).isVisible()).toBe(true);
    // Links work without the app: they are plain links.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/company/about');
    expect(await page.getByRole('main').isVisible()).toBe(true);
    await context.close();
  });

  it('is taken over by the app without a second render, and then works', async () => {
    const { context, page, problems } = await watchedPage();
    for (const { url } of RENDERED) await page.goto(url);
    await page.goto('/');
    // The app responds: the hero search asks the API and lists matches.
    await page.getByPlaceholder('Search Project by Name / Token').first().fill('ethereum');
    await page
      .getByRole('option', { name: /Ethereum/ })
      .first()
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders a session’s page without Log in, and a guest’s with it; the app keeps each as it takes over', async () => {
    const { context, page, problems } = await watchedPage();
    const account = page.locator('header .account-area');
    await page.goto('/products/skynet');
    await waitForTheApp(page);
    expect(await account.getAttribute('data-status')).toBe('unauthenticated');
    expect(await account.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
    const email = await signUpAndSignIn(page, 'prerender');
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const html = await (await get('/products/skynet', cookie)).text();
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain('data-tour="account"');
    expect(header).not.toContain('Log in');
    await page.goto('/products/skynet');
    await waitForTheApp(page);
    // (A new account's onboarding survey may open over the page: the menu is found by its label, not its role.)
    await account.locator(`button[aria-label="Account menu for ${email}"]`).waitFor();
    expect(await account.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a project page with its project: the browser fetches it only after navigating back to it', async () => {
    const { context, page, problems } = await watchedPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/projects/ethereum')) fetched.push(path);
    });
    await page.goto('/projects/ethereum');
    const served = JSON.parse((await page.locator('#project-data').textContent())!) as {
      id: string;
      project: { name: string; score: number };
    };
    expect(served.id).toBe('ethereum');
    expect(served.project.name).toBe('Ethereum');
    await page.waitForLoadState('networkidle');
    const score = page.locator('.dial-text strong');
    expect(await score.textContent()).toBe(served.project.score.toFixed(1));
    // The page's own data came with it; only its panels and the view count ask the API.
    expect(fetched.filter((p) => p === '/api/projects/ethereum')).toEqual([]);
    // Away and back in the app: what the page arrived with may be out of date, so it is fetched.
    await page.locator('header a.brand').click();
    await page.waitForURL(`${run.server.url}/`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Ethereum' }).waitFor();
    await expect
      .poll(() => fetched.filter((p) => p === '/api/projects/ethereum'))
      .toEqual(['/api/projects/ethereum']);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Uniswap: a project with contracts (a native coin such as Ether has none, so no privileged tables to take over).
  it('takes over the parts below the fold only when the reader scrolls near them', async () => {
    const html = await (await get('/projects/uniswap')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Their code is not preloaded with the page.
    expect(head).not.toMatch(/modulepreload[^>]+(PrivilegedPanel|ActivityPanel|Footer)-/);
    const { context, page, problems } = await watchedPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const loaded = (part: string) => scripts.some((file) => file.startsWith(`/assets/${part}-`));
    await page.goto('/projects/uniswap', { waitUntil: 'networkidle' });
    // At 1440 x 900 the score chart is near the fold: it loads once the app runs (a guest's first sign of intent, which
    // the harness gives). The panels far below and the footer only show the server's HTML, readable, with working
    // plain links.
    await expect.poll(() => loaded('ScoreChartPanel')).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(['PrivilegedPanel', 'ActivityPanel', 'Footer'].filter(loaded)).toEqual([]);
    const privileged = page.locator('section[aria-labelledby="privileged-title"]');
    expect(await privileged.getByRole('heading', { name: 'Privileged access' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).isVisible()).toBe(
      true,
    );
    // Scrolled to, the panel's code loads and the app takes it over: it fetches and shows the contract's details.
    const code = page.waitForResponse((r) => r.url().includes('/assets/PrivilegedPanel-'));
    await privileged.scrollIntoViewIfNeeded();
    await code;
    await privileged.locator('td[data-label="Function"]').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the skeletons of a part still while it waits, so an idle page does not repaint on every frame', async () => {
    const context = await run.browser.newContext({
      baseURL: run.server.url,
      viewport: DESKTOP,
      reducedMotion: 'no-preference',
    });
    const page = await context.newPage();
    waitForTheApp(page);
    await page.goto('/projects/ethereum', { waitUntil: 'networkidle' });
    // The social activity panel: far below the fold on every project (the privileged tables are empty for a native
    // coin such as Ether).
    const slot = page.locator('[data-part-on-view="activity"]');
    const shimmer = () =>
      slot
        .locator('.skeleton')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName);
    expect(await shimmer()).toBe('none');
    // Scrolled near, its code loads and its skeletons shimmer until its data arrives.
    await slot.locator('section').scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      document.querySelector('[data-part-on-view="activity"]')!.hasAttribute('data-live'),
    );
    // Away and back in the app, the page is the browser's render: the part, its code here, is live from the start.
    await page.locator('header a.brand').click();
    await page.waitForURL(`${run.server.url}/`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Ethereum' }).waitFor();
    expect(await slot.getAttribute('data-live')).toBe('');
    await context.close();
  });

  it('sends an unknown project’s page without project data; the browser shows it is not rated', async () => {
    const html = await (await get('/projects/no-such-project')).text();
    expect(html).not.toContain('id="project-data"');
    const { context, page } = await newPage(run.browser, run.server.url);
    await page.goto('/projects/no-such-project');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Project not found');
    await context.close();
  });

  it('renders the visitor’s remembered choices: an accepted cookie notice and a dismissed banner stay away', async () => {
    const guest = await (await get('/')).text();
    expect(guest).toContain('aria-label="Cookie notice"');
    expect(guest).toContain('aria-label="Announcement"');

    const { context, page, problems } = await watchedPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'I Accept' }).click();
    await page
      .getByRole('region', { name: 'Announcement' })
      .getByRole('button', { name: 'Dismiss announcement' })
      .click();
    const cookies = await context.cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['cookieConsent', 'ignoredBannerContent']),
    );

    // The server now renders the page without either, and the browser takes it over as it is.
    const returning = await (await get('/', cookie)).text();
    expect(returning).not.toContain('aria-label="Cookie notice"');
    expect(returning).not.toContain('aria-label="Announcement"');
    await page.reload();
    expect(await page.getByRole('region', { name: 'Announcement' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders afresh in the browser when its storage knows more than the server did', async () => {
    // A choice stored before its cookie existed: the server shows the notice, the browser knows it was accepted.
    const { context, page, problems } = await watchedPage();
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
    await page.goto('/');
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Security ratings for blockchain projects',
    );
    // The choice is copied into its cookie, so the next page is rendered with it.
    expect((await context.cookies()).find((c) => c.name === 'cookieConsent')?.value).toBe('true');
    // The browser's render replaced the server's HTML, so the parts below the fold load without a scroll.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
