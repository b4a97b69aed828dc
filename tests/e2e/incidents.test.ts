import { describe, expect, it } from 'vitest';
import { createAccount, signInApi, signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, PHONE, scrollThrough, serverAndBrowser } from './harness';
import { acceptCookies, expectNoAxeViolations, horizontalOverflow, openAt } from './site-helpers';

const ADMIN = 'incidents-staff@example.com';
const XSS = '<img src=x onerror="document.title=1">';

const run = serverAndBrowser({ ADMIN_EMAILS: ADMIN }, { timeout: 180_000 });

type Row = { id: string; name: string };

describe('the incidents database', () => {
  it('a visitor filters and sorts it, every choice in the address, with the Atom feed linked', async () => {
    const { context, page } = await openAt(run, '/', DESKTOP);
    await page.locator('footer').getByRole('link', { name: 'Incidents Database' }).click();
    await page.getByRole('heading', { name: 'Incidents database', level: 1 }).waitFor();
    const rows = page.locator('[data-part="incident-row"]');
    await rows.first().waitFor();
    // A public incident links to its source, opened in a new tab.
    const source = page.getByRole('link', { name: /rekt\.news/ }).first();
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await source.getAttribute('href')).toMatch(/^https:\/\/rekt\.news\//);

    const feed = await page
      .locator('link[rel="alternate"][type="application/atom+xml"]')
      .getAttribute('href');
    expect(feed).toBe('/api/incidents.atom');
    const xml = await (await page.request.get(feed!)).text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');

    await page.getByLabel('Type').selectOption('exploit');
    await page.waitForURL(/\/resources\/incidents\?type=exploit$/);
    await page
      .getByRole('status')
      .getByText(/\d+ incidents?/)
      .waitFor();
    for (const t of await page.locator('[data-part="incident-row"] .incident-type').allTextContents())
      expect(t).toBe('exploit');
    await page.getByRole('button', { name: 'Loss' }).click();
    await page.waitForURL(/type=exploit&sort=loss$/);
    await page
      .getByRole('status')
      .getByText(/\d+ incidents?/)
      .waitFor();
    expect(await page.getByRole('columnheader', { name: /Loss/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await page.getByLabel('Keyword').fill('Vyper');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/keyword=Vyper/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Curve');
    // Back returns to the previous choice.
    await page.goBack();
    await page.waitForURL(/type=exploit&sort=loss$/);
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await expectNoAxeViolations(page);

    // Funds returned: the figure where the source settles it, "—" where it does not (never $0 for unknown).
    const returned = async (keyword: string) => {
      await page.goto(`/resources/incidents?keyword=${encodeURIComponent(keyword)}`);
      await expect.poll(() => rows.count()).toBe(1);
      const headers = await page.locator('.incidents-table thead th').allTextContents();
      return rows.first().locator('td').nth(headers.indexOf('Returned')).textContent();
    };
    expect(await returned('Poly Network')).toBe('$577M');
    expect(await returned('Euler')).toBe('$197M');
    expect(await returned('Harmony')).toBe('$0');
    expect(await returned('Wormhole')).toBe('—');
    await context.close();
  });

  it('reads well on a phone', async () => {
    const { context, page } = await openAt(run, '/resources/incidents?sort=loss', PHONE);
    await page.locator('[data-part="incident-row"]').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('moderation', () => {
  // Four visitors' sessions and about forty steps: on a busy two-core machine this took over a minute (the time limit
  // is the last argument).
  it('a report is approved and shows on the page and the project; another is rejected; the reporter hears', async () => {
    // A guest reports through the home page's form, with markup in it.
    const guest = await newPage(run.browser, run.server.url, DESKTOP);
    await acceptCookies(guest.page);
    await guest.page.goto('/');
    const alerts = guest.page.locator('[data-tour="alerts"]');
    await alerts.locator('.alert-card h3').first().waitFor();
    await guest.page.waitForLoadState('networkidle');
    await alerts.getByRole('button', { name: 'Report Incident' }).dispatchEvent('click');
    const dialog = guest.page.getByRole('dialog', { name: 'Report Incident' });
    await dialog.getByLabel('Project name').fill(XSS);
    await dialog.getByLabel('What happened?').fill(`<script>document.title='x'</script>`);
    await dialog.getByLabel('Your email (optional)').fill('guest@example.com');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await guest.page.getByRole('status').getByText('Report received').waitFor();
    await guest.context.close();

    // A signed-in reporter (the same request the form makes, with the session's CSRF token).
    const reporter = await newPage(run.browser, run.server.url, DESKTOP);
    await signUpAndSignIn(reporter.page, 'reporter');
    const board = (await (await reporter.page.request.get('/api/leaderboard?page=8')).json()) as {
      items: Row[];
    };
    const target = board.items[0]!;
    const { csrfToken } = (await (await reporter.page.request.get('/api/auth/csrf')).json()) as {
      csrfToken: string;
    };
    const sent = await reporter.page.request.post('/api/incidents', {
      data: {
        projectName: target.name,
        description: 'The vault was drained through a flash loan.',
        contactEmail: 'reporter-contact@example.com',
      },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // Staff: the queue is an admin's only.
    const staff = await newPage(run.browser, run.server.url, DESKTOP);
    await acceptCookies(staff.page);
    // The onboarding survey a new account gets is for another test; here it would cover the queue.
    await staff.page.addInitScript(() =>
      window.localStorage.setItem('survey-last-notification-time', String(Date.now())),
    );
    const refused = await staff.page.request.get('/api/admin/incident-reports');
    expect(refused.status()).toBe(401);
    await createAccount(staff.page.request, ADMIN);
    expect((await signInApi(staff.page.request, ADMIN)).status()).toBe(200);
    await staff.page.goto('/admin/incidents');
    const xssReport = staff.page.locator('[data-part="report"]').filter({ hasText: XSS });
    await xssReport.waitFor();
    // Shown as text: the heading reads the markup, no element was made from it.
    expect(await xssReport.getByRole('heading').textContent()).toBe(XSS);
    expect(await staff.page.locator('[data-part="report"] img').count()).toBe(0);
    await expectNoAxeViolations(staff.page);
    await xssReport.getByRole('button', { name: 'Reject…' }).click();
    await xssReport.getByLabel('Reason (sent to the reporter)').fill('Not a security incident.');
    await xssReport.getByRole('button', { name: 'Reject report' }).click();
    await staff.page.getByRole('status').getByText('Report rejected; the reporter is told why.').waitFor();
    await xssReport.waitFor({ state: 'detached' });

    const mine = staff.page
      .locator('[data-part="report"]')
      .filter({ hasText: 'drained through a flash loan' });
    await mine.getByRole('button', { name: 'Approve…' }).click();
    await mine.getByLabel('Rated project id (optional)').fill(target.id);
    await mine.getByLabel('Date').fill('2026-12-01');
    await mine.getByLabel('Type').selectOption('exploit');
    await mine.getByLabel('Technique (optional)').fill('Flash loan');
    await mine.getByLabel('Loss in USD').fill('1250000');
    await mine.getByLabel('Chains (comma-separated)').fill('Ethereum');
    await mine.getByLabel('Source link').fill('https://example.org/post-mortem');
    await mine.getByRole('button', { name: 'Publish incident' }).click();
    await staff.page.getByRole('status').getByText('Report approved: the incident is published.').waitFor();
    await staff.context.close();

    // The visitor finds it in the database and on the project's page.
    const { context, page } = await openAt(
      run,
      `/resources/incidents?keyword=${encodeURIComponent('flash loan')}&sort=date`,
      DESKTOP,
    );
    const row = page.locator('[data-part="incident-row"]').filter({ hasText: target.name });
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'example.org' }).getAttribute('href')).toBe(
      'https://example.org/post-mortem',
    );
    await page.goto(`/projects/${encodeURIComponent(target.id)}`);
    await scrollThrough(page);
    const history = page.getByRole('region', { name: 'Incident history' });
    await history.locator('[data-part="incident"]').filter({ hasText: 'Flash loan' }).waitFor();
    expect(await history.textContent()).toContain('$1.3M');
    await context.close();

    // The reporter: the bell and the mail; the guest: the rejection with its reason.
    const bell = await reporter.page.request.get('/api/notifications');
    expect(await bell.text()).toContain(`Your incident report on ${target.name} was approved`);
    const mail = (await (
      await reporter.page.request.get('/api/dev/outbox?to=reporter-contact@example.com')
    ).json()) as { subject: string }[];
    expect(mail.map((m) => m.subject)).toEqual([`Your incident report on ${target.name} was approved`]);
    const guestMail = (await (
      await reporter.page.request.get('/api/dev/outbox?to=guest@example.com')
    ).json()) as {
      text: string;
    }[];
    expect(guestMail[0]!.text).toContain('Reason: Not a security incident.');
    await reporter.context.close();
  }, 150_000);
});
