import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_APPLICABLE_TEXT, type Audit, type ProjectAudits } from '../../api/audits';
import type { ProjectDetail } from '../../api/projects';
import {
  audits,
  impersonationAudit,
  projectSignals,
  projects,
  scoreSnapshots,
} from '../../server/db/schema/index';
import { openFindingsOf } from '../../server/ratings/auditSignals';
import { nativeCoinIds } from '../../server/seed/audits';
import type { TestApp } from '../helpers/app';
import { createSeededApp } from '../helpers/seeded';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

const ADMIN_EMAIL = 'audits-admin@example.com';

let t: TestApp;
let admin: Client;
let user: Client;
beforeAll(async () => {
  t = await createSeededApp(60, { ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signIn(t.app, { email: ADMIN_EMAIL });
  user = await signIn(t.app);
}, 120_000);
afterAll(async () => t?.close());

const auditsOf = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/audits` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectAudits;
};
const detailOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/projects/${id}` })).json() as ProjectDetail;
const allProjects = () =>
  t.app.db
    .select({
      id: projects.id,
      auditStatus: projects.auditStatus,
      auditDate: projects.auditDate,
      kyc: projects.kyc,
      values: projectSignals.values,
    })
    .from(projects)
    .innerJoin(projectSignals, eq(projectSignals.projectId, projects.id));

/** An invented project with contracts and no audit on record, to publish on. */
async function unauditedProject(): Promise<string> {
  const rows = await allProjects();
  const p = rows.find((r) => r.auditStatus === 'none' && !nativeCoinIds().has(r.id));
  expect(p, 'a seeded project without an audit').toBeDefined();
  return p!.id;
}

const AUDIT = {
  auditor: 'Example Review Co',
  publishedOn: '2026-11-10',
  scope: 'Token and vault contracts',
  commit: 'a1b2c3d',
  contracts: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
  reportUrl: 'https://example.com/reports/vault.pdf',
  findings: [
    { title: 'Reentrancy in withdraw', severity: 'critical', status: 'pending' },
    { title: 'Missing event', severity: 'minor', status: 'resolved' },
    { title: 'Naming', severity: 'informational', status: 'acknowledged' },
  ],
};

describe('seeded audit records', () => {
  it('agree with the Audited badge, the audit date and the Code Security signals', async () => {
    const rows = await allProjects();
    const audited = rows.filter((r) => r.auditStatus === 'audited');
    expect(audited.length).toBeGreaterThan(5);
    for (const r of rows) {
      const list = await auditsOf(r.id);
      expect(list.audits.length > 0, r.id).toBe(r.auditStatus === 'audited');
      if (list.audits.length === 0) continue;
      expect(list.audits.every((a) => a.source === 'demo' && a.reportUrl === null)).toBe(true);
      // Newest first, and the newest is the leaderboard's audit date.
      expect(list.audits[0]!.publishedOn, r.id).toBe(r.auditDate);
      expect(list.audits.map((a) => a.publishedOn)).toEqual(
        list.audits
          .map((a) => a.publishedOn)
          .sort()
          .reverse(),
      );
      expect(list.audits.length).toBe(r.values.auditCount);
      expect(openFindingsOf(list.audits.flatMap((a) => a.findings))).toBe(r.values.openFindings);
      const severities = list.audits.flatMap((a) => a.findings.map((f) => f.severity));
      expect(list.summary.bySeverity.critical + list.summary.bySeverity.major).toBe(
        severities.filter((s) => s === 'critical' || s === 'major').length,
      );
    }
  });

  it('never shows a native coin as audited: Bitcoin says audits are not applicable', async () => {
    const rows = await allProjects();
    const natives = rows.filter((r) => nativeCoinIds().has(r.id));
    expect(natives.map((r) => r.id)).toContain('bitcoin');
    for (const r of natives) expect(r.auditStatus, r.id).not.toBe('audited');
    const bitcoin = await auditsOf('bitcoin');
    expect(bitcoin).toMatchObject({ applicable: false, audits: [] });
    const detail = await detailOf('bitcoin');
    expect(detail.auditsApplicable).toBe(false);
    expect(detail.auditStatus).toBe('none');
    expect(detail.auditDate).toBeNull();
    const board = (
      await t.app.inject({ method: 'GET', url: '/api/leaderboard?audit=audited&pageSize=100' })
    ).json();
    expect(board.items.map((i: { id: string }) => i.id)).not.toContain('bitcoin');
  });

  it('gives every verified team KYC details: tier, day, next review 90 days later, scope, demo', async () => {
    const rows = await allProjects();
    const verified = rows.filter((r) => r.kyc);
    expect(verified.length).toBeGreaterThan(0);
    for (const r of verified.slice(0, 10)) {
      const d = await detailOf(r.id);
      expect(d.kycDetails, r.id).toBeTruthy();
      const k = d.kycDetails!;
      expect(['gold', 'silver', 'bronze']).toContain(k.tier);
      expect(k.scope).toContain('Team identity');
      expect(k.demo).toBe(true);
      expect((Date.parse(k.nextReviewOn) - Date.parse(k.verifiedOn)) / 86_400_000).toBe(90);
    }
    const unverified = rows.find((r) => !r.kyc)!;
    expect((await detailOf(unverified.id)).kycDetails).toBeNull();
  });
});

