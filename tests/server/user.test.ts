import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchlists, projects } from '../../server/db/schema/index';
import { ssoSettingsToken } from '../../server/accounts/settingsLink';
import { createTestApp, useTestApp } from '../helpers/app';
import { projectRow } from '../helpers/projects';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

// Real pictures: uploads are decoded and re-encoded (server/storage/images.ts).
const picture = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } });
const PNG = await picture().png().toBuffer();
const JPEG = await picture().jpeg().toBuffer();
const WEBP = await picture().webp().toBuffer();

/** A multipart body with one file field, as a browser form would send it. */
function multipart(content: Buffer, filename = 'me.png', type = 'image/png', field = 'file') {
  const boundary = '----sentinel-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const SOLANA = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const COSMOS = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';

const t = useTestApp();
let user: Client;

beforeAll(async () => {
  user = await signIn(t.app);
});

describe('every /api/user route needs a session', () => {
  const routes: [string, string][] = [
    ['GET', '/api/user/profile'],
    ['POST', '/api/user/profile/upload'],
    ['POST', '/api/user/profile/delete'],
    ['GET', '/api/user/wallets'],
    ['POST', '/api/user/wallets'],
    ['POST', '/api/user/wallets/delete'],
    ['GET', '/api/user/survey'],
    ['POST', '/api/user/survey/upload'],
    ['POST', '/api/sso-settings'],
    ['POST', '/api/sso-settings/update'],
    ['GET', '/api/portfolio'],
  ];
  it.each(routes)('%s %s → 401 when signed out', async (method, url) => {
    const res = await anonymous(t.app).inject({
      method: method as 'GET',
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Unauthorized');
  });
});

describe('profile', () => {
  it('returns the signed-in user without a picture at first', async () => {
    const res = await user.inject({ method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.username, email: user.email, profileImageUrl: null });
  });

  it('has no public picture before an upload: 204, not a failed request the browser logs', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user/profile/image/${user.username}?v=1` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // An unknown user answers the same.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile/image/00000000-0000-4000-8000-000000000000?v=1',
    });
    expect(unknown.statusCode).toBe(204);
  });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('accepts a %s picture and serves it publicly by username', async (_name, bytes, type) => {
    // The declared type and file name are ignored: only the bytes count.
    const res = await user.inject({
      method: 'POST',
      url: '/api/user/profile/upload',
      ...multipart(bytes, 'x.bin', 'application/octet-stream'),
    });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile.profileImageUrl).toMatch(
      new RegExp(`^/api/user/profile/image/${user.username}\\?v=\\d+$`),
    );
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/user/profile/image/${user.username}?v=123`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe(type);
    // A re-encoded copy of the same picture, in the same format.
    const stored = await sharp(image.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual([type.slice('image/'.length), 40, 30]);
  });

  it('changes the picture address on every upload (cache busting)', async () => {
    const first = (
      await user.inject({ method: 'POST', url: '/api/user/profile/upload', ...multipart(PNG) })
    ).json();
    const second = (
      await user.inject({ method: 'POST', url: '/api/user/profile/upload', ...multipart(PNG) })
    ).json();
    expect(second.profileImageUrl).not.toBe(first.profileImageUrl);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image (by its bytes) with a 400 naming the field', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const res = await user.inject({
      method: 'POST',
      url: '/api/user/profile/upload',
      ...multipart(svg, 'a.png', 'image/png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/PNG, JPEG or WebP/);
  });

  it('refuses a picture over 2 MB with a 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await user.inject({ method: 'POST', url: '/api/user/profile/upload', ...multipart(big) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('PayloadTooLarge');
  });

  it('refuses an upload that is not a multipart form with a 400', async () => {
    const res = await user.inject({
      method: 'POST',
      url: '/api/user/profile/upload',
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('file');
  });

  it('deletes the picture', async () => {
    await user.inject({ method: 'POST', url: '/api/user/profile/upload', ...multipart(PNG) });
    const res = await user.inject({ method: 'POST', url: '/api/user/profile/delete', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().profileImageUrl).toBeNull();
    const image = await t.app.inject({ method: 'GET', url: `/api/user/profile/image/${user.username}?v=9` });
    expect(image.statusCode).toBe(204);
  });

  it('stores pictures in an S3-compatible bucket when S3_* is configured', async () => {
    const objects = new Map<string, Buffer>();
    const fake = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 '))
          return res.writeHead(403).end();
        if (req.method === 'PUT') objects.set(req.url!, Buffer.concat(chunks));
        if (req.method === 'DELETE') objects.delete(req.url!);
        if (req.method === 'GET' && !objects.has(req.url!)) return res.writeHead(404).end();
        res.writeHead(200).end(req.method === 'GET' ? objects.get(req.url!) : undefined);
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const s3 = await createTestApp({
      S3_ENDPOINT: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    });
    try {
      const u = await signIn(s3.app);
      expect(
        (await u.inject({ method: 'POST', url: '/api/user/profile/upload', ...multipart(JPEG) })).statusCode,
      ).toBe(200);
      expect([...objects.keys()]).toEqual([`/media/uploads/profile/${u.username}`]);
      const image = await s3.app.inject({ method: 'GET', url: `/api/user/profile/image/${u.username}?v=1` });
      expect(image.headers['content-type']).toBe('image/jpeg');
      await u.inject({ method: 'POST', url: '/api/user/profile/delete', payload: {} });
      expect(objects.size).toBe(0);
    } finally {
      await s3.close();
      fake.close();
    }
  });

  it('never reads outside the upload folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile/image/..%2F..%2Fauth-secret' });
    expect(res.statusCode).toBe(404);
  });
});

describe('wallets', () => {
  let owner: Client;
  const addWallet = (client: Client, payload: { walletAddress: string; chain?: string }) =>
    client.inject({ method: 'POST', url: '/api/user/wallets', payload });
  beforeAll(async () => {
    owner = await signIn(t.app);
  });

  it.each([
    ['evm', EVM],
    ['solana', SOLANA],
    ['tron', TRON],
    ['cosmos', COSMOS],
  ])('adds a valid %s address', async (chain, walletAddress) => {
    const res = await addWallet(owner, { walletAddress, chain });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ walletAddress, chain });
  });

  it('lists them in the order they were added', async () => {
    const res = await owner.inject({ method: 'GET', url: '/api/user/wallets' });
    expect(res.json().map((w: { walletAddress: string }) => w.walletAddress)).toEqual([
      EVM,
      SOLANA,
      TRON,
      COSMOS,
    ]);
  });

  it('refuses the same EVM address in other letter case (checksum-insensitive) with a 409', async () => {
    const res = await addWallet(owner, { walletAddress: EVM.toLowerCase().replace('0x', '0x') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Conflict');
  });

  it.each([
    ['evm', '0x1234'],
    ['evm', `0x${'g'.repeat(40)}`],
    ['solana', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'],
    ['solana', 'abc'],
    ['tron', 'XLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
    ['cosmos', 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xx'],
  ])('refuses an invalid %s address %s with a 400 naming walletAddress', async (chain, walletAddress) => {
    const res = await addWallet(owner, { walletAddress, chain });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('walletAddress');
  });

  it('detects the chain when none is given, and refuses an address of no known chain', async () => {
    const other = await signIn(t.app);
    const ok = await addWallet(other, { walletAddress: TRON });
    expect(ok.json().chain).toBe('tron');
    const bad = await addWallet(other, { walletAddress: 'hello' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps wallets per user (another user may add the same address)', async () => {
    const other = await signIn(t.app);
    const res = await addWallet(other, { walletAddress: EVM });
    expect(res.statusCode).toBe(201);
  });

  it('removes a wallet, and 404s on one that is not there', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/user/wallets/delete',
      payload: { walletAddress: EVM.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    const list = (await owner.inject({ method: 'GET', url: '/api/user/wallets' })).json();
    expect(list.map((w: { walletAddress: string }) => w.walletAddress)).toEqual([SOLANA, TRON, COSMOS]);
    const again = await owner.inject({
      method: 'POST',
      url: '/api/user/wallets/delete',
      payload: { walletAddress: EVM },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('survey', () => {
  it('is empty until saved, then returns the saved answers', async () => {
    const u = await signIn(t.app);
    const before = await u.inject({ method: 'GET', url: '/api/user/survey' });
    expect(before.json()).toEqual({ survey: null, completedAt: null });
    const survey = {
      userType: 'Retail Investor',
      expertiseType: 'Beginner',
      projects: ['p-1'],
      watchlistName: 'Blue chips',
    };
    const saved = await u.inject({ method: 'POST', url: '/api/user/survey/upload', payload: { survey } });
    expect(saved.statusCode).toBe(200);
    const after = (await u.inject({ method: 'GET', url: '/api/user/survey' })).json();
    expect(after.survey).toEqual(survey);
    expect(after.completedAt).toEqual(expect.any(String));
  });

  it('refuses a watchlist name over 20 characters, naming the field', async () => {
    const res = await user.inject({
      method: 'POST',
      url: '/api/user/survey/upload',
      payload: { survey: { userType: 'Retail Investor', watchlistName: 'x'.repeat(21) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['survey.watchlistName']).toBe('Watchlist name cannot exceed 20 characters.');
  });

  it('refuses an unknown user type', async () => {
    const res = await user.inject({
      method: 'POST',
      url: '/api/user/survey/upload',
      payload: { survey: { userType: 'Whale' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('survey.userType');
  });
});

describe('notification settings (sso-settings)', () => {
  it('reads and updates the signed-in user’s settings', async () => {
    const u = await signIn(t.app);
    const read = (await u.inject({ method: 'POST', url: '/api/sso-settings', payload: {} })).json();
    expect(read.settings.securityAlerts).toBe(true);
    // The owner, signed in, sees the address the mail goes to.
    expect(read.email).toBe(u.email);
    const updated = await u.inject({
      method: 'POST',
      url: '/api/sso-settings/update',
      payload: { settings: { newsletter: false } },
    });
    expect(updated.json().settings).toMatchObject({ newsletter: false, securityAlerts: true });
    const id = ssoSettingsToken(t.config.authSecret, u.username, t.app.clock.now());
    expect(
      (await u.inject({ method: 'POST', url: '/api/sso-settings', payload: { id } })).json().settings
        .newsletter,
    ).toBe(false);
  });

  it('unsubscribes from an email link without signing in, by the signed id', async () => {
    const u = await signIn(t.app);
    const id = ssoSettingsToken(t.config.authSecret, u.username);
    const res = await t.app.inject({ method: 'POST', url: '/api/sso-settings/unsubscribe', payload: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({
      securityAlerts: false,
      watchlistUpdates: false,
      productNews: false,
      newsletter: false,
      alertMail: 'instant',
    });
    const read = await t.app.inject({ method: 'POST', url: '/api/sso-settings', payload: { id } });
    expect(read.json().settings.securityAlerts).toBe(false);
  });

  it('refuses a forged or tampered id with a 400', async () => {
    const u = await signIn(t.app);
    const forged = `${u.username}.${'A'.repeat(43)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sso-settings/unsubscribe',
      payload: { id: forged },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('id');
    const missing = await t.app.inject({ method: 'POST', url: '/api/sso-settings/unsubscribe', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('portfolio', () => {
  it('is hidden (404) while the portfolio flag is off', async () => {
    const res = await user.inject({ method: 'GET', url: '/api/portfolio' });
    expect(res.statusCode).toBe(404);
  });

  it('with the flag on, lists the wallets and the watched projects lowest score first', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'flags-'));
    const flagsFile = path.join(dir, 'flags.json');
    writeFileSync(
      flagsFile,
      JSON.stringify({
        flags: { portfolio: { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'on' } },
      }),
    );
    const on = await createTestApp({ FLAGS_FILE: flagsFile });
    try {
      const u = await signIn(on.app);
      await on.app.db
        .insert(projects)
        .values([
          projectRow('pf-a', { name: 'Alpha', score: 80, tier: 'AA' }),
          projectRow('pf-b', { name: 'Beta', score: 40, tier: 'B' }),
          projectRow('pf-c', { name: 'Gamma', score: 60, tier: 'BBB' }),
        ]);
      await on.app.db.insert(watchlists).values([
        { userId: u.username, name: 'One', projects: ['pf-a', 'pf-b'] },
        { userId: u.username, name: 'Two', projects: ['pf-a', 'pf-c'] },
      ]);
      await u.inject({ method: 'POST', url: '/api/user/wallets', payload: { walletAddress: EVM } });
      const res = await u.inject({ method: 'GET', url: '/api/portfolio' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.wallets.map((w: { walletAddress: string }) => w.walletAddress)).toEqual([EVM]);
      expect(body.projects.map((p: { id: string }) => p.id)).toEqual(['pf-b', 'pf-c', 'pf-a']);
      expect(body.projects[0].risk).toBe('high');
      // Alpha is in two watchlists, so it weighs twice: (80*2 + 40 + 60) / 4 = 65.
      expect(body.summary).toMatchObject({
        projectCount: 3,
        weightedScore: 65,
        lowestScore: 40,
        risk: 'medium',
      });
      expect(body.summary.byRisk).toEqual({ high: 1, medium: 1, low: 1 });
    } finally {
      await on.close();
    }
  });
});
