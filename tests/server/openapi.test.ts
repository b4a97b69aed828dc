import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

/**
 * The OpenAPI 3.1 document at /api/openapi.json is valid and lists every /api and /ofrep route the
 * app registers; the Partner API reads carry the bearerAuth requirement.
 */

type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type Doc = {
  openapi: string;
  servers?: { url: string }[];
  webhooks?: Record<string, { post: Operation }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, unknown>;
  };
};

/**
 * Registered routes that are deliberately not in the document:
 * - wildcard catch-alls (`/api/*`, `/ofrep/*`, `/api/auth/*`): they only answer the JSON 404 of an unknown path;
 * - /api/dev/* is registered only with the outbox (no SMTP_URL, not production), as here; it is in the admin
 *   document only.
 */
const EXCLUDED = (url: string) => url.includes('*');

/** Fastify `/api/projects/:id` → OpenAPI `/api/projects/{id}`. */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The Partner API reads (config.partnerRead): projects, leaderboard, search, score history, skynet data. */
const PARTNER_READS = [
  ['get', '/api/projects/{id}'],
  ['post', '/api/projects-list'],
  ['get', '/api/leaderboard'],
  ['get', '/api/search-project'],
  ['get', '/api/projects/{id}/score-history'],
  ['get', '/api/projects/{id}/score-breakdown'],
  ['get', '/api/projects/{id}/peers'],
  ['get', '/api/chains'],
  ['get', '/api/projects/{id}/contracts'],
  ['get', '/api/projects/{id}/audits'],
] as const;

const ADMIN_EMAIL = 'openapi-admin@example.com';

const t = useTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
/** The public document (what a guest reads). */
let doc: Doc;
/** The admin document: the public one plus the administration and development operations. */
let adminDoc: Doc;
let admin: Client;
beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json() as Doc;
  admin = await signIn(t.app, { email: ADMIN_EMAIL });
  const full = await admin.inject({ method: 'GET', url: '/api/admin/openapi.json' });
  expect(full.statusCode, full.body).toBe(200);
  adminDoc = full.json() as Doc;
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the admin document is valid too', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(adminDoc) as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 3000)).toEqual([]);
  });

  it('lists every registered /api and /ofrep route (method and path) in the admin document', () => {
    const routes = t.app.registeredRoutes.filter(
      (r) => /^\/(api|ofrep)\//.test(r.url) && r.method !== 'HEAD' && !EXCLUDED(r.url),
    );
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes
      .filter((r) => adminDoc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()] === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('publishes admin operations and the development outbox to admins only', async () => {
    const adminOps = (d: Doc) =>
      Object.entries(d.paths).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.tags?.includes('Admin') || path.startsWith('/api/dev/'))
          .map(([method]) => `${method} ${path}`),
      );
    // What a guest reads: no admin or development path, no Admin tag.
    const guest = await anonymous(t.app).inject({ method: 'GET', url: '/api/openapi.json' });
    const seen = guest.json() as Doc & { tags: { name: string }[] };
    expect(adminOps(seen)).toEqual([]);
    expect(Object.keys(seen.paths).filter((p) => /^\/api\/(admin|dev|impersonation)\//.test(p))).toEqual([]);
    expect(guest.body).not.toContain('/api/admin/');
    expect(guest.body).not.toContain('/api/dev/outbox');
    expect(seen.tags.map((tag) => tag.name)).not.toContain('Admin');
    // The admin document has them: the announcement editor, impersonation, the outbox (present in tests).
    expect(adminOps(adminDoc)).toEqual(
      expect.arrayContaining([
        'get /api/admin/announcement',
        'put /api/announcement',
        'get /api/dev/outbox',
        'get /api/admin/openapi.json',
      ]),
    );
    expect(adminOps(adminDoc).some((op) => op.includes('/api/impersonation'))).toBe(true);
    // And only admins get it.
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json' });
    expect(signedOut.statusCode).toBe(401);
    const user = await signIn(t.app);
    const notAdmin = await user.inject({ method: 'GET', url: '/api/admin/openapi.json' });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.body).not.toContain('/api/admin/announcement');
  });

  it('documents only routes that exist', () => {
    const registered = new Set(
      t.app.registeredRoutes.map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.url)}`),
    );
    const extra = Object.entries(adminDoc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => !registered.has(`${m} ${path}`))
        .map((m) => `${m} ${path}`),
    );
    expect(extra).toEqual([]);
  });

  it('puts the Partner API reads, every skynet read included, under bearerAuth', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie' },
    });
    const skynet = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/api/skynet/'))
      .map((p) => ['get', p] as const);
    expect(skynet.length).toBeGreaterThanOrEqual(8);
    for (const [method, path] of [...PARTNER_READS, ...skynet]) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.security, `${method} ${path}`).toContainEqual({ bearerAuth: [] });
      expect(op!.tags, `${method} ${path}`).toContain('Partner');
    }
  });

  it('keeps bearerAuth off every other route (a key authorises nothing else)', () => {
    const partner = new Set([...PARTNER_READS.map(([m, p]) => `${m} ${p}`)]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (partner.has(`${method} ${path}`) || (method === 'get' && path.startsWith('/api/skynet/')))
          continue;
        expect(op.security ?? [], `${method} ${path}`).not.toContainEqual({ bearerAuth: [] });
      }
    }
  });

  it('declares a JSON schema for every JSON success answer (only pages, files, redirects and 204s have none)', () => {
    // Routes whose success is not JSON: HTML pages, a stylesheet, redirects to an identity provider, a picture,
    // an export file, empty 204s, and this document itself.
    const NOT_JSON = new Set([
      'get /api/openapi.json',
      'post /api/user/events',
      'post /api/errors',
      'get /api/auth/signin',
      'get /api/auth/error',
      'get /api/auth/pages.css',
      'get /api/auth/signin/{provider}',
      'post /api/auth/signin/{provider}',
      'get /api/auth/callback/{provider}',
      'post /api/auth/_log',
      'get /api/user/profile/image/{username}',
      'get /api/watchlist/export',
    ]);
    const undeclared: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2/.test(code));
        const declared = success.some(
          ([, answer]) => (answer as { content?: unknown }).content !== undefined,
        );
        if (!declared && !NOT_JSON.has(`${method} ${path}`)) undeclared.push(`${method} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('declares the shared ErrorBody for error answers and a tag on every operation', () => {
    const leaderboard = doc.paths['/api/leaderboard']!.get!;
    expect(Object.keys(leaderboard.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops))
        expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });
});

