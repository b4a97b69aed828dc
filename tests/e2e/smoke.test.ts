import { describe, expect, it } from 'vitest';
import { newPage, serverAndBrowser } from './harness';

const run = serverAndBrowser();

/** A new page at a path the app does not know: served with `status`, its heading says "Page not found". */
async function notFoundAt(path: string, status: number) {
  const opened = await newPage(run.browser, run.server.url);
  const res = await opened.page.goto(path);
  expect(res?.status()).toBe(status);
  await expect(opened.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
  return opened;
}

describe('the product in a real browser', () => {
  it('serves the home page', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Security ratings/);
    await context.close();
  });

  it('serves client routes through the history fallback', async () => {
    const { context } = await notFoundAt('/company/about-nothing-here', 200);
    await context.close();
  });

  it('ends a short page with the footer at the bottom of the window, no band under it', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, { width: 1440, height: 1400 });
    await page.goto('/no/such/page');
    // Measured once the short page itself is shown: while its code loads, the page holds the footer below the fold.
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page
      .locator('footer.site-footer')
      .getByText(String(new Date().getFullYear()), { exact: false })
      .first()
      .waitFor();
    const layout = await page.evaluate(() => ({
      footerBottom: document.querySelector('footer.site-footer')!.getBoundingClientRect().bottom,
      height: window.innerHeight,
      scrollable: document.documentElement.scrollHeight > window.innerHeight,
    }));
    expect(layout.scrollable).toBe(false);
    expect(Math.round(layout.footerBottom)).toBe(layout.height);
    await context.close();
  });

  it('answers a path the app does not know with its not-found page and a 404', async () => {
    const { context, page } = await notFoundAt('/no/such/page', 404);
    await expect(page.getByRole('link', { name: 'Back to Homepage' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
