import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { isWrite } from '../../server/plugins/app/routeConfig';
import { contracts, projects } from '../../server/db/schema/index';
import {
  cookieHeader,
  getCsrf,
  signIn,
  signUpAndSignIn,
  TEST_PASSWORD,
  type TestSession,
} from '../helpers/auth';
import { createSeededApp } from '../helpers/seeded';

/**
 * "A bad request to any endpoint gets a 4xx JSON error; none gets a 5xx" (design notes §3 and §5).
 *
 * Every route the real app registers is collected with an onRoute hook (the `fastify` factory is wrapped so the
 * hook is in place before any plugin adds a route), then each method + path — path parameters filled with real
 * ids and with garbage — is sent garbage as a visitor, a user, an admin and an admin impersonating a user:
 * no body, malformed JSON, JSON that is not an object, wrong field types, 100k-character strings, NUL bytes,
 * deep nesting, bad numbers and unknown fields in query strings, 2 MB bodies (413), wrong content types,
 * broken multipart, broken gzip and a gzip bomb, prototype keys (`__proto__`, `constructor`, `toString`) as
 * query and body keys and values and as path parameters. Every answer must be below 500; under /api/ and /ofrep/
 * every 4xx must be JSON with a string `error` and `message`. Then percent-encoded paths (`/%61pi/...` is routed to
 * `/api/...`) must meet the same route rules, and JSON routes must refuse form, text and multipart bodies.
 *
 * Nothing is sent whose answer is already decided by a request sent before (the file's CPU time counts in CI):
 * garbage in a value after the valid input was refused for want of a session, a content type the route refuses
 * (before reading the body) to a second identity, a garbage path parameter to identities that cannot change how far
 * it gets, and the long list to a second method of one class on an `app.all` handler.
 */

/** Each route as registered; `handler` numbers the registration, so the methods of one `app.all` share it. */
const captured = vi.hoisted(() => [] as { method: string; url: string; handler: number }[]);

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (...args: unknown[]) => import('fastify').FastifyInstance;
  const factory = (...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route) => {
      const handler = captured.length;
      for (const method of [route.method].flat())
        captured.push({ method: String(method), url: route.url, handler });
    });
    return app;
  };
  return { ...mod, default: factory, fastify: factory };
});

// ---------------------------------------------------------------------------------------------------------------
// The app, its routes, and who calls them

const t = await createSeededApp(12, { ADMIN_EMAILS: 'admin@example.com' });
afterAll(async () => t.close());

const [project] = await t.app.db.select().from(projects).orderBy(asc(projects.id)).limit(1);
const [contract] = await t.app.db.select().from(contracts).orderBy(asc(contracts.address)).limit(1);
if (!project || !contract) throw new Error('the seed made no project or contract');
const PID = project.id;
const ADDRESS = contract.address;

const user = await signUpAndSignIn(t.app);
const admin = await signUpAndSignIn(t.app, 'admin@example.com');

/** A watchlist of the user, so update/toggle/export get past the lookup. */
const created = await t.app.inject({
  method: 'POST',
  url: '/api/watchlist/create',
  headers: { cookie: user.cookie, 'x-csrf-token': user.csrf },
  payload: { name: 'Garbage target', projects: [PID] },
});
const WATCHLIST_ID = (created.json() as { id: string }).id;

/**
 * The admin, impersonating the user (writes then also go through the impersonation audit). It starts from a
 * second sign-in of the admin: starting to impersonate replaces that session, not the one ADMIN uses.
 */
const impersonating: TestSession = await (async () => {
  const second = await signIn(t.app, admin.user.email, TEST_PASSWORD);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/impersonation-tool/create',
    headers: { cookie: second.cookie, 'x-csrf-token': second.csrf },
    payload: { impersonatingUserId: user.user.username },
  });
  if (res.statusCode !== 200) throw new Error(`impersonation failed: ${res.statusCode} ${res.body}`);
  // The new session cookie replaces the admin's; the CSRF cookie stays.
  const jar = new Map<string, string>();
  for (const pair of [...second.cookie.split('; '), ...cookieHeader(res).split('; ')]) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  // CSRF tokens are bound to the session: the impersonation session gets its own.
  const { csrf } = await getCsrf(t.app, cookie);
  return { ...admin, cookie, csrf };
})();

/** Signs out during the sign-out route's probes (sign-out revokes the session), so USER stays signed in. */
const leaving = await signUpAndSignIn(t.app);

type Identity = { name: string; headers: Record<string, string> };
const VISITOR: Identity = { name: 'visitor', headers: {} };
const USER: Identity = { name: 'user', headers: { cookie: user.cookie, 'x-csrf-token': user.csrf } };
const ADMIN: Identity = { name: 'admin', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf } };
const IMPERSONATING: Identity = {
  name: 'impersonating admin',
  headers: { cookie: impersonating.cookie, 'x-csrf-token': impersonating.csrf },
};
const BROKEN_COOKIES: Identity = {
  name: 'visitor with broken cookies',
  headers: {
    cookie: 'session-token=garbage.jwt.value; csrf-token=%E0%A4%A|x; sr_visitor=../../etc; oidc-state=%00',
    'x-csrf-token': 'nope',
  },
};
const LEAVING: Identity = {
  name: 'user signing out',
  headers: { cookie: leaving.cookie, 'x-csrf-token': leaving.csrf },
};
const IDENTITIES = [VISITOR, USER, ADMIN, IMPERSONATING, BROKEN_COOKIES];
/** Routes that end the caller's session get identities of their own. */
const IDENTITIES_FOR: Record<string, Identity[]> = {
  '/api/auth/signout': [VISITOR, LEAVING, BROKEN_COOKIES],
};

