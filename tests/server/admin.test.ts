import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../server/db/schema/index';
import { useTestApp } from '../helpers/app';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

describe('PUT /api/announcement (admin only)', () => {
  const t = useTestApp({ ADMIN_EMAILS: 'admin@example.com' });
  let admin: Client;
  let user: Client;
  beforeAll(async () => {
    admin = await signIn(t.app, { email: 'admin@example.com' });
    user = await signIn(t.app);
  }, 120_000);

  const put = (client: Client, payload: object) =>
    client.inject({ method: 'PUT', url: '/api/announcement', payload });
  const body = {
    content: 'Skynet 2.0 is live',
    link: '/products/skynet',
    linkText: 'Read more',
    active: true,
  };

  it('refuses anonymous (401) and non-admin (403) callers', async () => {
    expect((await put(anonymous(t.app), body)).statusCode).toBe(401);
    expect((await put(user, body)).statusCode).toBe(403);
    expect((await user.inject({ method: 'GET', url: '/api/admin/announcement' })).statusCode).toBe(403);
  });

  it('stores the announcement, replacing the active one, and hides it with active: false', async () => {
    const first = await put(admin, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject(body);
    const second = await put(admin, { content: 'Maintenance tonight', active: true });
    expect(second.json()).toMatchObject({
      content: 'Maintenance tonight',
      link: null,
      linkText: null,
      active: true,
    });

    const banner = await t.app.inject({ method: 'GET', url: '/api/announcement' });
    expect(banner.json()).toEqual({ content: 'Maintenance tonight', link: '', linkText: '' });
    const rows = await t.app.db.select().from(announcements).orderBy(desc(announcements.id));
    expect(rows.filter((r) => r.active).map((r) => r.content)).toEqual(['Maintenance tonight']);
    expect(rows[0]!.updatedBy).toBe(admin.username);

    await put(admin, { content: 'Maintenance tonight', active: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/announcement' })).json()).toBeNull();
    const after = await t.app.db.select().from(announcements);
    expect(after.filter((r) => r.active)).toEqual([]);
    const latest = await admin.inject({ method: 'GET', url: '/api/admin/announcement' });
    expect(latest.json()).toMatchObject({ content: 'Maintenance tonight', active: false });
  });

  it('names the bad field (400)', async () => {
    const cases: [object, string][] = [
      [{ ...body, content: '  ' }, 'content'],
      [{ ...body, link: 'javascript:alert(1)' }, 'link'],
      [{ ...body, linkText: '' }, 'linkText'],
      [{ content: 'x' }, 'active'],
      [{ ...body, content: 'x'.repeat(501) }, 'content'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(admin, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});