describe('the Partner API', () => {
  it("reads a project's audits with an API key", async () => {
    const made = await user.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      payload: { name: 'audits' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/projects/bitcoin/audits',
      headers: { authorization: `Bearer ${made.json().key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['ratelimit-policy']).toMatch(/api-key-minute/);
    expect(res.json()).toMatchObject({ projectId: 'bitcoin', applicable: false });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/projects/bitcoin/audits',
      headers: { authorization: 'Bearer not-a-key' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('staff routes refuse callers who are not admins', () => {
  const routes = [
    { method: 'POST' as const, url: '/api/admin/projects/bitcoin/audits', payload: AUDIT },
    { method: 'PUT' as const, url: '/api/admin/audit-findings/1', payload: { status: 'resolved' } },
  ];
  it('answers 401 signed out and 403 to a signed-in user, and writes nothing', async () => {
    // Counted with drizzle's select: a raw execute's result object differs between PGlite and PostgreSQL.
    const count = async () => (await t.app.db.select().from(audits)).length;
    const before = await count();
    for (const r of routes) {
      expect((await anonymous(t.app).inject(r)).statusCode, r.url).toBe(401);
      expect((await user.inject(r)).statusCode, r.url).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('refuses an admin write without the CSRF token (403)', async () => {
    const id = await unauditedProject();
    for (const r of [{ ...routes[0]!, url: `/api/admin/projects/${id}/audits` }, routes[1]!]) {
      const res = await t.app.inject({ ...r, cookies: Object.fromEntries(admin.cookies) });
      expect(res.statusCode, r.url).toBe(403);
      expect(res.json().error).toMatch(/csrf/i);
    }
    expect((await auditsOf(id)).audits).toEqual([]);
  });
});

describe('publishing an audit and resolving a finding', () => {
  it('publishes, recomputes the project from its records and logs the write', async () => {
    const id = await unauditedProject();
    const [before] = await t.app.db.select().from(projects).where(eq(projects.id, id));
    const res = await admin.inject({
      method: 'POST',
      url: `/api/admin/projects/${id}/audits`,
      payload: AUDIT,
    });
    expect(res.statusCode, res.body).toBe(201);
    const published = res.json() as Audit;
    expect(published).toMatchObject({ auditor: AUDIT.auditor, source: 'staff', reportUrl: AUDIT.reportUrl });
    // Most severe first.
    expect(published.findings.map((f) => f.severity)).toEqual(['critical', 'minor', 'informational']);
    expect(published.summary.bySeverity).toEqual({
      critical: 1,
      major: 0,
      medium: 0,
      minor: 1,
      informational: 1,
    });
    expect(published.summary.byStatus).toEqual({
      resolved: 1,
      partially_resolved: 0,
      acknowledged: 1,
      pending: 1,
    });

    const list = await auditsOf(id);
    expect(list.applicable).toBe(true);
    expect(list.audits.map((a) => a.id)).toEqual([published.id]);

    await t.app.jobs.drain();
    const [after] = await t.app.db.select().from(projects).where(eq(projects.id, id));
    expect(after!.auditStatus).toBe('audited');
    expect(after!.auditDate).toBe(AUDIT.publishedOn);
    expect(after!.subScores.codeSecurity).not.toBe(before!.subScores.codeSecurity);
    const [signals] = await t.app.db.select().from(projectSignals).where(eq(projectSignals.projectId, id));
    expect(signals!.values).toMatchObject({ auditCount: 1, openFindings: 2 });
    const snaps = await t.app.db
      .select()
      .from(scoreSnapshots)
      .where(and(eq(scoreSnapshots.projectId, id), eq(scoreSnapshots.reason, 'signals')));
    expect(snaps.length).toBe(1);
    expect(snaps[0]!.audited).toBe(1);

    const logged = await t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.adminId, admin.username));
    expect(logged.map((l) => l.detail)).toContainEqual(
      expect.objectContaining({ what: 'audit published', projectId: id, auditId: published.id }),
    );

    // The critical finding is fixed: open findings fall from 2 to 0 and the score moves up again.
    const critical = published.findings.find((f) => f.severity === 'critical')!;
    const put = await admin.inject({
      method: 'PUT',
      url: `/api/admin/audit-findings/${critical.id}`,
      payload: { status: 'resolved' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ ...critical, status: 'resolved' });
    await t.app.jobs.drain();
    const [resolved] = await t.app.db.select().from(projects).where(eq(projects.id, id));
    expect(resolved!.subScores.codeSecurity).toBeGreaterThan(after!.subScores.codeSecurity);
    const [signals2] = await t.app.db.select().from(projectSignals).where(eq(projectSignals.projectId, id));
    expect(signals2!.values.openFindings).toBe(0);
    expect((await auditsOf(id)).summary.byStatus.resolved).toBe(2);
    const logged2 = await t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.adminId, admin.username));
    expect(logged2.map((l) => l.detail)).toContainEqual(
      expect.objectContaining({ what: 'finding status changed', findingId: critical.id, to: 'resolved' }),
    );
  });

  it('refuses an audit of a native coin with no contract (409) and names bad fields (400)', async () => {
    const native = await admin.inject({
      method: 'POST',
      url: '/api/admin/projects/bitcoin/audits',
      payload: AUDIT,
    });
    expect(native.statusCode).toBe(409);
    expect(native.json().message).toMatch(/native coin/);
    expect(NOT_APPLICABLE_TEXT).toMatch(/^Not applicable/);

    const id = await unauditedProject();
    const cases: [object, string][] = [
      [{ ...AUDIT, auditor: ' ' }, 'auditor'],
      [{ ...AUDIT, publishedOn: '10/11/2026' }, 'publishedOn'],
      [{ ...AUDIT, reportUrl: 'javascript:alert(1)' }, 'reportUrl'],
      [{ ...AUDIT, findings: [{ title: 'x', severity: 'huge' }] }, 'findings.0.severity'],
      [{ ...AUDIT, findings: [{ title: '', severity: 'minor' }] }, 'findings.0.title'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin.inject({ method: 'POST', url: `/api/admin/projects/${id}/audits`, payload });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toHaveProperty([field]);
    }
    const bad = await admin.inject({
      method: 'PUT',
      url: '/api/admin/audit-findings/1',
      payload: { status: 'fixed' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['status']);
    const missing = await admin.inject({
      method: 'PUT',
      url: '/api/admin/audit-findings/999999',
      payload: { status: 'resolved' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/no-such-project/audits' })).statusCode,
    ).toBe(404);
  });
});