/**
 * Who gets the whole garbage list on a route (signed out and signed in by default; the admin where only an
 * admin gets past the first check). Everyone else gets the short list.
 */
const FULL_FOR: Record<string, Identity[]> = {
  '/api/announcement': [VISITOR, ADMIN],
  '/api/admin/announcement': [VISITOR, ADMIN],
  '/api/impersonation-tool/create': [USER, ADMIN],
  '/api/impersonation-tool/delete': [USER, IMPERSONATING],
  '/api/auth/signout': [VISITOR, LEAVING],
};

const ROUTES = [...new Map(captured.map((r) => [`${r.method} ${r.url}`, r])).values()];

// ---------------------------------------------------------------------------------------------------------------
// Garbage

const HUGE = 'x'.repeat(100_000);
const DEEP_DEPTH = 1500;
const deep = (): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < DEEP_DEPTH; i++) v = { a: v };
  return v;
};

/** Values for one query parameter, already URL-encoded where they need to be (some are deliberately broken). */
const QUERY_GARBAGE = [
  '',
  '-1',
  'NaN',
  'Infinity',
  '1e999',
  '9'.repeat(400),
  '1.5',
  '0x10',
  '%2B5',
  'a%00b',
  '%E0%A4%A',
  '%FF%FE',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  HUGE,
  // Prototype keys as values (a handler that looks them up in a plain object finds Object.prototype's).
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/** Values for one JSON field. */
const JSON_GARBAGE: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e308,
  '',
  'a\u0000b',
  '\ud800',
  HUGE,
  [],
  ['a\u0000b'],
  [HUGE],
  { 'a\u0000b': 'c' },
  deep(),
  '__proto__',
  'constructor',
  'toString',
];

/** A valid-looking query for each GET route: garbage replaces one parameter at a time. */
const QUERIES: Record<string, Record<string, string>> = {
  '/api/search-project': { keyword: 'bit' },
  '/api/skynet/metric-latest': { name: `exchanges(projectId=${PID})` },
  '/api/skynet/top-callers': { projectId: PID, count: '5' },
  '/api/skynet/top-events': { projectId: PID, count: '5' },
  '/api/skynet/top-function-calls': { projectId: PID, count: '5' },
  '/api/skynet/privileged-address': { address: ADDRESS },
  '/api/skynet/privileged-function': { address: ADDRESS },
  '/api/skynet/privileged-transaction': { address: ADDRESS, limit: '5' },
  '/api/skynet/twitter-activity-by-dates': { projectId: PID, type: 'tweets', dates: '2026-11-01,2026-11-02' },
  '/api/projects/vote': { id: PID, vote: 'yes' },
  '/api/projects/page-view': { projectId: PID },
  '/api/leaderboard': {
    sort: 'score',
    order: 'desc',
    page: '1',
    pageSize: '10',
    chain: 'Ethereum',
    tier: 'A',
    audit: 'audited',
    kyc: 'true',
    minScore: '10',
    maxScore: '90',
    keyword: 'a',
  },
  '/api/trending': { limit: '5' },
  '/api/recently-audited': { limit: '5' },
  '/api/audits-in-progress': { limit: '5' },
  '/api/alerts': { limit: '5' },
  '/api/dev/outbox': { to: user.user.email },
  '/dev/outbox': { to: user.user.email },
  '/api/watchlist/export': { id: WATCHLIST_ID, format: 'json' },
  '/api/auth/signin': { error: 'SessionRequired', callbackUrl: '/my/settings' },
  '/api/auth/error': { error: 'Configuration' },
  '/api/auth/signin/:provider': { callbackUrl: '/' },
  '/api/auth/callback/:provider': { code: 'abc', state: 'def' },
  '/img/*': { auto: 'format', fit: 'max', w: '64', q: '80' },
  '/api/user/profile/image/:username': { v: '1' },
  // Routes that read no query: unknown fields and garbage in all known names at once.
  '/api/health': {},
  '/api/projects/average-yes-percentage': {},
  '/api/projects/:id': {},
  '/api/announcement': {},
  '/api/admin/announcement': {},
  '/api/auth/session': {},
  '/api/auth/csrf': {},
  '/api/auth/providers': {},
  '/api/watchlist': {},
  '/api/user/profile': {},
  '/api/user/survey': {},
  '/api/user/wallets': {},
  '/api/portfolio': {},
  '/logos/*': {},
  '/api/auth/*': {},
};

