import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAudit } from '../../server/db/schema/index';
import { createTestApp, type TestApp, useTestApp } from '../helpers/app';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const create = (client: Client, impersonatingUserId: unknown) =>
  client.inject({ method: 'POST', url: '/api/impersonation-tool/create', payload: { impersonatingUserId } });
const remove = (client: Client, adminId: unknown) =>
  client.inject({ method: 'POST', url: '/api/impersonation-tool/delete', payload: { adminId } });
const sessionOf = async (client: Client) =>
  (await client.inject({ method: 'GET', url: '/api/auth/session' })).json() as {
    user?: { username: string; email: string; adminId?: string };
  };

describe('impersonation with the impersonationTool flag on (repository flags.json)', () => {
  const t = useTestApp({ ADMIN_EMAILS: 'admin@example.com,listed@example.com' });
  let admin: Client;
  let listedAdmin: Client;
  let user: Client;
  let target: Client;
  beforeAll(async () => {
    admin = await signIn(t.app, { email: 'admin@example.com' });
    listedAdmin = await signIn(t.app, { email: 'listed@example.com' });
    user = await signIn(t.app);
    target = await signIn(t.app);
  }, 120_000);

  it('refuses anonymous callers with 401', async () => {
    const anon = anonymous(t.app);
    expect((await create(anon, target.username)).statusCode).toBe(401);
    expect((await remove(anon, admin.username)).statusCode).toBe(401);
  });

  it('refuses a signed-in user without the admin role with 403', async () => {
    const res = await create(user, target.username);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Forbidden');
    expect((await sessionOf(user)).user).toMatchObject({ username: user.username });
    expect((await sessionOf(user)).user?.adminId).toBeUndefined();
  });

  it("answers 'User doesn't exist.' for an id that does not resolve", async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid', "'; drop table users; --"]) {
      const res = await create(admin, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'UserNotFound', message: "User doesn't exist." });
    }
  });

  it('names the field for a missing or empty id (400)', async () => {
    for (const id of [undefined, '', '   ', 42]) {
      const res = await create(admin, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('impersonatingUserId');
    }
  });

  it('does not impersonate yourself or another admin', async () => {
    expect((await create(admin, admin.username)).statusCode).toBe(400);
    const other = await create(admin, listedAdmin.username);
    expect(other.statusCode).toBe(403);
    expect((await sessionOf(admin)).user?.adminId).toBeUndefined();
  });

  it('switches an admin to the user, audits start, writes and stop, and switches back', async () => {
    const started = await create(admin, target.username);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      user: { username: target.username, email: target.email, role: 'user', adminId: admin.username },
    });
    expect((await sessionOf(admin)).user).toMatchObject({
      username: target.username,
      email: target.email,
      adminId: admin.username,
    });

    // While impersonating: no second impersonation, and the borrowed session is not an admin one.
    const again = await create(admin, user.username);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('AlreadyImpersonating');
    const write = await admin.inject({
      method: 'PUT',
      url: '/api/announcement',
      payload: { content: 'Hello', active: true },
    });
    expect(write.statusCode).toBe(403);
    // Reads are not audited.
    await admin.inject({ method: 'GET', url: '/api/auth/session' });

    // Exit needs the admin id of this impersonation.
    const wrong = await remove(admin, user.username);
    expect(wrong.statusCode).toBe(403);
    const stopped = await remove(admin, admin.username);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ user: { username: admin.username, email: admin.email, role: 'admin' } });
    const back = await sessionOf(admin);
    expect(back.user).toMatchObject({ username: admin.username, email: admin.email });
    expect(back.user?.adminId).toBeUndefined();

    const rows = await t.app.db.select().from(impersonationAudit).orderBy(asc(impersonationAudit.id));
    expect(
      rows.map((r) => ({ action: r.action, adminId: r.adminId, subjectId: r.subjectId, detail: r.detail })),
    ).toEqual([
      { action: 'start', adminId: admin.username, subjectId: target.username, detail: null },
      // The tool's own refusals while impersonating are recorded too.
      {
        action: 'write',
        adminId: admin.username,
        subjectId: target.username,
        detail: { method: 'POST', path: '/api/impersonation-tool/create', statusCode: 409 },
      },
      {
        action: 'write',
        adminId: admin.username,
        subjectId: target.username,
        detail: { method: 'PUT', path: '/api/announcement', statusCode: 403 },
      },
      {
        action: 'write',
        adminId: admin.username,
        subjectId: target.username,
        detail: { method: 'POST', path: '/api/impersonation-tool/delete', statusCode: 403 },
      },
      { action: 'stop', adminId: admin.username, subjectId: target.username, detail: null },
    ]);
  });

  it('refuses exit when not impersonating (409)', async () => {
    const res = await remove(admin, admin.username);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('NotImpersonating');
  });

  it('lets an admin named by ADMIN_EMAILS impersonate', async () => {
    const res = await create(listedAdmin, user.username);
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(listedAdmin)).user).toMatchObject({
      username: user.username,
      adminId: listedAdmin.username,
    });
    expect((await remove(listedAdmin, listedAdmin.username)).statusCode).toBe(200);
  });
});

describe('impersonation with the impersonationTool flag off', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'flags-off-'));
    const file = path.join(dir, 'flags.json');
    writeFileSync(
      file,
      JSON.stringify({
        flags: {
          impersonationTool: { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'off' },
        },
      }),
    );
    t = await createTestApp({ FLAGS_FILE: file, ADMIN_EMAILS: 'admin@example.com' });
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses an admin with 403 and keeps the session', async () => {
    const admin = await signIn(t.app, { email: 'admin@example.com' });
    const target = await signIn(t.app);
    const res = await create(admin, target.username);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Forbidden');
    expect((await sessionOf(admin)).user).toMatchObject({ username: admin.username });
    expect((await sessionOf(admin)).user?.adminId).toBeUndefined();
    expect(await t.app.db.select().from(impersonationAudit)).toEqual([]);
  });
});
