import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHAT_LINK } from '../../src/lib/nav';
import { launchBrowser, newPage, scrollThrough, startServer, type RunningServer } from './harness';
import { acceptCookies } from './site-helpers';

/*
 * What a new visitor found at 1440 and 375 px: a footer QR code no reader decodes, and layout faults on the
 * portfolio, settings, project, blog and leaderboard pages and the tour on a phone. Each test performs the visit and
 * measures what the visitor sees.
 */

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('footer QR code', () => {
  it('decodes, as a phone camera would read it, to the chat link', async () => {
    const { context, page } = await newPage(browser, server.url);
    await acceptCookies(page);
    await page.goto('/company/about');
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
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(read?.data).toBe(CHAT_LINK.href);
    await context.close();
  });
});