/** A valid-looking body for each write route: garbage replaces one field at a time. */
const BODIES: Record<string, Record<string, unknown>> = {
  '/api/projects-list': { projectIds: [PID] },
  '/api/incidents': { projectName: 'Garbage', description: 'Drained', txHash: '0x1', contactEmail: 'a@b.co' },
  '/api/quote': {
    name: 'Ann',
    email: 'ann@example.com',
    company: 'Acme',
    services: ['pentest'],
    budget: '10k',
    message: 'Hello',
  },
  '/api/user/events': { eventName: 'click', properties: { a: 1 } },
  '/api/errors': { title: 'Oops', description: 'Broke', trace: 'at x' },
  '/api/auth/signup': { email: 'garbage-signup@example.com', password: 'Passw0rd!x' },
  '/api/auth/verify-email': { email: 'garbage-signup@example.com', verificationCode: '123456' },
  '/api/auth/resend-confirmation': { email: 'garbage-signup@example.com' },
  '/api/auth/forgot-password': { email: 'garbage-signup@example.com' },
  '/api/auth/reset-forgotten-password': {
    email: 'garbage-signup@example.com',
    code: '123456',
    newPassword: 'Passw0rd!y',
  },
  '/api/auth/callback/credentials': {
    email: 'nobody@example.com',
    password: 'wrong-password',
    csrfToken: user.csrf,
    callbackUrl: '/',
    json: 'true',
  },
  '/api/auth/signout': { csrfToken: leaving.csrf, callbackUrl: '/', json: 'true' },
  '/api/auth/_log': { level: 'warn', code: 'GARBAGE', details: { a: 1 } },
  '/api/auth/signin/:provider': { csrfToken: user.csrf, callbackUrl: '/' },
  '/api/user/change-password': { oldPassword: 'not-the-password', newPassword: 'Passw0rd!y' },
  '/api/user/wallets': { walletAddress: `0x${'a'.repeat(40)}`, chain: 'evm' },
  '/api/user/wallets/delete': { walletAddress: `0x${'b'.repeat(40)}` },
  '/api/user/survey/upload': {
    survey: { userType: 'Retail Investor', expertiseType: 'Beginner', projects: [PID], watchlistName: 'W' },
  },
  '/api/sso-settings': { id: 'x.y' },
  '/api/sso-settings/update': { settings: { newsletter: false } },
  '/api/sso-settings/unsubscribe': { id: 'x.y' },
  '/api/impersonation-tool/create': { impersonatingUserId: user.user.username },
  '/api/impersonation-tool/delete': { adminId: admin.user.username },
  '/api/watchlist/create': { name: 'Fresh', projects: [PID] },
  '/api/watchlist/update': { id: WATCHLIST_ID, name: 'Renamed', projects: [PID], version: 1 },
  '/api/watchlist/toggle': { id: WATCHLIST_ID, projectId: PID },
  '/api/watchlist/delete': { id: randomUUID() },
  '/api/announcement': { content: 'Hello', link: '/x', linkText: 'More', active: true },
  '/ofrep/v1/evaluate/flags': { context: { targetingKey: 'x' } },
  '/ofrep/v1/evaluate/flags/:key': { context: { targetingKey: 'x' } },
};

/** Every query parameter and body field named above: routes without a baseline get all of them at once. */
const ALL_PARAMS = [...new Set(Object.values(QUERIES).flatMap((q) => Object.keys(q)))];
const ALL_FIELDS = [...new Set(Object.values(BODIES).flatMap((b) => Object.keys(b)))];

/** Real values for path parameters (they reach the handler); garbage ones follow. */
const PARAM_FILLERS: Record<string, string[]> = {
  id: [PID],
  provider: ['credentials', 'email', 'google'],
  username: [user.user.username],
  key: ['impersonationTool', 'portfolio'],
};
const WILDCARD_FILLERS: Record<string, string[]> = {
  '/logos/*': ['eth.svg', `gen/${PID}.svg`, 'gen/UPPER.svg'],
  '/img/*': ['logos/eth.svg', `logos/gen/${PID}.svg`],
  '/api/auth/*': ['nope', 'signin/x/y'],
};
const GARBAGE_FILLERS = [
  'x',
  '-1',
  '%00',
  '%E0%A4%A',
  '%F0%9F%92%A5',
  '..%2F..%2Fpackage.json',
  '%2e%2e',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  'toString',
];

function fillPath(url: string, filler: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (m, name: string | undefined) => filler(name ?? m));
}

/**
 * The paths to try for a route; `full` marks the one that gets the whole garbage list, `garbage` those whose path
 * parameters are garbage.
 */
function pathsFor(url: string): { path: string; full: boolean; garbage: boolean }[] {
  if (!/[:*]/.test(url)) return [{ path: url, full: true, garbage: false }];
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
  const real = names.map((n) => (n === '*' ? WILDCARD_FILLERS[url] : PARAM_FILLERS[n]) ?? ['x']);
  const out: { path: string; full: boolean; garbage: boolean }[] = [];
  const longest = Math.max(...real.map((r) => r.length));
  for (let i = 0; i < longest; i++) {
    let k = 0;
    const path = fillPath(url, () => real[k]![Math.min(i, real[k++]!.length - 1)]!);
    out.push({ path, full: i === 0, garbage: false });
  }
  for (const g of GARBAGE_FILLERS) out.push({ path: fillPath(url, () => g), full: false, garbage: true });
  return out;
}

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
const encoded = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)]));

/** Headers a proxy or a broken client might send along with a valid request. */
const GARBAGE_HEADERS = {
  'accept-encoding': 'gzip;q=abc, br;q=NaN, *;q=2, zzz',
  accept: 'garbage/garbage;q=x',
  'if-none-match': '"x", W/, *',
  'x-forwarded-proto': 'gopher',
  'x-forwarded-host': '%%%:99999',
  host: 'bad host:-1',
  'accept-language': '%E0%A4%A',
};

type Probe = {
  label: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /**
   * Garbage in a value only (a field or query parameter): the request parses like the valid one, so only code that
   * reads that value sees the difference.
   */
  value?: true;
};

