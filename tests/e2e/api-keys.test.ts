import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API_KEY_MESSAGES, API_KEY_PER_MINUTE } from '../../api/apiKeys';
import { rateLimitOf } from '../helpers/rateLimit';
import { signUpAndSignIn } from './accounts';
import { DESKTOP, newPage, picture, PHONE, serverAndBrowser } from './harness';
import { acceptCookies, expectNoAxeViolations, horizontalOverflow } from './site-helpers';

const exec = promisify(execFile);

const run = serverAndBrowser({}, { timeout: 180_000 });

type CurlAnswer = { status: number; headers: Record<string, string>; body: string };

/** One request with the real `curl` binary, from outside the browser: only the key, no cookie. */
async function curl(
  key: string,
  pathAndQuery: string,
  opts: { method?: string; json?: unknown } = {},
): Promise<CurlAnswer> {
  const args = ['-sS', '-i', '-H', `Authorization: Bearer ${key}`, '-H', 'Accept: application/json'];
  if (opts.method) args.push('-X', opts.method);
  if (opts.json !== undefined)
    args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(opts.json));
  args.push(`${run.server.url}${pathAndQuery}`);
  const { stdout } = await exec('curl', args);
  const split = stdout.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = stdout.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: stdout.slice(split + 4) };
}

/** `count` requests in one curl run; the status of each. */
async function curlBurst(key: string, pathAndQuery: string, count: number): Promise<number[]> {
  const url = `${run.server.url}${pathAndQuery}`;
  const args = ['-sS', '-w', '%{http_code}\\n', '-H', `Authorization: Bearer ${key}`];
  // -o applies to one URL each: every answer's body is dropped, only the status codes are printed.
  for (let i = 0; i < count; i++) args.push('-o', '/dev/null', url);
  const { stdout } = await exec('curl', args, { maxBuffer: 1 << 20 });
  return stdout.trim().split('\n').map(Number);
}

const csrf = async (page: Page) =>
  ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;

