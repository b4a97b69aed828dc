import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { auditFindings, audits, incidents, projects, projectSignals } from '../../server/db/schema/index';
import { seedIfEmpty } from '../../server/seed/index';
import { nativeCoinIds } from '../../server/seed/audits';
import { KNOWN_LIST } from '../../server/seed/known-projects';
import { knownName, slugify } from '../../server/seed/generate';
import type { ProjectAudits } from '../../api/audits';
import type { ProjectDetail } from '../../api/projects';
import { useTestApp } from '../helpers/app';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

/**
 * A database seeded before audits, KYC details and incidents existed gets the shipped records on its next start,
 * once, around whatever staff did meanwhile.
 */

const SEED_DAY = new Date('2026-11-20T00:00:00Z');
const PROJECTS = 300;
const ADMIN_EMAIL = 'backfill-admin@example.com';

const t = useTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
let db: Db;
let admin: Client;
let fresh: Research;

/** What every server start runs on its database (server/seed/prepare.ts), here on one seeded before. */
const start = () => seedIfEmpty(db, PROJECTS, { today: SEED_DAY });

type Research = { audits: string[]; kyc: string[]; incidents: string[] };

/** The research records as comparable lines (ids and row order aside). */
async function research(): Promise<Research> {
  const auditRows = await db
    .select({ a: audits, f: auditFindings })
    .from(audits)
    .leftJoin(auditFindings, eq(auditFindings.auditId, audits.id))
    .orderBy(asc(auditFindings.id));
  const byAudit = new Map<number, string[]>();
  for (const { a, f } of auditRows) {
    const line = byAudit.get(a.id) ?? [`${a.projectId} ${a.source} ${a.auditor} ${a.publishedOn} ${a.scope}`];
    if (f) line.push(`${f.title}/${f.severity}/${f.status}`);
    byAudit.set(a.id, line);
  }
  const kyc = await db
    .select({ id: projects.id, tier: projects.kycTier, on: projects.kycVerifiedOn, scope: projects.kycScope })
    .from(projects)
    .where(isNotNull(projects.kycTier));
  const inc = await db.select().from(incidents);
  return {
    audits: [...byAudit.values()].map((l) => l.join(' | ')).sort(),
    kyc: kyc.map((k) => `${k.id} ${k.tier} ${k.on} ${k.scope?.join(',')}`).sort(),
    incidents: inc
      .map(
        (i) =>
          `${i.source} ${i.projectId} ${i.projectName} ${i.occurredOn} ${i.type} ${i.lossUsd} ${i.returnedUsd} ${i.sourceUrl}`,
      )
      .sort(),
  };
}

/** An older install: the projects as seeded, and none of the research records. */
async function forgetSeededResearch() {
  await db.delete(audits).where(eq(audits.source, 'demo'));
  await db.update(projects).set({ kycTier: null, kycVerifiedOn: null, kycScope: null });
  await db.delete(incidents).where(inArray(incidents.source, ['demo', 'public']));
}