function getProbes(path: string, routeUrl: string, full: boolean): Probe[] {
  const base = QUERIES[routeUrl];
  // Without a known query, garbage goes into every known name at once (below) rather than one at a time.
  const params = base ? Object.keys(base) : [];
  const valid = encoded(base ?? {});
  const probes: Probe[] = [
    // Without known parameters the valid query is empty: the same request as none.
    ...(params.length > 0 ? [{ label: 'no query', url: path }] : []),
    { label: 'valid query', url: `${path}?${query(valid)}` },
    { label: 'unknown fields', url: `${path}?${query(valid)}&zzz=1&__proto__=x&constructor=1&toString=2` },
    { label: 'garbage headers', url: `${path}?${query(valid)}`, headers: GARBAGE_HEADERS },
  ];
  if (!full) return probes;
  for (const p of params) {
    for (const g of QUERY_GARBAGE) {
      probes.push({
        label: `${p}=${g.slice(0, 20)}`,
        url: `${path}?${query({ ...valid, [p]: g })}`,
        value: true,
      });
    }
    probes.push({ label: `${p} twice`, url: `${path}?${query(valid)}&${p}=a&${p}=b` });
    probes.push({ label: `${p}[]`, url: `${path}?${p}[]=x&${p}[a]=b` });
  }
  for (const [label, search] of EVERY_PARAMETER)
    probes.push({ label, url: `${path}?${search}`, value: true });
  probes.push(
    { label: 'broken query', url: `${path}?%E0%A4%A=1&&&=&==&%` },
    {
      label: 'GET with a JSON body',
      url: path,
      payload: '{"a":',
      headers: { 'content-type': 'application/json' },
    },
  );
  return probes;
}

function bodyProbes(path: string, routeUrl: string, full: boolean): Probe[] {
  const base = BODIES[routeUrl];
  const fields = base ? Object.keys(base) : [];
  const valid = base ?? {};
  const probes: Probe[] = [];
  const raw = (label: string, payload: string | Buffer, type = 'application/json', extra = {}) =>
    probes.push({ label, url: path, payload, headers: { 'content-type': type, ...extra } });
  const value = (label: string, body: string) =>
    probes.push({
      label,
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json' },
      value: true,
    });
  // The valid body first: for the sign-out route it is the one probe that still has a session to end.
  raw('valid body', JSON.stringify(valid));
  probes.push({ label: 'no body', url: path });
  raw('malformed JSON', '{"a":');
  raw('JSON array', '[]');
  raw('garbage headers', JSON.stringify(valid), 'application/json', GARBAGE_HEADERS);
  if (!full) return probes;
  raw('empty JSON', '');
  raw('single quotes', "{'a':1}");
  raw('trailing garbage', '{"a":1}}');
  raw('NaN', 'NaN');
  raw('undefined', 'undefined');
  raw('BOM', '\ufeff{"a":1}');
  raw('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
  for (const v of [[valid], 'x', 42, -1, null, true])
    raw(`JSON ${JSON.stringify(v).slice(0, 20)}`, JSON.stringify(v));
  raw('__proto__', '{"__proto__":{"polluted":1}}');
  raw('constructor.prototype', '{"constructor":{"prototype":{"polluted":1}}}');
  raw('deep array', `${'['.repeat(5000)}${']'.repeat(5000)}`);
  for (const f of fields) {
    for (const g of JSON_GARBAGE) {
      const body = JSON.stringify({ ...valid, [f]: g });
      value(`${f}=${JSON.stringify(g)?.slice(0, 20)}`, body);
    }
    for (const [label, text] of [
      ['deep array', DEEP_ARRAY],
      ['deep object', DEEP_OBJECT],
    ] as const) {
      value(`${f}=${label}`, JSON.stringify({ ...valid, [f]: '__DEEP__' }).replace('"__DEEP__"', text));
    }
    value(`${f} missing`, JSON.stringify(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== f))));
  }
  for (const [label, body] of EVERY_FIELD) value(label, body);
  value('unknown fields', JSON.stringify({ ...valid, zzz: 1, toString: 'x', hasOwnProperty: 1 }));
  raw('charset', JSON.stringify(valid), 'application/json; charset=utf-16');
  raw('text/plain', 'hello');
  raw('text/plain JSON', JSON.stringify(valid), 'text/plain');
  raw('form garbage', 'a=1&b&&=&%E0%A4%A=%', 'application/x-www-form-urlencoded');
  raw(
    'form fields',
    new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, String(v)])).toString(),
    'application/x-www-form-urlencoded',
  );
  raw('form NUL', `email=a%00b&password=${'x'.repeat(5000)}&json=true`, 'application/x-www-form-urlencoded');
  raw(
    'form prototype keys',
    '__proto__[polluted]=1&constructor[prototype][polluted]=1&toString=x&valueOf=1&hasOwnProperty=1&json=true',
    'application/x-www-form-urlencoded',
  );
  raw(
    'JSON prototype keys',
    '{"toString":"x","valueOf":1,"hasOwnProperty":"x","constructor":"x","__proto__":"x"}',
  );
  raw('octet-stream', 'xyz', 'application/octet-stream');
  raw('made-up type', 'xyz', 'garbage/garbage');
  raw('multipart without boundary', 'xyz', 'multipart/form-data');
  raw('multipart garbage', '--X\r\nwhat\r\n\r\n--X--', 'multipart/form-data; boundary=X');
  raw(
    'multipart wrong file',
    '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--X--\r\n',
    'multipart/form-data; boundary=X',
  );
  raw(
    'multipart truncated',
    '--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    'multipart/form-data; boundary=X',
  );
  raw('gzip garbage', 'not gzip at all', 'application/json', { 'content-encoding': 'gzip' });
  raw('unknown encoding', JSON.stringify(valid), 'application/json', { 'content-encoding': 'zzz' });
  raw('gzip bomb', GZIP_BOMB, 'application/json', { 'content-encoding': 'gzip' });
  return probes;
}

