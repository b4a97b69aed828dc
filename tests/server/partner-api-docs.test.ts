import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../server/db/rows';
import type { TestApp } from '../helpers/app';
import { createSeededApp } from '../helpers/seeded';
import { signIn, type Client } from '../helpers/signed-in';

/**
 * docs/partner-api.md is what integrators code against, so its examples are run: every ```http request block is
 * sent to the server (with the placeholders a reader fills in filled in) and its answer compared with the ```http
 * answer block that follows it — status, each header shown, and each JSON field shown. Every route the page names
 * in its text must exist.
 */

const DOC = readFileSync(new URL('../../docs/partner-api.md', import.meta.url), 'utf8');

type Message = { start: string; headers: [string, string][]; body: string };
type Example = { request: Message; answer: Message; line: number };

/** `first line`, `Name: value` lines, a blank line, then the body. */
function parseMessage(text: string): Message {
  const [head = '', ...rest] = text.split(/\n\n/);
  const [start = '', ...lines] = head.split('\n');
  const headers = lines.map((l): [string, string] => {
    const colon = l.indexOf(':');
    return [l.slice(0, colon).trim().toLowerCase(), l.slice(colon + 1).trim()];
  });
  return { start: start.trim(), headers, body: rest.join('\n\n').trim() };
}

/** Each ```http block with a request line, paired with the ```http answer block right after it. */
function examples(doc: string): Example[] {
  const blocks = [...doc.matchAll(/^```http\n([\s\S]*?)^```$/gm)].map((m) => ({
    message: parseMessage(m[1]!),
    line: doc.slice(0, m.index).split('\n').length,
  }));
  const out: Example[] = [];
  blocks.forEach((b, i) => {
    if (b.message.start.startsWith('HTTP/')) return;
    const answer = blocks[i + 1];
    if (!answer?.message.start.startsWith('HTTP/'))
      throw new Error(`docs/partner-api.md:${b.line}: a request example needs its answer right after it`);
    out.push({ request: b.message, answer: answer.message, line: b.line });
  });
  return out;
}

/** `GET /api/x/{id}`-style mentions in the page's text (outside code blocks), without `…` abbreviations. */
function namedRoutes(doc: string): string[] {
  const prose = doc.replace(/^```[\s\S]*?^```$/gm, '');
  const found = [...prose.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/(?:api|ofrep)\/[^\s`?]*)/g)]
    .map((m) => `${m[1]} ${m[2]}`)
    .filter((r) => !r.includes('…'));
  return [...new Set(found)];
}

let t: TestApp;
let user: Client;
let key: string;
let list: string;

beforeAll(async () => {
  t = await createSeededApp(40);
  user = await signIn(t.app);
  const made = await user.inject({
    method: 'POST',
    url: '/api/user/api-keys',
    payload: { name: 'Docs' },
  });
  expect(made.statusCode, made.body).toBe(201);
  key = made.json().key as string;
  const created = await user.inject({
    method: 'POST',
    url: '/api/watchlist/create',
    payload: { name: 'Docs', projects: ['ethereum'] },
  });
  expect(created.statusCode, created.body).toBe(200);
  const [row] = rows<{ id: string }>(
    await t.database.db.execute(sql`SELECT id FROM watchlists WHERE user_id = ${user.username}`),
  );
  list = row!.id;
}, 120_000);
afterAll(async () => t?.close());

/** The example as a reader would send it: their key, their session, their watchlist. */
async function send(request: Message) {
  const [method = '', url = ''] = request.start.split(' ');
  const fill = (s: string) => s.replaceAll('sk_…', key).replaceAll('<watchlist id>', list);
  let session = false;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    if (name === 'cookie' || name === 'x-csrf-token') session = true;
    else headers[name] = fill(value);
  }
  const payload = request.body ? fill(request.body) : undefined;
  const filled = JSON.stringify({ url, headers, payload });
  expect(filled, 'a placeholder the test cannot fill').not.toMatch(/…|<[a-z ]+>/);
  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers, payload };
  return session ? user.inject(options) : t.app.inject(options);
}

describe('docs/partner-api.md', () => {
  const all = examples(DOC);

  it('has examples of reads, errors and webhooks', () => {
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(all.map((e) => e.answer.start.split(' ')[1])).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
  });

  it.each(all.map((e) => [`line ${e.line}: ${e.request.start}`, e] as const))(
    'example at %s answers as documented',
    async (_name, { request, answer }) => {
      const res = await send(request);
      const status = Number(answer.start.split(' ')[1]);
      expect(res.statusCode, res.body).toBe(status);
      for (const [name, value] of answer.headers) expect(res.headers[name], name).toBe(value);
      if (answer.body) expect(res.json()).toMatchObject(JSON.parse(answer.body) as object);
    },
  );

  it('names only routes that exist', () => {
    const registered = new Set(
      t.app.registeredRoutes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
    );
    const named = namedRoutes(DOC);
    expect(named).toContain('POST /api/projects-list');
    expect(named.filter((r) => !registered.has(r))).toEqual([]);
  });
});
