import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';

/**
 * An oversized body is answered with a 413 the client can read. Most clients (Node's http and fetch, Python's
 * requests) write their whole body before they read: a server that answers and closes at once, with the body still
 * arriving, resets the connection under them, and they see EPIPE instead of any status.
 */

const t = useTestApp();
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

type Answer = { status?: number; connection?: string; body: string; error?: string };

/**
 * POSTs `size` bytes through node:http to a real listener, without `Expect: 100-continue`, and reads nothing until
 * the whole body is written, as such a client does. Resolves with what the client could read, or its error.
 */
function post(path: string, size: number, opts: { type: string; chunked?: boolean }) {
  return new Promise<Answer>((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': opts.type,
        ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }),
      },
    });
    req.on('socket', (socket) => socket.pause());
    req.on('error', (err) => resolve({ body: '', error: String(err) }));
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body }));
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = size;
    const write = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(chunk.subarray(0, n))) return void req.once('drain', write);
      }
      req.end(() => req.socket?.resume());
    };
    write();
  });
}

const FIVE_MB = 5 * 1024 * 1024;

describe('an oversized body sent by a client that writes before it reads', () => {
  it('5 MB of JSON to /api/errors with Content-Length → the client reads 413 and our JSON error', async () => {
    const res = await post('/api/errors', FIVE_MB, { type: 'application/json' });
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: 'PayloadTooLarge', message: expect.any(String) });
    // The connection is not reused after a refused body.
    expect(res.connection).toBe('close');
  });

  it('5 MB of JSON sent chunked (no Content-Length) → 413 and our JSON error', async () => {
    const res = await post('/api/errors', FIVE_MB, { type: 'application/json', chunked: true });
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'PayloadTooLarge' });
  });

  it('5 MB of text to a JSON route → the client reads 415', async () => {
    const res = await post('/api/errors', FIVE_MB, { type: 'text/plain' });
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'UnsupportedMediaType' });
  });

  it('the server still answers afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