// Made once: building them for every route and path was a good part of the file's time.
/** Nesting far deeper than any payload: JSON.parse copes, recursive code after it must not overflow. */
const DEEP_ARRAY = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
/** Garbage in every known query parameter at once (megabytes for HUGE), for any route's path. */
const EVERY_PARAMETER = QUERY_GARBAGE.map(
  (g) => [`every parameter=${g.slice(0, 20)}`, ALL_PARAMS.map((p) => `${p}=${g}`).join('&')] as const,
);
/** Garbage in every known body field at once. */
const EVERY_FIELD = JSON_GARBAGE.map(
  (g) =>
    [
      `every field=${JSON.stringify(g)?.slice(0, 20)}`,
      JSON.stringify(Object.fromEntries(ALL_FIELDS.map((f) => [f, g]))),
    ] as const,
);
/** 3 MB of JSON in a few KB of gzip. */
const GZIP_BOMB = gzipSync(`{"a":"${' '.repeat(3 * 1024 * 1024)}"}`);

/** 2 MB bodies: over the 1 MB limit, so 413 whatever the route. A buffer: a string is encoded again for each request. */
const TOO_BIG = Buffer.from(`{"a":"${'a'.repeat(2 * 1024 * 1024)}"}`);

// ---------------------------------------------------------------------------------------------------------------

const isApi = (path: string) => path.startsWith('/api/') || path.startsWith('/ofrep/');

/** The response text, decompressed as a browser would (garbage accept-encoding headers still get gzip or br). */
function decoded(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'deflate') return inflateSync(res.rawPayload).toString();
  return res.body;
}

function problem(
  res: LightMyRequestResponse,
  method: string,
  path: string,
  expectStatus?: number,
): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 160)}`;
  if (expectStatus !== undefined && res.statusCode !== expectStatus)
    return `expected ${expectStatus}, got ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode < 400 || !isApi(path) || method === 'HEAD') return undefined;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    return `${res.statusCode} not JSON: ${String(res.headers['content-type'])} ${res.body.slice(0, 100)}`;
  let body: unknown;
  try {
    body = JSON.parse(decoded(res));
  } catch {
    return `${res.statusCode} unparsable JSON: ${res.body.slice(0, 100)}`;
  }
  const b = body as { error?: unknown; message?: unknown } | null;
  if (typeof b?.error !== 'string' || typeof b.message !== 'string')
    return `${res.statusCode} without string error/message: ${res.body.slice(0, 160)}`;
  return undefined;
}

/**
 * Who gets a 2xx for the valid probe of a route: proof that the garbage next to it reaches the handler rather than
 * stopping at a sign-in, CSRF or lookup check.
 */
const REACHES: Record<string, Identity> = {
  '/api/health': VISITOR,
  '/api/search-project': VISITOR,
  '/api/skynet/metric-latest': VISITOR,
  '/api/skynet/top-callers': VISITOR,
  '/api/skynet/top-events': VISITOR,
  '/api/skynet/top-function-calls': VISITOR,
  '/api/skynet/privileged-address': VISITOR,
  '/api/skynet/privileged-function': VISITOR,
  '/api/skynet/privileged-transaction': VISITOR,
  '/api/skynet/twitter-activity-by-dates': VISITOR,
  '/api/projects/vote': USER,
  '/api/projects/page-view': VISITOR,
  '/api/projects/:id': VISITOR,
  '/api/leaderboard': VISITOR,
  '/api/trending': VISITOR,
  '/api/alerts': VISITOR,
  '/api/projects-list': USER,
  '/api/incidents': USER,
  '/api/quote': USER,
  '/api/user/events': USER,
  '/api/errors': USER,
  '/api/dev/outbox': VISITOR,
  '/api/auth/session': USER,
  '/api/auth/signout': LEAVING,
  '/api/user/profile': USER,
  '/api/user/wallets': USER,
  '/api/user/survey/upload': USER,
  '/api/sso-settings/update': USER,
  '/api/watchlist': USER,
  '/api/watchlist/toggle': USER,
  '/api/watchlist/export': USER,
  '/api/impersonation-tool/create': ADMIN,
  '/api/impersonation-tool/delete': IMPERSONATING,
  '/api/announcement': ADMIN,
  '/ofrep/v1/evaluate/flags': USER,
  '/img/*': VISITOR,
  '/logos/*': VISITOR,
};

/**
 * Catch-all routes that answer a JSON 404 from the method and path alone (plugins/app/spa.ts,
 * routes/api/auth/index.ts): their input is parsed under the rules of every /api/ or /ofrep/ route, and no value in
 * it is read.
 */
const READS_NO_INPUT = new Set(['/api/*', '/ofrep/*', '/api/auth/*']);

/**
 * How fastify and the route rules treat a method: GET, HEAD and TRACE have no body parsed; POST, PUT, PATCH and
 * DELETE are writes (CSRF, audit); OPTIONS is parsed but no write; QUERY must also name its content type.
 */
const methodClass = (method: string) => (isWrite(method) ? 'write' : method);

/** requireUser's refusal (plugins/app/session.ts): no session, decided before the input is read. */
const needsSession = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 401) return false;
  try {
    const body = JSON.parse(decoded(res)) as { error?: unknown; message?: unknown } | null;
    return body?.error === 'Unauthorized' && body.message === 'You need to sign in.';
  } catch {
    return false;
  }
};

let requests = 0;
/**
 * Sends a probe and records what is wrong with its answer in `failures`: a throw, a 5xx, a status other than
 * `expectStatus`, or an /api/ refusal that is not a JSON `{ error, message }`. Returns the answer (undefined when
 * inject threw).
 */