/** A signed-in user on Account Settings, survey done so it does not cover the page. */
async function openSettings(page: Page) {
  await acceptCookies(page);
  await signUpAndSignIn(page, 'apikeys');
  const survey = await page.request.post('/api/user/survey/upload', {
    data: { survey: { userType: 'Retail Investor', projects: [] } },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(survey.status()).toBe(200);
  await page.goto('/my/settings');
  const section = page.locator('[data-scope="api-keys"]');
  await section.getByRole('heading', { name: 'API keys' }).waitFor();
  await section.getByText('No API keys yet.').waitFor();
  return section;
}

/** Creates a key in the UI and reads it from the screen (the one time it is shown). */
async function createKey(page: Page, name: string): Promise<string> {
  const section = page.locator('[data-scope="api-keys"]');
  await section.getByLabel('Key name').fill(name);
  await section.getByRole('button', { name: 'Create' }).click();
  const secret = section.locator('[data-part="secret"]');
  await secret.waitFor();
  await section.getByText(API_KEY_MESSAGES.shownOnce).waitFor();
  const key = (await secret.textContent())!.trim();
  expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  return key;
}

async function revokeInUi(page: Page, name: string) {
  const section = page.locator('[data-scope="api-keys"]');
  const row = section.locator('[data-part="key"]').filter({ hasText: name });
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = row.getByRole('group', { name: `Revoke ${name}?` });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await row.getByText(/^Revoked /).waitFor();
}

describe('API keys made in Settings, used from curl', () => {
  it('at 1440 px: creates a key, reads the leaderboard with curl, is refused on writes, hits its quota, is revoked', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
    const section = await openSettings(page);

    // An empty name is refused before any call.
    await section.getByRole('button', { name: 'Create' }).click();
    await section.getByText(API_KEY_MESSAGES.nameRequired).waitFor();

    const key = await createKey(page, 'Research desk');
    await section.getByRole('button', { name: 'Copy' }).click();
    await section.getByRole('button', { name: API_KEY_MESSAGES.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The leaderboard from curl: 200 with data and the quota headers.
    const read = await curl(key, '/api/leaderboard?pageSize=3');
    expect(read.status, read.body).toBe(200);
    expect((JSON.parse(read.body) as { items: unknown[] }).items).toHaveLength(3);
    const minute = rateLimitOf(read.headers, 'api-key-minute');
    expect(minute).toMatchObject({
      quota: API_KEY_PER_MINUTE,
      window: 60,
      remaining: API_KEY_PER_MINUTE - 1,
    });
    expect(minute!.reset).toBeGreaterThan(0);

    // Writes with the key are refused: a key is no session.
    const write = await curl(key, '/api/watchlist/create', {
      method: 'POST',
      json: { name: 'By key', projects: [] },
    });
    expect([401, 403]).toContain(write.status);
    const wallets = await curl(key, '/api/user/wallets', {
      method: 'POST',
      json: { walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    expect([401, 403]).toContain(wallets.status);
    expect((await curl(key, '/api/watchlist')).status).toBe(401);

    // Past the per-minute quota: 429 RateLimitExceeded with Retry-After.
    const statuses = await curlBurst(key, '/api/leaderboard?pageSize=1', API_KEY_PER_MINUTE);
    expect(statuses.slice(0, API_KEY_PER_MINUTE - 1), statuses.join(' ')).toEqual(
      Array(API_KEY_PER_MINUTE - 1).fill(200),
    );
    expect(statuses.at(-1)).toBe(429);
    const over = await curl(key, '/api/leaderboard?pageSize=1');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ error: 'RateLimitExceeded' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    // Shown once: after Done (and after a reload) only the prefix is on the page; the usage bars show today.
    await section.getByRole('button', { name: 'Done' }).click();
    await section.locator('[data-part="secret"]').waitFor({ state: 'detached' });
    await page.reload();
    const row = section.locator('[data-part="key"]').filter({ hasText: 'Research desk' });
    await row.waitFor();
    expect(await page.content()).not.toContain(key.slice(10));
    expect(await row.locator('[data-part="prefix"]').textContent()).toBe(`${key.slice(0, 10)}…`);
    expect(await row.locator('[data-part="last-used"]').textContent()).not.toBe('Never');
    await row
      .getByLabel(
        new RegExp(`^${new Date().toISOString().slice(0, 10)}: ${API_KEY_PER_MINUTE} requests, 2 refused$`),
      )
      .waitFor();

    // A second key, shown once beside the first one's usage: the screenshot.
    await createKey(page, 'Trading bot');
    await expectNoAxeViolations(page, 'settings with API keys');
    await picture(section, 'api-keys-desktop');

    // Revoked in the UI: curl gets 401 at once.
    await revokeInUi(page, 'Research desk');
    const revoked = await curl(key, '/api/leaderboard?pageSize=1');
    expect(revoked.status).toBe(401);
    expect(JSON.parse(revoked.body)).toMatchObject({ error: 'InvalidApiKey' });
    await context.close();
  }, 120_000);

  it('at 375 px: creates a key, reads with curl, revokes it, and curl gets 401', async () => {
    const { context, page } = await newPage(run.browser, run.server.url, PHONE);
    await openSettings(page);
    const key = await createKey(page, 'Phone key');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const read = await curl(key, '/api/leaderboard?pageSize=2');
    expect(read.status).toBe(200);
    expect((JSON.parse(read.body) as { items: unknown[] }).items).toHaveLength(2);
    expect(
      (await curl(key, '/api/watchlist/create', { method: 'POST', json: { name: 'x', projects: [] } }))
        .status,
    ).toBe(401);

    await revokeInUi(page, 'Phone key');
    // The secret of a revoked key leaves the screen too.
    await page.locator('[data-part="secret"]').waitFor({ state: 'detached' });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await picture(page, 'api-keys-phone', { fullPage: true });
    expect((await curl(key, '/api/leaderboard?pageSize=2')).status).toBe(401);
    await context.close();
  }, 120_000);
});
