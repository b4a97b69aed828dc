import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import {
  alerts,
  incidentReports,
  incidents,
  jobs,
  notifications,
  outbox,
  projects,
  projectSignals,
  scoreSnapshots,
} from '../../server/db/schema/index';
import { KNOWN_INCIDENTS } from '../../server/seed/facts/incidents';
import { KNOWN_LIST } from '../../server/seed/known-projects';
import { slugify } from '../../server/seed/generate';
import { seedIfEmpty } from '../../server/seed/index';
import { useTestApp } from '../helpers/app';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

const SEED_DAY = new Date('2026-11-20T00:00:00Z');
const ADMIN_EMAIL = 'incidents-admin@example.com';

const t = useTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
let db: Db;
let admin: Client;
let user: Client;

beforeAll(async () => {
  db = t.database.db;
  await seedIfEmpty(db, 400, { today: SEED_DAY });
  admin = await signIn(t.app, { email: ADMIN_EMAIL });
  user = await signIn(t.app);
}, 120_000);

type Page = {
  items: {
    id: number;
    projectId: string | null;
    projectName: string;
    occurredOn: string;
    type: string;
    lossUsd: number | null;
    returnedUsd: number | null;
    chains: string[];
    sourceUrl: string | null;
    source: string;
  }[];
  total: number;
  page: number;
  pageSize: number;
  chains: string[];
};
const list = async (query = '') => {
  const res = await anonymous(t.app).inject({ method: 'GET', url: `/api/incidents-list${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

/** A visitor's report through the public form (signed in when `as` is given). */
async function report(body: Record<string, unknown>, as: Client = anonymous(t.app)): Promise<number> {
  const res = await as.inject({ method: 'POST', url: '/api/incidents', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const knownIds = new Set(KNOWN_LIST.filter((k) => k.name).map((k) => slugify(k.name!)));

describe('the seeded incidents database', () => {
  it('holds every public incident of the facts file with its source, linked to its rated project', async () => {
    const rows = await db.select().from(incidents).where(eq(incidents.source, 'public'));
    expect(rows.map((r) => r.sourceUrl).sort()).toEqual(KNOWN_INCIDENTS.map((i) => i.source).sort());
    for (const known of KNOWN_INCIDENTS) {
      const row = rows.find((r) => r.sourceUrl === known.source)!;
      expect(row.occurredOn).toBe(known.occurredAt.slice(0, 10));
      expect(row.lossUsd).toBe(known.lossUsd);
      expect(row.returnedUsd).toBe(known.returnedUsd);
      // Linked exactly where the seed pinned the incident's alert on a rated project.
      const [alert] = await db.select().from(alerts).where(eq(alerts.title, known.title));
      expect(row.projectId).toBe(alert?.projectId ?? null);
    }
    expect(rows.some((r) => r.projectId !== null)).toBe(true);
    // An incident of a project not rated here is listed under its name, unlinked.
    expect(rows.find((r) => r.projectName === 'Euler Finance')?.projectId).toBeNull();
  });

  it('says what came back where the source settles it, and leaves it unknown (null, not 0) where not', async () => {
    const page = await list('?keyword=Poly%20Network');
    expect(page.items.map((i) => [i.projectName, i.lossUsd, i.returnedUsd])).toEqual([
      ['Poly Network', 610_000_000, 577_000_000],
    ]);
    const euler = (await list('?keyword=Euler')).items[0]!;
    expect(euler.returnedUsd).toBe(euler.lossUsd);
    expect((await list('?keyword=Harmony')).items[0]!.returnedUsd).toBe(0);
    expect((await list('?keyword=Wormhole')).items[0]!.returnedUsd).toBeNull();
    expect((await list('?keyword=vyper')).items[0]!.returnedUsd).toBeNull();
  });

  it('puts demo incidents on invented projects only', async () => {
    const demo = await db.select().from(incidents).where(eq(incidents.source, 'demo'));
    expect(demo.length).toBeGreaterThan(0);
    for (const d of demo) {
      expect(d.projectId).not.toBeNull();
      expect(knownIds.has(d.projectId!), d.projectId!).toBe(false);
      expect(d.sourceUrl).toBeNull();
    }
  });
});

describe('GET /api/incidents-list', () => {
  it('answers newest first by default, pages, and sorts by loss', async () => {
    const all = await list('?pageSize=100');
    expect(all.total).toBeGreaterThan(4);
    const days = all.items.map((i) => i.occurredOn);
    expect(days).toEqual([...days].sort().reverse());
    const second = await list('?pageSize=2&page=2');
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    const byLoss = await list('?sort=loss&order=desc&pageSize=100');
    const losses = byLoss.items.map((i) => i.lossUsd).filter((l): l is number => l !== null);
    expect(losses).toEqual([...losses].sort((a, b) => b - a));
    expect(byLoss.items[0]!.lossUsd).toBe(Math.max(...losses));
  });

  it('filters by type, chain, year, date range, keyword and project', async () => {
    const exploits = await list('?type=exploit&pageSize=100');
    expect(exploits.items.length).toBeGreaterThan(0);
    expect(exploits.items.every((i) => i.type === 'exploit')).toBe(true);
    const bnb = await list('?chain=BNB%20Chain&pageSize=100');
    expect(bnb.items.every((i) => i.chains.includes('BNB Chain'))).toBe(true);
    expect(bnb.items.map((i) => i.sourceUrl)).toContain('https://rekt.news/bnb-bridge-rekt/');
    expect(bnb.chains).toContain('BNB Chain');
    const y2022 = await list('?year=2022&pageSize=100');
    // Harmony, BNB Chain, Ankr and Wormhole.
    expect(y2022.items.length).toBe(4);
    expect(y2022.items.every((i) => i.occurredOn.startsWith('2022-'))).toBe(true);
    const range = await list('?from=2022-10-01&to=2022-12-31');
    expect(range.items.map((i) => i.occurredOn)).toEqual(['2022-12-02', '2022-10-06']);
    const curve = await list('?keyword=vyper');
    expect(curve.items.map((i) => i.projectName)).toEqual(['Curve']);
    // `%` is a character to find, not a wildcard.
    expect((await list('?keyword=%25')).total).toBe(0);
    const linked = (await list('?pageSize=100')).items.find((i) => i.source === 'demo')!;
    const mine = await list(`?project=${encodeURIComponent(linked.projectId!)}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i) => i.projectId === linked.projectId)).toBe(true);
  });

  it('refuses bad input with a 4xx naming the field', async () => {
    for (const [query, field] of [
      ['?type=meteor', 'type'],
      ['?year=nineteen', 'year'],
      ['?from=yesterday', 'from'],
      ['?sort=name', 'sort'],
      ['?page=0', 'page'],
    ] as const) {
      const res = await anonymous(t.app).inject({ method: 'GET', url: `/api/incidents-list${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(field);
    }
  });
});

describe('the Atom feed', () => {
  it('is Atom 1.0, newest first, and escapes what a report carries', async () => {
    const id = await report({
      projectName: 'Feed <b>&</b> Co',
      description: 'Drained <script>alert(1)</script>',
    });
    const res = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/approve`,
      payload: {
        projectName: 'Feed <b>&</b> Co',
        occurredOn: '2026-11-19',
        type: 'phishing',
        lossUsd: 1_234_567,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const feed = await anonymous(t.app).inject({ method: 'GET', url: '/api/incidents.atom' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const xml = feed.body;
    expect(
      xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'),
    ).toBe(true);
    for (const tag of ['<id>', '<title>', '<updated>', '<author>']) expect(xml).toContain(tag);
    expect(xml).not.toContain('<script>');
    // The loss as the incidents page writes it (api/format.ts).
    expect(xml).toContain('Drained &lt;script&gt;alert(1)&lt;/script&gt; Loss: $1.2M.');
    expect(xml).toContain('<title>Feed &lt;b&gt;&amp;&lt;/b&gt; Co: phishing</title>');
    const updated = [...xml.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((m) => m[1]!);
    expect(updated.length).toBeGreaterThan(3);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(updated[0]).toBe('2026-11-19T00:00:00.000Z');
    // Every entry has an id, a title, a date and a link: what Atom 1.0 requires of an entry.
    for (const entry of xml.match(/<entry>[\s\S]*?<\/entry>/g)!) {
      expect(entry).toMatch(
        /<id>[^<]+<\/id>[\s\S]*<title>[^<]+<\/title>[\s\S]*<updated>[^<]+<\/updated>[\s\S]*<link /,
      );
    }
  });
});

describe('moderation', () => {
  const pending = async (c: Client) => c.inject({ method: 'GET', url: '/api/admin/incident-reports' });

  it('refuses signed-out (401) and non-admin (403) callers on every staff route', async () => {
    const id = await report({ projectName: 'Nobody', description: 'x' });
    const guest = anonymous(t.app);
    for (const [c, code] of [
      [guest, 401],
      [user, 403],
    ] as const) {
      expect((await pending(c)).statusCode).toBe(code);
      const approve = await c.inject({
        method: 'POST',
        url: `/api/admin/incident-reports/${id}/approve`,
        payload: { projectName: 'Nobody', occurredOn: '2026-01-01', type: 'exploit' },
      });
      expect(approve.statusCode).toBe(code);
      const reject = await c.inject({
        method: 'POST',
        url: `/api/admin/incident-reports/${id}/reject`,
        payload: { reason: 'no' },
      });
      expect(reject.statusCode).toBe(code);
    }
    const [row] = await db.select().from(incidentReports).where(eq(incidentReports.id, id));
    expect(row!.status).toBe('pending');
  });

  it('refuses an admin write without the CSRF token', async () => {
    const id = await report({ projectName: 'NoCsrf', description: 'x' });
    const cookies = Object.fromEntries(admin.cookies);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/reject`,
      payload: { reason: 'spam' },
      cookies,
    });
    expect(res.statusCode).toBe(403);
    const [row] = await db.select().from(incidentReports).where(eq(incidentReports.id, id));
    expect(row!.status).toBe('pending');
  });

  it('lists pending reports to admins, as sent (a payload stays text)', async () => {
    const id = await report({
      projectName: '<img src=x onerror=alert(1)>',
      description: '<script>alert("x")</script>',
      contactEmail: 'xss@example.com',
    });
    const res = await pending(admin);
    expect(res.statusCode).toBe(200);
    const item = (
      res.json() as { items: { id: number; projectName: string; description: string }[] }
    ).items.find((i) => i.id === id);
    expect(item).toMatchObject({
      projectName: '<img src=x onerror=alert(1)>',
      description: '<script>alert("x")</script>',
    });
  });

  it('rejects with a required reason, records who and when, and mails the reporter', async () => {
    const id = await report({
      projectName: 'Spam Coin',
      description: 'moon',
      contactEmail: 'rejected@example.com',
    });
    const empty = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/reject`,
      payload: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('reason');
    const res = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/reject`,
      payload: { reason: 'No evidence of a loss.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'rejected', incidentId: null });
    const [row] = await db.select().from(incidentReports).where(eq(incidentReports.id, id));
    expect(row).toMatchObject({
      status: 'rejected',
      rejectReason: 'No evidence of a loss.',
      reviewedBy: admin.username,
    });
    expect(row!.reviewedAt).toBeInstanceOf(Date);
    // Decided once: a second decision is a conflict, and it left the queue.
    const again = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/approve`,
      payload: { projectName: 'Spam Coin', occurredOn: '2026-01-01', type: 'exploit' },
    });
    expect(again.statusCode).toBe(409);
    const queue = (await pending(admin)).json() as { items: { id: number }[] };
    expect(queue.items.map((i) => i.id)).not.toContain(id);
    const mail = await anonymous(t.app).inject({
      method: 'GET',
      url: '/api/dev/outbox?to=rejected@example.com',
    });
    const [first] = mail.json() as { subject: string; text: string }[];
    expect(first!.subject).toBe('Your incident report on Spam Coin was not accepted');
    expect(first!.text).toContain('Reason: No evidence of a loss.');
  });

  it('approves into an incident on a rated project: signals, recompute, alert, the reporter’s bell and mail', async () => {
    // An invented project with no incident on record.
    const [target] = await db
      .select({ id: projects.id, name: projects.name, score: projects.score })
      .from(projects)
      .where(
        and(
          sql`${projects.id} NOT IN (SELECT project_id FROM incidents WHERE project_id IS NOT NULL)`,
          sql`${projects.id} NOT IN (SELECT project_id FROM alerts)`,
        ),
      )
      .orderBy(desc(projects.score))
      .limit(1);
    const id = await report(
      {
        projectName: target!.name,
        description: 'Drained through a flash loan.',
        contactEmail: 'reporter@example.com',
      },
      user,
    );
    const bad = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/approve`,
      payload: {
        projectName: target!.name,
        projectId: 'no-such-project',
        occurredOn: '2026-11-18',
        type: 'exploit',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('projectId');
    const badType = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/approve`,
      payload: { projectName: target!.name, occurredOn: '2026-11-18', type: 'meteor' },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toContain('type');

    const res = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${id}/approve`,
      payload: {
        projectName: target!.name,
        projectId: target!.id,
        occurredOn: '2026-11-18',
        type: 'exploit',
        technique: 'Flash loan',
        lossUsd: 2_500_000,
        returnedUsd: 500_000,
        chains: ['Ethereum'],
        sourceUrl: 'https://example.org/post-mortem',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const decision = res.json() as { incidentId: number };
    const [incident] = await db.select().from(incidents).where(eq(incidents.id, decision.incidentId));
    expect(incident).toMatchObject({
      projectId: target!.id,
      source: 'report',
      reportId: id,
      lossUsd: 2_500_000,
      returnedUsd: 500_000,
      sourceUrl: 'https://example.org/post-mortem',
    });
    // It shows in the database and the project's history.
    const mine = await list(`?project=${encodeURIComponent(target!.id)}`);
    expect(mine.items.map((i) => i.id)).toEqual([decision.incidentId]);

    // The operational signals count it, and a recompute is queued for the project.
    const [signals] = await db.select().from(projectSignals).where(eq(projectSignals.projectId, target!.id));
    expect(signals!.values).toMatchObject({ incidents12m: 1, incidentLossUsd12m: 2_500_000 });
    const queued = await db.select().from(jobs).where(eq(jobs.queue, 'recompute'));
    expect(queued.some((j) => JSON.stringify(j.payload).includes(target!.id))).toBe(true);
    const [alert] = await db.select().from(alerts).where(eq(alerts.projectId, target!.id));
    expect(alert).toMatchObject({
      title: `${target!.name}: Flash loan`,
      severity: 'high',
      lossUsd: 2_500_000,
    });

    await t.app.jobs.drain();
    const [after] = await db
      .select({ score: projects.score })
      .from(projects)
      .where(eq(projects.id, target!.id));
    expect(after!.score).toBeLessThan(target!.score);
    const [snap] = await db
      .select()
      .from(scoreSnapshots)
      .where(eq(scoreSnapshots.projectId, target!.id))
      .orderBy(desc(scoreSnapshots.computedAt), desc(scoreSnapshots.id))
      .limit(1);
    expect(snap!.reason).toBe('incident');
    expect(snap!.score).toBe(after!.score);

    // The reporter was signed in: their bell, and mail to the contact address given.
    const bell = await user.inject({ method: 'GET', url: '/api/notifications' });
    expect(bell.body).toContain(`Your incident report on ${target!.name} was approved`);
    const [n] = await db.select().from(notifications).where(eq(notifications.userId, user.username));
    expect(n!.projectId).toBe(target!.id);
    const mail = await db.select().from(outbox).where(eq(outbox.to, 'reporter@example.com'));
    expect(mail.map((m) => m.subject)).toEqual([`Your incident report on ${target!.name} was approved`]);
  });
});