async function send(
  failures: string[],
  who: Identity,
  method: string,
  probe: Probe,
  expectStatus?: number,
  app: FastifyInstance = t.app,
): Promise<LightMyRequestResponse | undefined> {
  // A new client address per request, so per-address rate limits do not hide what a handler does.
  const n = ++requests;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const opts: InjectOptions = {
    method: method as InjectOptions['method'],
    url: probe.url,
    remoteAddress: address,
    headers: { ...who.headers, ...(probe.headers ?? {}) },
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
  };
  let res: LightMyRequestResponse;
  try {
    res = await app.inject(opts);
  } catch (err) {
    failures.push(`${who.name} ${method} ${probe.url.slice(0, 100)} [${probe.label}] → threw ${String(err)}`);
    return undefined;
  }
  const p = problem(res, method, probe.url.split('?')[0]!, expectStatus);
  if (p) failures.push(`${who.name} ${method} ${probe.url.slice(0, 100)} [${probe.label}] → ${p}`);
  return res;
}

describe('every registered route, fed garbage', () => {
  it('collects the whole API (the hook saw every route module)', () => {
    const urls = new Set(ROUTES.map((r) => `${r.method} ${r.url}`));
    for (const expected of [
      'GET /api/health',
      'GET /api/search-project',
      'POST /api/projects-list',
      'GET /api/skynet/top-callers',
      'POST /api/incidents',
      'POST /api/auth/signup',
      'POST /api/auth/callback/credentials',
      'POST /api/user/profile/upload',
      'POST /api/watchlist/create',
      'POST /ofrep/v1/evaluate/flags',
      'POST /api/impersonation-tool/create',
      'PUT /api/announcement',
      'GET /api/dev/outbox',
      'GET /img/*',
    ]) {
      expect(urls, expected).toContain(expected);
    }
  });

  it('refuses text PostgreSQL cannot store and absurd nesting with a 400 naming the field', async () => {
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      payload: { projectName: 'a\u0000b', description: 'x' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      error: 'ValidationError',
      message: 'projectName: Must not contain NUL characters',
      fields: { projectName: 'Must not contain NUL characters' },
    });
    const query = await t.app.inject({ method: 'GET', url: '/api/projects/page-view?projectId=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ fields: { projectId: 'Must not contain NUL characters' } });
    const deepBody = `{"eventName":"x","properties":{"a":${'['.repeat(100)}${']'.repeat(100)}}}`;
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/user/events',
      headers: { 'content-type': 'application/json' },
      payload: deepBody,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({
      error: 'ValidationError',
      message: expect.stringMatching(/^properties\.a\.0\.0/),
    });
  });

  const byUrl = new Map<string, { method: string; handler: number }[]>();
  for (const r of ROUTES) byUrl.set(r.url, [...(byUrl.get(r.url) ?? []), r]);

  for (const [url, routes] of byUrl) {
    const methods = routes.map((r) => r.method);
    it(`${methods.join(', ')} ${url}`, async () => {
      const failures: string[] = [];
      const fullFor = FULL_FOR[url] ?? [VISITOR, USER];
      const identities = IDENTITIES_FOR[url] ?? IDENTITIES;
      // A garbage path parameter is read by the route's schema and handler only, so what it meets depends on the
      // session and the role: an impersonating admin is the user there (the audit records the route's pattern, not
      // the path), and broken cookies leave a visitor.
      const garbagePathIdentities = identities.filter(
        (who) => who !== IMPERSONATING && who !== BROKEN_COOKIES,
      );
      for (const { path, full, garbage } of pathsFor(url)) {
        for (const [i, { method, handler }] of routes.entries()) {
          // A method one handler shares with an earlier one of its class (an `app.all`): the route rules and
          // fastify treat them alike, so it gets the short list, and no garbage paths.
          const repeat = routes
            .slice(0, i)
            .some((r) => r.handler === handler && methodClass(r.method) === methodClass(method));
          if (garbage && repeat) continue;
          // HEAD runs the GET route's handler and drops the body: on a garbage path the GET probes cover it.
          if (garbage && method === 'HEAD' && methods.includes('GET')) continue;
          const writes = method !== 'GET' && method !== 'HEAD';
          const probes = (long: boolean) =>
            writes ? bodyProbes(path, url, long) : getProbes(path, url, long);
          // Built when first needed: most paths never get the long list.
          let long: Probe[] | undefined;
          // On a garbage path the garbage is the path: sent with the valid input (the parameter reaches the
          // handler) and without any (the route's first check of its input).
          const short = probes(false).filter(
            (p) => !garbage || p.label.startsWith('valid') || p.label === 'no query' || p.label === 'no body',
          );
          for (const who of garbage ? garbagePathIdentities : identities) {
            const whole = full && !repeat && method !== 'HEAD' && fullFor.includes(who);
            // Set when the valid input was refused for want of a session: garbage in a value (the request parses
            // as the valid one did) meets the same refusal before anything reads that value.
            let signedOut = false;
            for (const probe of whole ? (long ??= probes(true)) : short) {
              if (probe.value && (signedOut || READS_NO_INPUT.has(url))) continue;
              // A content type the route does not take is refused (415) before the body is read, whoever sends
              // it: the first identity with the long list shows it (and 'JSON routes take JSON only' as the user).
              if (fullFor.indexOf(who) > 0 && writes && !acceptsType(url, mediaType(probe))) continue;
              const res = await send(failures, who, method, probe);
              const status = res?.statusCode;
              if (probe.label.startsWith('valid') && res && needsSession(res)) signedOut = true;
              const mustReach =
                full && REACHES[url] === who && method !== 'HEAD' && probe.label.startsWith('valid');
              if (mustReach && !(status !== undefined && status >= 200 && status < 300)) {
                failures.push(
                  `${who.name} ${method} ${probe.url.slice(0, 100)} [${probe.label}] → ${status}, not 2xx`,
                );
              }
            }
            if (writes && full && method !== 'TRACE') {
              for (const type of whole ? ['application/json', 'text/plain'] : ['application/json']) {
                const probe = {
                  label: `2 MB ${type}`,
                  url: path,
                  payload: TOO_BIG,
                  headers: { 'content-type': type },
                };
                // Over the limit is 413; a type the route does not take is refused (415) before it is read.
                await send(failures, who, method, probe, acceptsType(url, type) ? 413 : 415);
              }
            }
          }
        }
        // Methods nobody registered: a JSON 404/405, not a crash. The router matches no route, so on a garbage
        // path one of them shows how the not-found handler takes that path.
        const unregistered = ['DELETE', 'PATCH', 'OPTIONS', 'PUT', 'POST', 'GET'].filter(
          (m) => !methods.includes(m),
        );
        for (const method of garbage ? unregistered.slice(0, 1) : unregistered) {
          await send(failures, USER, method, { label: 'unregistered method', url: path });
        }
      }
      expect(failures).toEqual([]);
      // The sign-in form's route burns a password hash per probe: 26 s alone, over 120 s beside the browser suites.
    }, 300_000);
  }

  it('left Object.prototype as it was', () => {
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Route rules follow the matched route: percent-encoded paths, and the body types each route takes

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes under /api/ whose route takes forms (the auth service's form posts and the beacon log). */
const FORM_ROUTES = new Set([
  '/api/auth/callback/credentials',
  '/api/auth/signout',
  '/api/auth/signin/:provider',
  '/api/auth/_log',
]);
/** A probe's media type (`application/json; charset=x` → `application/json`), or JSON when it has none. */
const mediaType = (probe: Probe) =>
  (probe.headers?.['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();

/** Whether the route of `url` takes a body of `type` (writes under /api/ take JSON unless they say otherwise). */
function acceptsType(url: string, type: string): boolean {
  if (!url.startsWith('/api/')) return true;
  if (type === 'application/json') return true;
  if (type === 'application/x-www-form-urlencoded') return FORM_ROUTES.has(url);
  if (type === 'text/plain') return url === '/api/auth/_log';
  if (type.startsWith('multipart/form-data')) return url === '/api/user/profile/upload';
  return false;
}

/** `/api/x` → `/%61pi/x`: a different string that the router decodes to the same route. */
const encodeFirst = (path: string) => `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`;

const API_WRITES = ROUTES.filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith('/api/'));

describe('percent-encoded paths meet the rules of the route they reach', () => {
  it('refuses every write under /api/ made with a session cookie and no CSRF token (403), however spelled', async () => {
    const failures: string[] = [];
    const signedInNoToken: Identity = { name: 'user without token', headers: { cookie: user.cookie } };
    for (const { method, url } of API_WRITES) {
      if (url === '/api/auth/_log') continue; // a beacon: no token, by design
      const path = pathsFor(url)[0]!.path;
      for (const spelled of [path, encodeFirst(path)]) {
        const body = JSON.stringify({ ...(BODIES[url] ?? {}), csrfToken: undefined });
        const probe = {
          label: 'no token',
          url: spelled,
          payload: body,
          headers: { 'content-type': 'application/json' },
        };
        await send(failures, signedInNoToken, method, probe, 403);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the auth form posts without a token for a visitor too (login CSRF), however spelled', async () => {
    const failures: string[] = [];
    for (const url of [
      '/api/auth/callback/credentials',
      '/api/auth/signout',
      '/api/auth/signin/credentials',
    ]) {
      for (const spelled of [url, encodeFirst(url), url.replace('/auth/', '/%61uth/')]) {
        const probe = {
          label: 'form without token',
          url: spelled,
          payload: 'email=a%40b.co&password=Passw0rd!x&callbackUrl=%2F&json=true',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        };
        await send(failures, VISITOR, 'POST', probe, 403);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every read the same through a percent-encoded path', async () => {
    const failures: string[] = [];
    for (const { method, url } of ROUTES) {
      if (method !== 'GET' || url === '/' || url.startsWith('/api/auth/callback/')) continue;
      const path = pathsFor(url)[0]!.path;
      const valid = QUERIES[url] ? `?${query(encoded(QUERIES[url]))}` : '';
      for (const who of [VISITOR, USER]) {
        const plain = await send(failures, who, 'GET', { label: 'plain', url: `${path}${valid}` });
        const spelled = await send(failures, who, 'GET', {
          label: 'encoded',
          url: `${encodeFirst(path)}${valid}`,
        });
        if (plain?.statusCode !== spelled?.statusCode)
          failures.push(
            `${who.name} GET ${path}: ${plain?.statusCode} but ${encodeFirst(path)}: ${spelled?.statusCode}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('redirects signed-out visitors of /my pages however spelled', async () => {
    for (const url of ['/my', '/my/settings', '/%6dy/settings', '/%6d%79/watchlists', '/my/%73ettings']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toMatch(/^\/api\/auth\/signin\?error=SessionRequired&/);
    }
  });

  it('answers OFREP input in the OFREP shape through a percent-encoded path as well', async () => {
    for (const payload of [
      '{"context":{"targetingKey":"a\\u0000b"}}',
      '{"context":5}',
      '{"context":{"a":{"b":{"c":1}}}}',
    ]) {
      const answers = [];
      for (const url of [
        '/ofrep/v1/evaluate/flags',
        '/%6ffrep/v1/evaluate/flags',
        '/ofrep/v1/evaluate/flags/%70ortfolio',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
        answers.push({ status: res.statusCode, body: res.json() as Record<string, unknown> });
      }
      expect(answers[1], payload).toEqual(answers[0]);
      if (answers[0]!.status === 400) {
        expect(answers[0]!.body).toHaveProperty('errorCode');
        expect(answers[2]!.body).toHaveProperty('errorCode');
      }
    }
  });
});

describe('JSON routes take JSON only', () => {
  const BODY_TYPES: [string, (url: string) => string][] = [
    [
      'application/x-www-form-urlencoded',
      (url) =>
        new URLSearchParams(Object.entries(BODIES[url] ?? {}).map(([k, v]) => [k, String(v)])).toString(),
    ],
    ['text/plain', (url) => JSON.stringify(BODIES[url] ?? {})],
    [
      'multipart/form-data; boundary=X',
      () => '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--X--\r\n',
    ],
  ];

  it('refuses form, text and multipart bodies with 415 on every route that does not take them, however spelled', async () => {
    const failures: string[] = [];
    for (const { method, url } of API_WRITES) {
      const path = pathsFor(url)[0]!.path;
      for (const [type, body] of BODY_TYPES) {
        if (acceptsType(url, type)) continue;
        for (const spelled of [path, encodeFirst(path)]) {
          // Signed in with a valid token: the content type alone is refused.
          const probe = { label: type, url: spelled, payload: body(url), headers: { 'content-type': type } };
          await send(failures, USER, method, probe, 415);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the bodies a route takes reach it (forms on the auth form posts, text on the beacon)', async () => {
    const failures: string[] = [];
    for (const { method, url } of API_WRITES) {
      const path = pathsFor(url)[0]!.path;
      for (const [type, body] of BODY_TYPES) {
        if (!acceptsType(url, type)) continue;
        // A visitor: the form posts then stop at the CSRF check, the beacon logs, the upload needs a session.
        const res = await send(failures, VISITOR, method, {
          label: type,
          url: path,
          payload: body(url),
          headers: { 'content-type': type },
        });
        if (res?.statusCode === 415) failures.push(`${method} ${path} [${type}] → 415`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the same write sent several times at once', () => {
  it('answers every copy below 500 (a lost race is a 4xx, not a crash)', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.com`;
    const copies = 6;
    const writes: [Identity, string, string, unknown][] = [
      [VISITOR, 'POST', '/api/auth/signup', { email, password: 'Passw0rd!x' }],
      [VISITOR, 'POST', '/api/auth/resend-confirmation', { email }],
      [VISITOR, 'POST', '/api/auth/forgot-password', { email: user.user.email }],
      [USER, 'POST', '/api/watchlist/create', { name: 'Raced', projects: [PID] }],
      [USER, 'POST', '/api/watchlist/toggle', { id: WATCHLIST_ID, projectId: PID }],
      [USER, 'POST', '/api/user/wallets', { walletAddress: `0x${'c'.repeat(40)}` }],
      [USER, 'POST', '/api/user/wallets/delete', { walletAddress: `0x${'c'.repeat(40)}` }],
      [USER, 'POST', '/api/user/survey/upload', { survey: { userType: 'Retail Investor', projects: [] } }],
      [USER, 'POST', '/api/sso-settings/update', { settings: { newsletter: true } }],
      [USER, 'GET', `/api/projects/vote?id=${PID}&vote=no`, undefined],
      [VISITOR, 'GET', `/api/projects/page-view?projectId=${PID}`, undefined],
      [ADMIN, 'PUT', '/api/announcement', { content: 'Raced', active: true }],
    ];
    const failures: string[] = [];
    for (const [who, method, url, body] of writes) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> =
        payload === undefined ? {} : { 'content-type': 'application/json' };
      await Promise.all(
        Array.from({ length: copies }, (_, i) =>
          send(failures, who, method, { label: `copy ${i}`, url, payload, headers }),
        ),
      );
    }
    expect(failures).toEqual([]);
  });
});

describe('the same app serving a built SPA', () => {
  it('answers garbage paths below 500 and never serves a file outside the build', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'sentinel-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sentinel</title>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const known = captured.length;
    const app = await buildApp({ config: t.config, database: t.database, distDir: dist, logger: false });
    try {
      await app.ready();
      const failures: string[] = [];
      // The SPA's own routes (index, static files) plus the history fallback and traversal attempts.
      const spaRoutes = captured.slice(known).filter((r) => !ROUTES.some((o) => o.url === r.url));
      expect(spaRoutes.length).toBeGreaterThan(0);
      const urls = [
        ...spaRoutes.flatMap((r) => pathsFor(r.url).map((p) => p.path)),
        '/',
        '/assets/app-abc123.js',
        '/assets/%00',
        '/assets/%ZZ',
        '/%',
        '/..%2f..%2fpackage.json',
        '/assets/..%2f..%2f..%2fpackage.json',
        '/%2e%2e/%2e%2e/package.json',
        '/my/settings',
        '/api/nope',
        `/${'x/'.repeat(3000)}`,
      ];
      for (const url of urls) {
        for (const accept of ['text/html', '*/*']) {
          for (const method of ['GET', 'HEAD', 'POST', 'OPTIONS']) {
            const headers = {
              accept,
              range: 'bytes=5-1,abc',
              'if-modified-since': 'garbage',
              'accept-encoding': 'gzip',
            };
            await send(failures, USER, method, { label: accept, url, headers }, undefined, app);
          }
          // After the probes of every method: what a plain GET of the path serves then.
          const res = await app.inject({ method: 'GET', url, headers: { accept } });
          if (res.body.includes('"devDependencies"'))
            failures.push(`GET ${url} served package.json (${res.statusCode})`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  }, 120_000);
});
