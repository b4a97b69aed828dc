import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { verifyWebhook } from '../../server/webhooks/sign';
import { signUpAndSignIn } from './accounts';
import { newPage, picture, serverAndBrowser } from './harness';

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** What the receiver answers (200 unless a test wants it down). */
let status = 200;
let receiver: http.Server;
let endpoint: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = status;
      res.end(status < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sentinel`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

// The receiver is plain http on loopback: both development escape hatches on.
const run = serverAndBrowser({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' }, { timeout: 180_000 });

const csrf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;

async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { data, headers: { 'x-csrf-token': await csrf(page) } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res;
}

/**
 * Signs a new partner up and opens Settings with the cookie notice accepted (it would cover the screenshot). Set-up
 * goes through the API: no survey in the way, an API key named `key` (webhooks belong to a key's owner), and an
 * empty watchlist named `watchlist`.
 */
async function partnerOnSettings(page: Page, who: string, key: string, watchlist: string) {
  await signUpAndSignIn(page, who);
  await post(page, '/api/user/survey/upload', {
    survey: { userType: 'Institutional Partner', projects: [] },
  });
  await post(page, '/api/user/api-keys', { name: key });
  await post(page, '/api/watchlist/create', { name: watchlist, projects: [] });
  await page.goto('/my/settings');
  await page.getByRole('button', { name: 'I Accept' }).click();
}

describe('webhooks in Settings (Chromium, 1440 px)', () => {
  it('registers a webhook, shows the secret once, sends a test and logs the delivery', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
    await partnerOnSettings(page, 'webhooks', 'Treasury desk', 'Core holdings');
    const section = page.locator('[data-part="settings-webhooks"]');
    await section.getByRole('heading', { name: 'Webhooks' }).waitFor();
    const form = section.getByRole('form', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill(endpoint);
    await form.getByLabel('Badge change').uncheck();
    await form.getByLabel('Core holdings').check();
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const secret = section.locator('[data-part="secret-value"]');
    await secret.waitFor();
    const value = (await secret.textContent()) ?? '';
    expect(value).toMatch(/^whsec_/);
    await section.getByRole('button', { name: 'Copy' }).click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);

    const hook = section.locator('[data-part="webhook"]');
    await expect.poll(() => hook.locator('.webhooks-url').textContent()).toBe(endpoint);
    await expect
      .poll(() => hook.locator('.webhooks-meta').textContent())
      .toContain('Score move, Tier change, Security incident');
    await hook.getByText('No deliveries yet.').waitFor();

    await hook.getByRole('button', { name: 'Send test' }).click();
    await section.getByText('Test delivered (HTTP 200).').waitFor();
    const row = hook.locator('[data-part="delivery"]').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('delivered');
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['Test ping', 'delivered', '200', '1']);

    // The receiver got one ping, signed with the secret the page showed.
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(JSON.parse(r.body)).toMatchObject({ event: 'ping' });
    expect(
      verifyWebhook(
        value,
        {
          id: String(r.headers['webhook-id']),
          timestamp: String(r.headers['webhook-timestamp']),
          signature: String(r.headers['webhook-signature']),
        },
        r.body,
      ),
    ).toBe(true);

    mkdirSync('docs/screenshots', { recursive: true });
    await section.scrollIntoViewIfNeeded();
    await picture(section, 'webhooks-desktop');

    // The secret is shown once: gone after Done and after a reload.
    await section.getByRole('button', { name: 'Done' }).click();
    await secret.waitFor({ state: 'detached' });
    await page.reload();
    await section.locator('[data-part="webhook"]').waitFor();
    expect(await section.locator('[data-part="secret-value"]').count()).toBe(0);
    expect(await page.content()).not.toContain(value.slice(6));

    await section.getByRole('button', { name: `Delete webhook ${endpoint}` }).click();
    await section.getByText('Webhook deleted.').waitFor();
    expect(await section.locator('[data-part="webhook"]').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('replays a failed delivery from its row in the log', async () => {
    const { context, page } = await newPage(run.browser, run.server.url);
    await partnerOnSettings(page, 'webhooks-replay', 'Replay desk', 'Replayed');
    const section = page.locator('[data-part="settings-webhooks"]');
    const form = section.getByRole('form', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill(endpoint);
    await form.getByLabel('Replayed').check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await section.locator('[data-part="secret-value"]').waitFor();

    // The receiver is down: the test ping fails, and its row offers a replay.
    status = 500;
    received.length = 0;
    const hook = section.locator('[data-part="webhook"]');
    await hook.getByRole('button', { name: 'Send test' }).click();
    await section.getByText('Test failed: HTTP 500: receiver is down').waitFor();
    const row = hook.locator('[data-part="delivery"]').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('failed');
    const failedId = String(received[0]!.headers['webhook-id']);

    // Back up: Replay queues it again, and the job runner sends it with the same message id.
    status = 200;
    await row.getByRole('button', { name: /^Replay Test ping delivery/ }).click();
    await section.getByText('Delivery queued: it is sent again now, and retried if it fails.').waitFor();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(failedId);
    await page.reload();
    await expect
      .poll(() => section.locator('[data-part="delivery"]').first().getAttribute('data-status'))
      .toBe('delivered');
    // A delivered row has nothing to replay.
    expect(await section.getByRole('button', { name: /^Replay / }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
