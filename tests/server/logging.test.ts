import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';

/**
 * At the default info level the log keeps the useful lines. Logo requests (dozens
 * per page) and the balancer's health and readiness probes are not logged one line each, other requests are, and
 * building the server prints no Fastify deprecation.
 */
const lines: { reqId?: string; msg?: string; req?: { url?: string } }[] = [];
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  process.on('warning', onWarning);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sentinel-log-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  database = await openDatabase({ dataDir: ':memory:' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  process.off('warning', onWarning);
  await app?.close();
  await database?.close();
});

/** Every line of the requests to `url`, found by the request id of their "incoming request" line. */
const linesFor = (url: string) => {
  const ids = new Set(lines.filter((line) => line.req?.url === url).map((line) => line.reqId));
  return lines.filter((line) => ids.has(line.reqId));
};

describe('request logging at info level', () => {
  it('logs an API request and its answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(res.statusCode).toBe(200);
    const logged = linesFor('/api/leaderboard');
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('does not log the health and readiness probes', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(linesFor('/api/health')).toEqual([]);
    expect(linesFor('/api/ready')).toEqual([]);
  });

  it('does not log logo requests, found or not', async () => {
    const found = await app.inject({ method: 'GET', url: '/logos/btc.svg' });
    expect(found.statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/logos/nope.png' });
    expect(missing.statusCode).toBe(404);
    expect(lines.filter((line) => line.req?.url?.startsWith('/logos/'))).toEqual([]);
    // The requests after them are still logged.
    await app.inject({ method: 'GET', url: '/api/announcement' });
    expect(linesFor('/api/announcement').map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('builds the server without a Fastify deprecation warning', async () => {
    // Fastify warns once per process, so the flag it keeps is checked too: no server built in this worker
    // (by any test file) read a deprecated option.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => /^FST/.test((w as { code?: string }).code ?? ''))).toEqual([]);
    const fastifyWarnings = createRequire(createRequire(import.meta.url).resolve('fastify'))(
      './lib/warnings.js',
    ) as Record<string, { emitted: boolean }>;
    expect(Object.keys(fastifyWarnings)).toContain('FSTDEP023');
    expect(
      Object.entries(fastifyWarnings)
        .filter(([, w]) => w.emitted)
        .map(([code]) => code),
    ).toEqual([]);
  });
});