const get = async <T>(url: string) => {
  const res = await anonymous(t.app).inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** An invented project the seed audited (its signals say how many audits). */
async function auditedInventedProject(): Promise<string> {
  const real = new Set(KNOWN_LIST.flatMap((k) => (knownName(k) ? [slugify(knownName(k)!)] : [])));
  const rows = await db
    .select({ id: projects.id, auditStatus: projects.auditStatus })
    .from(projects)
    .innerJoin(projectSignals, eq(projectSignals.projectId, projects.id))
    .orderBy(asc(projects.id));
  const p = rows.find((r) => r.auditStatus === 'audited' && !real.has(r.id) && !nativeCoinIds().has(r.id));
  expect(p, 'an audited invented project').toBeDefined();
  return p!.id;
}

beforeAll(async () => {
  db = t.database.db;
  await seedIfEmpty(db, PROJECTS, { today: SEED_DAY });
  fresh = await research();
  admin = await signIn(t.app, { email: ADMIN_EMAIL });
}, 120_000);

describe('a database seeded before the research records', () => {
  it('gets the records a fresh seed writes on its next start, and nothing more on the start after', async () => {
    expect(fresh.audits.length).toBeGreaterThan(5);
    expect(fresh.kyc.length).toBeGreaterThan(0);
    expect(fresh.incidents.some((i) => i.startsWith('public '))).toBe(true);
    expect(fresh.incidents.some((i) => i.startsWith('demo '))).toBe(true);

    await forgetSeededResearch();
    const audited = await auditedInventedProject();
    const kycId = fresh.kyc[0]!.split(' ')[0]!;
    // What a visitor of an older install saw: no audit history, no KYC details, an empty incidents database.
    expect((await get<ProjectAudits>(`/api/projects/${audited}/audits`)).audits).toEqual([]);
    expect((await get<ProjectDetail>(`/api/projects/${kycId}`)).kycDetails).toBeNull();
    expect((await get<{ total: number }>('/api/incidents-list')).total).toBe(0);

    expect(await start()).toEqual({ seeded: false });
    expect(await research()).toEqual(fresh);
    expect((await get<ProjectAudits>(`/api/projects/${audited}/audits`)).audits.length).toBeGreaterThan(0);
    expect((await get<ProjectDetail>(`/api/projects/${kycId}`)).kycDetails?.demo).toBe(true);
    expect((await get<{ total: number }>('/api/incidents-list')).total).toBe(fresh.incidents.length);

    await start();
    expect(await research()).toEqual(fresh);
  }, 120_000);

  it('leaves what staff published, edited and approved as it is, and loads the rest around it', async () => {
    // Staff publish an audit on a seeded audited project, change a demo finding's status, and approve a report
    // whose alert reads like a generated one.
    const project = await auditedInventedProject();
    const published = await admin.inject({
      method: 'POST',
      url: `/api/admin/projects/${project}/audits`,
      payload: {
        auditor: 'Example Review Co',
        publishedOn: '2026-11-18',
        scope: 'Vault contracts',
        findings: [{ title: 'Reentrancy in withdraw', severity: 'critical', status: 'pending' }],
      },
    });
    expect(published.statusCode, published.body).toBe(201);
    const staffAudit = (published.json() as { id: number }).id;
    const [demoFinding] = await db
      .select({ id: auditFindings.id })
      .from(auditFindings)
      .innerJoin(audits, eq(audits.id, auditFindings.auditId))
      .where(eq(audits.source, 'demo'))
      .orderBy(asc(auditFindings.id))
      .limit(1);
    const edited = await admin.inject({
      method: 'PUT',
      url: `/api/admin/audit-findings/${demoFinding!.id}`,
      payload: { status: 'partially_resolved' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const reported = await anonymous(t.app).inject({
      method: 'POST',
      url: '/api/incidents',
      payload: { projectName: 'A seeded project', description: 'A fake front end asks for approvals.' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const approved = await admin.inject({
      method: 'POST',
      url: `/api/admin/incident-reports/${(reported.json() as { id: number }).id}/approve`,
      payload: {
        projectId: project,
        projectName: 'A seeded project',
        occurredOn: '2026-11-19',
        type: 'phishing',
        technique: 'Phishing campaign',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const staffRows = async () => ({
      audit: await db.select().from(audits).where(eq(audits.id, staffAudit)),
      findings: await db.select().from(auditFindings).where(eq(auditFindings.auditId, staffAudit)),
      incidents: await db.select().from(incidents).where(eq(incidents.source, 'report')),
    });
    const before = await staffRows();
    expect(before.incidents).toHaveLength(1);

    // A start on the database as staff left it adds nothing and changes nothing.
    const withStaff = await research();
    await start();
    expect(await research()).toEqual(withStaff);
    const [finding] = await db.select().from(auditFindings).where(eq(auditFindings.id, demoFinding!.id));
    expect(finding!.status).toBe('partially_resolved');

    // Staff worked on an install that had no seeded records yet: the start loads them around staff's rows.
    await forgetSeededResearch();
    await start();
    expect(await staffRows()).toEqual(before);
    const after = await research();
    // The project with staff's audit keeps only that one (its signals now come from it); every other is as seeded.
    const own = (lines: string[]) => lines.filter((l) => l.startsWith(`${project} `));
    expect(own(after.audits)).toEqual(own(withStaff.audits).filter((l) => l.includes(' staff ')));
    const others = (lines: string[]) => lines.filter((l) => !l.startsWith(`${project} `));
    expect(others(after.audits)).toEqual(others(fresh.audits));
    expect(after.kyc).toEqual(fresh.kyc);
    // The approved report's alert did not come back as a demo incident.
    expect(after.incidents.filter((i) => !i.startsWith('report '))).toEqual(fresh.incidents);
    expect(after.incidents.filter((i) => i.startsWith('report '))).toHaveLength(1);

    await start();
    expect(await research()).toEqual(after);
  }, 120_000);
});
