/**
 * `npm run screenshots`: the pictures in docs/screenshots/, taken from the real product in Chromium, at 1440 and
 * 375 px. The test run never writes into the repository; this script is how the pictures are remade.
 *
 * It starts the product as the browser tests do (tests/e2e/harness.ts: the bundled server on a fresh data folder,
 * with the embedded devnet so contracts have real addresses), signs up a staff account and a user through the real
 * routes, and visits each page as they would. Then it runs the browser tests that show a page worth a picture
 * (those calling `picture` of tests/e2e/harness.ts) with SCREENSHOTS_DIR set, so they save theirs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { createAccount, signInApi, signUpAndSignIn } from '../tests/e2e/accounts';
import { DESKTOP, launchBrowser, newPage, PHONE, scrollThrough, startServer } from '../tests/e2e/harness';

const OUT = path.resolve('docs/screenshots');
const STAFF = 'screenshots-staff@example.com';
const VIEWPORTS = [
  { label: 'desktop', size: DESKTOP },
  { label: 'phone', size: PHONE },
] as const;

type Row = { id: string; name: string };

/**
 * tsx keeps function names with a `__name` helper that a page lacks, and functions sent to `evaluate` call it: each
 * page gets one (on every navigation, and in `shot` for a page made with `setContent`).
 */
const NAME_HELPER = 'window.__name = (f) => f';

async function shot(target: Page | Locator, name: string, fullPage = false) {
  const file = path.join(OUT, `${name}.png`);
  await ('goto' in target ? target : target.page()).evaluate(NAME_HELPER);
  if ('goto' in target) {
    if (fullPage) await scrollThrough(target);
    await target.screenshot({ path: file, fullPage });
  } else {
    // Images below the fold load as they come near; the sticky header would be drawn across a tall element's
    // picture (set through the CSSOM: the page's CSP refuses an injected style sheet).
    await scrollThrough(target.page());
    await target
      .page()
      .evaluate(() =>
        document.querySelector<HTMLElement>('.site-header')?.style.setProperty('position', 'static'),
      );
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path: file });
    await target
      .page()
      .evaluate(() => document.querySelector<HTMLElement>('.site-header')?.style.removeProperty('position'));
  }
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

