import { randomUUID } from 'node:crypto';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voteProject } from '../../api/projects';
import { createRequest } from '../../api/http';
import { LONGEST_WINDOW_MS, prune } from '../../server/accounts/rate';
import { projects, rateCounters, votes } from '../../server/db/schema/index';
import { LIMITS } from '../../server/plugins/app/rateLimit';
import { VISITOR_COOKIE } from '../../server/projects/voter';
import type { TestApp } from '../helpers/app';
import { cookieKeepingFetch, getCsrf, newClientAddress, signUpAndSignIn } from '../helpers/auth';
import { createSeededApp } from '../helpers/seeded';

/**
 * The pentest found: anonymous votes were stuffed by dropping the visitor cookie (50 GETs → 50 votes).
 * The spec's GET stays; the visitor cookie is signed (a forged or unsigned one is no visitor), votes are limited
 * per address, and the cookie is Secure on an https site. Expired rate counters are pruned.
 */

let t: TestApp;
let projectIds: string[];
beforeAll(async () => {
  t = await createSeededApp(9);
  projectIds = (await t.app.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id))).map(
    (p) => p.id,
  );
});
afterAll(async () => t?.close());

/** A vote as the site's own page casts it (a browser's fetch from our page says `Sec-Fetch-Site: same-origin`). */
const vote = (projectId: string, remoteAddress: string, cookie?: string, choice = 'yes') =>
  t.app.inject({
    method: 'GET',
    url: `/api/projects/vote?id=${encodeURIComponent(projectId)}&vote=${choice}`,
    remoteAddress,
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(cookie ? { cookie: `${VISITOR_COOKIE}=${cookie}` } : {}),
    },
  });

const votesOn = async (projectId: string) =>
  t.app.db.select().from(votes).where(eq(votes.projectId, projectId));

const visitorCookie = (res: Awaited<ReturnType<typeof vote>>) =>
  res.cookies.find((c) => c.name === VISITOR_COOKIE);

describe('finding 17: votes cannot be stuffed', () => {
  it('50 GETs without a cookie from one address store at most the per-address limit of votes', async () => {
    const project = projectIds[0]!;
    const address = newClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await vote(project, address)).statusCode);
    const max = LIMITS.vote.max;
    expect(statuses).toEqual([...Array(max).fill(200), ...Array(50 - max).fill(429)]);
    expect(await votesOn(project)).toHaveLength(max);
    // Reading the tally is not a vote and is not limited.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/projects/vote?id=${project}`,
      remoteAddress: address,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ yes: max, no: 0 });
  });

  it('an unsigned or forged visitor cookie is no visitor: no vote is stored under it', async () => {
    const project = projectIds[1]!;
    const address = newClientAddress();
    const bare = randomUUID();
    const forged = `${randomUUID()}.${'A'.repeat(43)}`;
    for (const cookie of [bare, forged]) {
      const res = await vote(project, address, cookie);
      expect(res.statusCode).toBe(200);
      // A fresh signed cookie replaces it.
      expect(visitorCookie(res)?.value).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
      expect(visitorCookie(res)?.value).not.toBe(cookie);
    }
    const keys = (await votesOn(project)).map((v) => v.voterKey);
    expect(keys).toHaveLength(2);
    expect(keys).not.toContain(`visitor:${bare}`);
    expect(keys).not.toContain(`visitor:${forged.split('.')[0]}`);
  });

  it('rotating forged cookies is limited per address too', async () => {
    const project = projectIds[2]!;
    const address = newClientAddress();
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const res = await vote(
        project,
        address,
        `${randomUUID()}.${randomUUID().replace(/-/g, '').padEnd(43, 'x')}`,
      );
      if (res.statusCode === 200) accepted += 1;
      else expect(res.statusCode).toBe(429);
    }
    expect(accepted).toBe(LIMITS.vote.max);
    expect(await votesOn(project)).toHaveLength(LIMITS.vote.max);
  });

  it('a signed cookie keeps one vote per visitor, and tampering with it makes a new visitor', async () => {
    const project = projectIds[3]!;
    const address = newClientAddress();
    const first = await vote(project, address);
    const cookie = visitorCookie(first)!.value;
    expect(visitorCookie(first)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await vote(project, address, cookie, 'no')).json()).toMatchObject({
      yes: 0,
      no: 1,
      myVote: 'no',
    });
    const tampered = `${cookie.slice(0, -1)}${cookie.endsWith('A') ? 'B' : 'A'}`;
    const other = await vote(project, address, tampered);
    expect(other.json()).toMatchObject({ yes: 1, no: 1, myVote: 'yes' });
    expect(visitorCookie(other)?.value).not.toBe(cookie);
  });
});