describe('contract: answers are checked against their response schemas', () => {
  it('the examples of the public schemas match them', async () => {
    const { LeaderboardPage, ProjectDetail } = await import('../../api/projects.schemas');
    for (const schema of [LeaderboardPage, ProjectDetail]) {
      const examples = (schema.meta()?.examples ?? []) as unknown[];
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) expect(schema.safeParse(example).error).toBeUndefined();
    }
  });

  it('a search answer (sent pre-serialised) still matches its schema', async () => {
    const { ProjectSummary } = await import('../../api/projects.schemas');
    const res = await t.app.inject({ method: 'GET', url: '/api/search-project?keyword=' });
    expect(res.statusCode).toBe(200);
    expect(ProjectSummary.array().safeParse(res.json()).success).toBe(true);
  });

  it('a validation failure is the ValidationError body of the shared ErrorBody schema', async () => {
    const { ErrorBody } = await import('../../api/errors.schemas');
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard?pageSize=abc' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(ErrorBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ error: 'ValidationError', fields: { pageSize: expect.any(String) } });
  });
});

describe('what a generated client and a linter need', () => {
  const operations = (d: Doc) =>
    Object.entries(d.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, method, path, op })),
    );

  /** Redocly's lint of `d` with the recommended ruleset: its problems of severity error. */
  function redoclyErrors(d: Doc): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(d));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const args = [
        'lint',
        'openapi.json',
        '--extends',
        'recommended',
        '--format',
        'json',
        '--max-problems',
        '1000',
      ];
      const run = spawnSync(process.execPath, [cli, ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        totals: { errors: number };
        problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
      expect(errors.length).toBe(report.totals.errors);
      return errors;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("passes Redocly's recommended ruleset with no error (public and admin documents)", () => {
    expect(redoclyErrors(doc)).toEqual([]);
    expect(redoclyErrors(adminDoc)).toEqual([]);
    // The lint does find errors: a document without servers and an operation without security fails it.
    const broken = structuredClone(doc);
    delete broken.servers;
    delete broken.paths['/api/leaderboard']!.get!.security;
    expect(redoclyErrors(broken).length).toBeGreaterThan(0);
  }, 120_000);

  it('every operation has a unique operationId, a summary and a security requirement', () => {
    const ops = operations(adminDoc);
    const missing = ops.filter(({ op }) => !op.operationId || !op.summary || !op.security).map((o) => o.key);
    expect(missing).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // The names partners already use stay.
    expect(doc.paths['/api/leaderboard']!.get!.operationId).toBe('getLeaderboard');
    expect(doc.paths['/api/projects-list']!.post!.operationId).toBe('postProjectsList');
  });

  it('names the server, the Bearer key and the CSRF header', () => {
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
    });
    expect(doc.paths['/api/user/webhooks']!.post!.security).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    expect(doc.paths['/api/user/webhooks']!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/methodology']!.get!.security).toEqual([]);
  });

  it('partner reads answer 401 and 429 with the quota headers; signed-in writes 401 and 403', () => {
    type Answer = { description: string; headers?: Record<string, unknown>; content?: object };
    for (const [method, path] of PARTNER_READS) {
      const responses = doc.paths[path]![method]!.responses as Record<string, Answer>;
      expect(responses['401']!.description, path).toMatch(/InvalidApiKey/);
      expect(Object.keys(responses['401']!.headers!), path).toEqual(['WWW-Authenticate']);
      expect(responses['429']!.description, path).toMatch(/RateLimitExceeded/);
      expect(Object.keys(responses['429']!.headers!), path).toEqual([
        'Retry-After',
        'RateLimit-Policy',
        'RateLimit',
      ]);
      expect(Object.keys(responses['200']!.headers ?? {}), path).toEqual(['RateLimit-Policy', 'RateLimit']);
      expect(responses['429']!.content, path).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
      });
    }
    const create = doc.paths['/api/user/webhooks']!.post!.responses as Record<string, Answer>;
    expect(create['401']!.description).toMatch(/Not signed in/);
    expect(create['403']!.description).toMatch(/x-csrf-token/);
    expect(Object.keys(create['429']!.headers!)).toContain('Retry-After');
  });

  it('types integer query parameters as integers', () => {
    const params = doc.paths['/api/leaderboard']!.get!.parameters!;
    const schemaOf = (name: string) => params.find((p) => p.name === name)?.schema;
    expect(schemaOf('page')).toMatchObject({ type: 'integer', minimum: 1 });
    expect(schemaOf('pageSize')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(schemaOf('minScore')).toMatchObject({ type: 'number' });
    const textual = operations(doc).flatMap(({ key, op }) =>
      (op.parameters ?? [])
        .filter((p) => JSON.stringify(p.schema).includes('"type":"integer"') && p.schema.type !== 'integer')
        .map((p) => `${key} ${p.name}`),
    );
    expect(textual).toEqual([]);
  });

  it('lists the score changes over 24 h, 7 d and 30 d among the leaderboard sorts, for the page and the CSV', () => {
    for (const path of ['/api/leaderboard', '/api/leaderboard.csv']) {
      const sort = doc.paths[path]!.get!.parameters!.find((p) => p.name === 'sort')!;
      const sorts = JSON.stringify(sort.schema);
      for (const key of ['change24h', 'change7d', 'change30d', 'score', 'name'])
        expect(sorts, path).toContain(`"${key}"`);
    }
  });

  it('describes the sign-in form and the webhook deliveries', () => {
    const signIn = doc.paths['/api/auth/callback/credentials']!.post!.requestBody!;
    expect(Object.keys(signIn.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    expect(doc.components.schemas.CredentialsForm).toMatchObject({
      properties: { email: expect.any(Object), password: expect.any(Object) },
      required: expect.arrayContaining(['email', 'password']),
    });
    expect(Object.keys(doc.webhooks ?? {})).toEqual(['alert', 'ping']);
    const alert = doc.webhooks!.alert!.post;
    expect(alert.requestBody!.content['application/json']!.schema.$ref).toBe(
      '#/components/schemas/WebhookEvent',
    );
    expect(alert.parameters!.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(JSON.stringify(doc.components.schemas.WebhookEvent)).toContain('"incident"');
  });
});