/** A guest's page with the cookie notice already answered (it would cover what the picture is of). */
async function guestPage(browser: Browser, url: string, size: { width: number; height: number }) {
  const opened = await newPage(browser, url, size);
  await opened.page.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
  await opened.page.addInitScript(NAME_HELPER);
  return opened;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const [server, browser] = await Promise.all([
    startServer({ ADMIN_EMAILS: STAFF, CHAINS: '' }),
    launchBrowser(),
  ]);
  try {
    const api = async <T>(url: string) => (await (await fetch(`${server.url}${url}`)).json()) as T;
    const audited = (await api<{ items: Row[] }>('/api/leaderboard?tab=recentlyAudited&pageSize=20')).items;
    // The audit history worth a picture: a project with findings to open.
    let withFindings = audited[0]!;
    for (const p of audited) {
      const audits = await api<{ findings: unknown[] }[]>(`/api/projects/${encodeURIComponent(p.id)}/audits`);
      if (Array.isArray(audits) && audits.some((a) => a.findings.length > 0)) {
        withFindings = p;
        break;
      }
    }
    const kyc = (await api<{ items: Row[] }>('/api/leaderboard?tab=kyc&pageSize=1')).items[0]!;
    const withIncident = (
      await api<{ items: { projectId: string | null }[] }>('/api/incidents-list?pageSize=50')
    ).items.find((i) => i.projectId)?.projectId;

    for (const { label, size } of VIEWPORTS) {
      console.log(`${label} (${size.width} px)`);
      const { context, page } = await guestPage(browser, server.url, size);

      await page.goto('/?tab=kyc');
      const board = page.locator('[data-scope="leaderboard"]');
      await board.locator('tbody tr[data-project]').first().waitFor();
      await shot(board, `leaderboard-tabs-${label}`);

      await page.goto(`/projects/${encodeURIComponent(withFindings.id)}`);
      await scrollThrough(page);
      const audits = page.locator('[data-scope="audit-history"]');
      await audits.locator('[data-part="audit"]').first().waitFor();
      if (await audits.locator('summary').count()) await audits.locator('summary').first().click();
      await shot(audits, `audit-history-${label}`);

      await page.goto(`/projects/${encodeURIComponent(kyc.id)}`);
      await scrollThrough(page);
      await shot(page.locator('[data-scope="kyc"]'), `kyc-${label}`);
      await shot(page.locator('[data-scope="embed-badge"]'), `embed-badge-${label}`);

      if (withIncident) {
        await page.goto(`/projects/${encodeURIComponent(withIncident)}`);
        await scrollThrough(page);
        await shot(page.getByRole('region', { name: 'Incident history' }), `incident-history-${label}`);
      }

      await page.goto('/projects/tidemark-usd');
      await scrollThrough(page);
      const contracts = page.getByRole('region', { name: 'Contracts' });
      await contracts.locator('a[href*="0x"], [data-scope="address"]').first().waitFor();
      await contracts.locator('[data-scope="address"]').first().hover();
      await shot(contracts, `contracts-addresses-${label}`);

      await page.goto('/resources/incidents');
      await page.locator('[data-part="incident-row"]').first().waitFor();
      await shot(page, `incidents-${label}`, true);

      await page.goto(
        `/compare?ids=${audited
          .slice(0, 3)
          .map((p) => encodeURIComponent(p.id))
          .join(',')}`,
      );
      await page.getByRole('heading', { name: 'Where they differ most' }).waitFor();
      await scrollThrough(page);
      await shot(page, `compare-${label}`, true);
      await context.close();
    }

    // The badge as another site embeds it.
    const { context: badgeContext, page: badgePage } = await guestPage(browser, server.url, DESKTOP);
    await badgePage.setContent(
      `<img src="${server.url}/badge/${encodeURIComponent(audited[0]!.id)}.svg" alt="">`,
    );
    await badgePage.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await shot(badgePage.locator('img'), 'badge');
    await badgeContext.close();

    // Staff: the audit and incident moderation pages.
    const { context: staffContext, page: staff } = await guestPage(browser, server.url, DESKTOP);
    await createAccount(staff.request, STAFF);
    await signInApi(staff.request, STAFF);
    await staff.goto('/admin/audits');
    // The onboarding survey greets a new account; staff answer it later.
    await staff.getByRole('button', { name: "I'll do it later" }).click();
    await staff.getByRole('textbox', { name: /project id/i }).fill(withFindings.id);
    await staff.getByRole('button', { name: 'Open project' }).click();
    await staff.locator('[data-part="admin-audit"] select').first().waitFor();
    await shot(staff, 'admin-audits-desktop', true);
    await staff.goto('/admin/incidents');
    await staff.locator('main h1').first().waitFor();
    await shot(staff, 'admin-incidents-desktop', true);
    await staffContext.close();

    // A user's watchlist table with its audit, KYC and score-change columns.
    for (const { label, size } of VIEWPORTS) {
      const { context, page } = await guestPage(browser, server.url, size);
      await signUpAndSignIn(page, `screenshots-${label}`);
      const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
        csrfToken: string;
      };
      const created = await page.request.post('/api/watchlist/create', {
        data: { name: 'Blue chips', projects: [...audited.slice(0, 4).map((p) => p.id), kyc.id] },
        headers: { 'x-csrf-token': csrfToken },
      });
      if (created.status() !== 200) throw new Error(`watchlist: ${created.status()} ${await created.text()}`);
      await page.goto('/my/watchlists');
      // The onboarding survey greets a new account; this user answers it later.
      await page.getByRole('button', { name: "I'll do it later" }).click();
      await page.locator('#watchlist-title').getByText('Blue chips', { exact: true }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await shot(page, `watchlist-table-${label}`, true);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The browser tests that save pictures when asked (SCREENSHOTS_DIR), run to remake theirs. */
function runPictureTests() {
  const files = readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('tests/e2e', f))
    .filter((f) => readFileSync(f, 'utf8').includes('picture('));
  console.log(`browser tests that take pictures: ${files.join(', ')}`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...files], {
    stdio: 'inherit',
    env: { ...process.env, SCREENSHOTS_DIR: OUT },
  });
  if (run.status !== 0) process.exitCode = run.status ?? 1;
}

await main();
// `-- --no-tests`: only this script's own pictures.
if (!process.argv.includes('--no-tests')) runPictureTests();