describe('finding 19: the visitor cookie follows TLS, and rate counters are pruned', () => {
  it('is not Secure on an http site and Secure under an https PUBLIC_URL', async () => {
    const plain = await vote(projectIds[4]!, newClientAddress());
    expect(visitorCookie(plain)?.secure).toBeFalsy();

    const https = await createSeededApp(2, { PUBLIC_URL: 'https://ratings.example' });
    try {
      const [project] = await https.app.db.select({ id: projects.id }).from(projects).limit(1);
      const res = await https.app.inject({
        method: 'GET',
        url: `/api/projects/vote?id=${project!.id}&vote=yes`,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
      });
    } finally {
      await https.close();
    }
  });

  it('deletes counters whose window ended, keeps the live ones', async () => {
    const project = projectIds[5]!;
    const old = newClientAddress();
    await vote(project, old);
    t.app.clock.advance(LONGEST_WINDOW_MS + 60_000);
    const recent = newClientAddress();
    await vote(project, recent);
    const limitKeys = async () =>
      (
        await t.app.db
          .select()
          .from(rateCounters)
          .where(like(rateCounters.key, 'limit:GET /api/projects/vote:%'))
      ).map((r) => r.key);
    expect(await limitKeys()).toEqual(
      expect.arrayContaining([expect.stringContaining(old), expect.stringContaining(recent)]),
    );

    expect(await prune(t.app.db, t.app.clock.now())).toBeGreaterThan(0);
    const left = await limitKeys();
    expect(left.some((k) => k.endsWith(`:${old}`))).toBe(false);
    expect(left.some((k) => k.endsWith(`:${recent}`))).toBe(true);
  });
});

describe("a vote is taken only from this site: another site cannot cast it in a visitor's name", () => {
  /** What a signed-in user's browser sends on a top-level navigation from another site (SameSite=Lax lets it). */
  const fromElsewhere = (cookie: string, site: string) => ({
    cookie,
    'sec-fetch-site': site,
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
  });
  const myVote = async (projectId: string, cookie: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/vote?id=${projectId}`,
        headers: { cookie },
      })
    ).json<{ myVote: string | null }>().myVote;

  it('refuses a link followed from another site (cross-site, same-site, or no signal at all): no vote changes', async () => {
    const project = projectIds[6]!;
    const victim = await signUpAndSignIn(t.app);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/projects/vote?id=${project}&vote=yes`,
      headers: { cookie: victim.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.json()).toMatchObject({ yes: 1, no: 0, myVote: 'yes' });

    for (const headers of [
      fromElsewhere(victim.cookie, 'cross-site'),
      fromElsewhere(victim.cookie, 'same-site'),
      fromElsewhere(victim.cookie, 'none'),
      // An old browser without Fetch Metadata, or any other client: neither signal.
      { cookie: victim.cookie },
      // A token that is not this browser's.
      { cookie: victim.cookie, 'x-csrf-token': 'A'.repeat(43) },
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/vote?id=${project}&vote=no`,
        remoteAddress: newClientAddress(),
        headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'CsrfError',
        message: expect.stringContaining("this site's own pages"),
      });
    }
    expect(await myVote(project, victim.cookie)).toBe('yes');
    expect((await votesOn(project)).map((v) => v.vote)).toEqual([true]);
  });

  it("refuses an anonymous visitor's vote from another site too, without using up their quota", async () => {
    const project = projectIds[7]!;
    const address = newClientAddress();
    for (let i = 0; i < LIMITS.vote.max + 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/vote?id=${project}&vote=no`,
        remoteAddress: address,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await votesOn(project)).toHaveLength(0);
    // The visitor's own vote from the page still counts afterwards.
    expect((await vote(project, address)).statusCode).toBe(200);
  });

  it('still lets anyone read the tally from anywhere', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/vote?id=${projectIds[7]!}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ yes: 1, no: 0, myVote: null });
  });

  it("takes a vote with this browser's CSRF token and no Fetch Metadata", async () => {
    const project = projectIds[8]!;
    const { csrf, cookie } = await getCsrf(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/vote?id=${project}&vote=no`,
      remoteAddress: newClientAddress(),
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ no: 1, myVote: 'no' });
  });

  it("the app's own client votes, on a real listener, through a fetch that sends no Fetch Metadata", async () => {
    const project = projectIds[8]!;
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Node's fetch sends no Sec-Fetch-Site: only the token the client adds can vouch for it.
    const browserFetch = cookieKeepingFetch();
    const request = createRequest({
      baseURL: base,
      fetch: browserFetch,
      csrfToken: () =>
        browserFetch(`${base}/api/auth/csrf`, { headers: { accept: 'application/json' } })
          .then((r) => r.json() as Promise<{ csrfToken?: string }>)
          .then((b) => b.csrfToken),
    });
    expect(await voteProject(request, project, 'yes')).toMatchObject({ yes: 1, no: 1, myVote: 'yes' });
    expect(await voteProject(request, project)).toMatchObject({ yes: 1, no: 1, myVote: 'yes' });
  });
});
