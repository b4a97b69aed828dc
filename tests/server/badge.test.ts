import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../server/db/schema/index';
import type { TestApp } from '../helpers/app';
import { projectRow } from '../helpers/projects';
import { createAppWithProjects } from '../helpers/seeded';

const row = (id: string, name: string, score: number, tier: string) =>
  projectRow(id, { name, kind: 'DEX', score, tier });

const HOSTILE = `Evil <script>alert(1)</script> & "Co" 'x'`;

let t: TestApp;
beforeAll(async () => {
  t = await createAppWithProjects([
    row('badge-one', 'Badge One', 72.44, 'A'),
    row('badge-evil', HOSTILE, 41, 'B'),
    row('badge.v1.2', 'Dotted', 60, 'BBB'),
  ]);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The SVG parsed as XML would be: here, every tag balanced and every `&` an entity. */
function wellFormed(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  const opened = [...svg.matchAll(/<([a-z]+)[\s>]/g)].map((m) => m[1]);
  const closed = [...svg.matchAll(/<\/([a-z]+)>/g)].map((m) => m[1]);
  const selfClosed = [...svg.matchAll(/<([a-z]+)[^>]*\/>/g)].map((m) => m[1]);
  expect([...closed, ...selfClosed].sort()).toEqual([...opened].sort());
}

describe('GET /badge/{id}.svg', () => {
  it('draws the project name, score and tier with an accessible name, as a cacheable SVG', async () => {
    const res = await get('/badge/badge-one.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const svg = res.body;
    wellFormed(svg);
    const title = 'Badge One: Sentinel Ratings security score 72.4 of 100, tier A';
    expect(svg).toContain(`role="img" aria-label="${title}"`);
    expect(svg).toContain(`<title>${title}</title>`);
    expect(svg).toContain('>Badge One</text>');
    expect(svg).toContain('>72.4 · A</text>');
  });

  it('is inert when opened directly and embeddable by other sites', async () => {
    const res = await get('/badge/badge-one.svg');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).not.toMatch(/<script|<foreignObject|on[a-z]+=|href=/i);
  });

  it('escapes a name with markup in it: the text stays text and the SVG stays whole', async () => {
    const svg = (await get('/badge/badge-evil.svg')).body;
    wellFormed(svg);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; &apos;x&apos;');
    expect(svg).toContain('aria-label="Evil &lt;script&gt;');
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 to another', async () => {
    const first = await get('/badge/badge-one.svg');
    const etag = first.headers.etag as string;
    const again = await get('/badge/badge-one.svg', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    const weakInList = await get('/badge/badge-one.svg', { 'if-none-match': `"other", W/${etag}` });
    expect(weakInList.statusCode).toBe(304);
    const other = await get('/badge/badge-one.svg', { 'if-none-match': '"not-it"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('changes its ETag when the score changes', async () => {
    const before = (await get('/badge/badge-one.svg')).headers.etag;
    await t.app.db.update(projects).set({ score: 80.1, tier: 'AA' }).where(eqId('badge-one'));
    const after = await get('/badge/badge-one.svg', { 'if-none-match': String(before) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('>80.1 · AA</text>');
    expect(after.headers.etag).not.toBe(before);
  });

  it.each(['no-such-project', 'no.such.project', '__proto__', 'constructor'])(
    'answers an unknown id (%s) with a 404 "not rated" SVG',
    async (id) => {
      const res = await get(`/badge/${id}.svg`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers.etag).toBeUndefined();
      wellFormed(res.body);
      expect(res.body).toContain('<title>Sentinel Ratings: no rated project here</title>');
      expect(res.body).toContain('>not rated</text>');
    },
  );

  it('finds a project whose id has dots in it', async () => {
    const res = await get('/badge/badge.v1.2.svg');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('>Dotted</text>');
  });

  it('refuses a garbage id before any lookup, never with a 5xx', async () => {
    for (const id of ['x'.repeat(300), '%00', '%E0%A4%A']) {
      const res = await get(`/badge/${id}.svg`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
  });
});

import { eq } from 'drizzle-orm';
const eqId = (id: string) => eq(projects.id, id);
