import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/accounts/passwords';
import { createTestApp, type TestApp } from '../helpers/app';
import { cookieHeader, getCsrf, signIn, signUpAndSignIn, TEST_PASSWORD } from '../helpers/auth';

/**
 * Finding 6 of The admin role was stored at sign-in (users.role, and inside the cookie) and outlived its
 * removal from ADMIN_EMAILS. The role must follow the configuration the server runs with now.
 */

vi.setConfig({ testTimeout: 120_000 });

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

const BOSS = 'boss@example.com';

/** A Cookie header with `later`'s cookies replacing `earlier`'s of the same name (as a browser keeps them). */
function withCookies(earlier: string, later: string): string {
  const jar = new Map<string, string>();
  for (const pair of `${earlier}; ${later}`.split(/;\s*/).filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

const get = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

/** What an admin can do: read the admin announcement and replace the public one with `content`. */
async function adminAccess(app: FastifyInstance, s: { cookie: string; csrf: string }, content: string) {
  const read = await get(app, '/api/admin/announcement', s.cookie);
  const write = await app.inject({
    method: 'PUT',
    url: '/api/announcement',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
    payload: { content, active: true },
  });
  return [read.statusCode, write.statusCode];
}

describe('ADMIN_EMAILS removed, server restarted on the same database', () => {
  it('takes the admin role from the old cookie and from a fresh sign-in', async () => {
    const before = await createTestApp({ ADMIN_EMAILS: BOSS });
    const boss = await signUpAndSignIn(before.app, BOSS);
    expect(await adminAccess(before.app, boss, 'Set by the admin')).toEqual([200, 200]);
    expect((await get(before.app, '/api/user/profile', boss.cookie)).json().role).toBe('admin');

    const after = await before.restart({});
    opened.push(after);
    // The session itself survives the restart (it is a database record) — only the role is gone.
    const session = await get(after.app, '/api/auth/session', boss.cookie);
    expect(session.json().user).toMatchObject({ email: BOSS });
    expect(await adminAccess(after.app, boss, 'Old cookie')).toEqual([403, 403]);
    expect((await get(after.app, '/api/user/profile', boss.cookie)).json().role).toBe('user');

    const fresh = await signIn(after.app, BOSS, TEST_PASSWORD);
    expect(await adminAccess(after.app, fresh, 'Fresh sign-in')).toEqual([403, 403]);
    expect((await get(after.app, '/api/user/profile', fresh.cookie)).json().role).toBe('user');
    const announcement = await after.app.inject({ method: 'GET', url: '/api/announcement' });
    expect(announcement.json()).toMatchObject({ content: 'Set by the admin' });
  });

  it('ends an impersonation started by an admin who is no longer one', async () => {
    const before = await createTestApp({ ADMIN_EMAILS: BOSS });
    const boss = await signUpAndSignIn(before.app, BOSS);
    const target = await signUpAndSignIn(before.app);
    const started = await before.app.inject({
      method: 'POST',
      url: '/api/impersonation-tool/create',
      headers: { cookie: boss.cookie, 'x-csrf-token': boss.csrf },
      payload: { impersonatingUserId: target.user.username },
    });
    expect(started.statusCode).toBe(200);
    const cookie = withCookies(boss.cookie, cookieHeader(started));
    const impersonating = await get(before.app, '/api/auth/session', cookie);
    expect(impersonating.json().user).toMatchObject({
      username: target.user.username,
      adminId: boss.user.username,
    });

    const after = await before.restart({});
    opened.push(after);
    expect((await get(after.app, '/api/auth/session', cookie)).json()).toEqual({});
    const { csrf } = await getCsrf(after.app, cookie);
    const write = await after.app.inject({
      method: 'POST',
      url: '/api/watchlist/create',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { name: 'as the target' },
    });
    expect(write.statusCode).toBe(401);
  });
});

describe('a database upgraded from the version that stored the role', () => {
  const migrations = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));

  /** Migrations 0000–0002 (before users.role was dropped) and an account the old code had made admin. */
  async function oldDatabaseWithStoredAdmin(target: { url?: string; dataDir: string }) {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'sentinel-old-migrations-'));
    mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => e.idx <= 2);
    for (const { tag } of journal.entries) {
      copyFileSync(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    const insert = sql`INSERT INTO users (email, password_hash, confirmed, role)
      VALUES ('stored-admin@example.com', ${await hashPassword(TEST_PASSWORD)}, true, 'admin')`;
    if (target.url) {
      const pool = new pg.Pool({ connectionString: target.url });
      const db = drizzlePg({ client: pool });
      await migratePg(db, { migrationsFolder: folder });
      await db.execute(insert);
      await pool.end();
    } else {
      const client = new PGlite(path.join(target.dataDir, 'pglite'));
      const db = drizzlePglite({ client });
      await migratePglite(db, { migrationsFolder: folder });
      await db.execute(insert);
      await client.close();
    }
  }

  it('does not make the stored admin an admin after the upgrade', async () => {
    const t = await createTestApp({}, { before: oldDatabaseWithStoredAdmin });
    opened.push(t);
    const s = await signIn(t.app, 'stored-admin@example.com', TEST_PASSWORD);
    expect(await adminAccess(t.app, s, 'Stored admin')).toEqual([403, 403]);
    expect((await get(t.app, '/api/user/profile', s.cookie)).json().role).toBe('user');
  });
});
