import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ClientError,
  GenericError,
  HttpError,
  NotFoundError,
  ServerError,
  TimeoutError,
} from '../../api/errors';
import { createRequest, GATEWAY_TIMEOUT_RETRIES, type Request } from '../../api/http';

/** The request helper (spec §8) against a real local HTTP server on a random port, branch by branch. */
let server: FastifyInstance;
let request: Request;
const hits = new Map<string, number>();
let reports: { title: string; description: string; trace: string }[] = [];
let lastCookie: string | undefined;

const hit = (path: string) => {
  const n = (hits.get(path) ?? 0) + 1;
  hits.set(path, n);
  return n;
};

beforeAll(async () => {
  server = Fastify();
  server.get('/ok', async (req) => ({ hello: 'world', q: req.query }));
  server.post('/echo', async (req) => ({ got: req.body, type: req.headers['content-type'] }));
  server.get('/no-content', async (_req, reply) => reply.status(204).send());
  server.get('/always-504', async (_req, reply) => {
    hit('/always-504');
    return reply.status(504).send('upstream timed out');
  });
  server.get('/504-then-ok', async (_req, reply) => {
    const n = hit('/504-then-ok');
    return n <= 2 ? reply.status(504).send('slow') : reply.send({ attempt: n });
  });
  server.get('/boom', async (_req, reply) =>
    reply.status(500).send({ error: 'InternalError', message: 'Something went wrong on our side.' }),
  );
  server.get('/unavailable', async (_req, reply) => reply.status(503).type('text/plain').send('maintenance'));
  server.get('/missing', async (_req, reply) =>
    reply.status(404).send({ error: 'NotFound', message: 'No such project.' }),
  );
  server.get('/invalid', async (_req, reply) =>
    reply
      .status(400)
      .send({ error: 'ValidationError', message: 'keyword: Too long', fields: { keyword: 'Too long' } }),
  );
  server.get('/teapot', async (_req, reply) => reply.status(418).type('text/plain').send("I'm a teapot"));
  server.get('/choices', async (_req, reply) => reply.status(300).type('text/plain').send('pick one'));
  server.get('/cookie', async (req) => {
    lastCookie = req.headers.cookie;
    return { ok: true };
  });
  server.post('/api/errors', async (req, reply) => {
    reports.push(req.body as (typeof reports)[number]);
    return reply.status(204).send();
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  request = createRequest({ baseURL: `http://127.0.0.1:${port}`, headers: () => ({ cookie: 'sid=abc' }) });
});
afterAll(async () => server.close());
beforeEach(() => {
  hits.clear();
  reports = [];
});

async function failure(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('expected the request to fail');
}

describe('request helper', () => {
  it('returns parsed JSON, sends the query, and sends JSON bodies', async () => {
    expect(await request('/ok', { query: { a: 1, b: 'x', skip: undefined } })).toEqual({
      hello: 'world',
      q: { a: '1', b: 'x' },
    });
    expect(await request('/echo', { body: { n: 1 } })).toEqual({ got: { n: 1 }, type: 'application/json' });
    expect(await request('/no-content')).toBeUndefined();
  });

  it('sends the extra headers of the client on every request', async () => {
    await request('/cookie');
    expect(lastCookie).toBe('sid=abc');
  });

  it(`retries a 504 ${GATEWAY_TIMEOUT_RETRIES} times, then throws a TimeoutError and reports it`, async () => {
    const err = await failure(request('/always-504'));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({
      kind: 'timeout',
      status: 504,
      path: '/always-504',
      body: 'upstream timed out',
    });
    expect(hits.get('/always-504')).toBe(1 + GATEWAY_TIMEOUT_RETRIES);
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({
      title: expect.stringContaining('/always-504'),
      description: expect.stringContaining('/always-504'),
      trace: 'upstream timed out',
    });
  });

  it('succeeds when a retried 504 recovers', async () => {
    expect(await request('/504-then-ok')).toEqual({ attempt: 3 });
    expect(reports).toHaveLength(0);
  });

  it('throws a ServerError for 5xx and reports path, message and body', async () => {
    const err = await failure(request('/boom'));
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({
      status: 500,
      path: '/boom',
      message: 'Something went wrong on our side.',
      code: 'InternalError',
    });
    expect(JSON.parse(err.body)).toEqual({
      error: 'InternalError',
      message: 'Something went wrong on our side.',
    });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]!.title).toContain('500');
    expect(reports[0]!.description).toContain('/boom');
    expect(reports[0]!.description).toContain('Something went wrong on our side.');
    expect(reports[0]!.trace).toBe(err.body);

    const plain = await failure(request('/unavailable'));
    expect(plain).toBeInstanceOf(ServerError);
    expect(plain.body).toBe('maintenance');
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]!.trace).toBe('maintenance');
  });

  it('throws a NotFoundError for 404, without a report', async () => {
    const err = await failure(request('/missing'));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, message: 'No such project.', code: 'NotFound' });
    expect(err.body).toContain('No such project.');
    const route = await failure(request('/no-such-route'));
    expect(route).toBeInstanceOf(NotFoundError);
    expect(reports).toHaveLength(0);
  });

  it('throws a ClientError for other 4xx, with the error code and fields of the body', async () => {
    const err = await failure(request('/invalid'));
    expect(err).toBeInstanceOf(ClientError);
    expect(err).toMatchObject({ status: 400, code: 'ValidationError', fields: { keyword: 'Too long' } });
    // What a page shows of it: the problem, not the field's key.
    expect(err.message).toBe('Too long');
    const teapot = await failure(request('/teapot'));
    expect(teapot).toBeInstanceOf(ClientError);
    expect(teapot).toMatchObject({ status: 418, body: "I'm a teapot", code: undefined });
    expect(reports).toHaveLength(0);
  });

  it('words a validation error for people: the problems without the field keys, other messages as sent', async () => {
    const at = (body: object) => new ClientError(400, '/x', JSON.stringify(body)).message;
    expect(
      at({
        error: 'ValidationError',
        message: 'url: The host does not resolve.; watchlistIds: Choose at least one watchlist',
        fields: { url: 'The host does not resolve.', watchlistIds: 'Choose at least one watchlist' },
      }),
    ).toBe('The host does not resolve. Choose at least one watchlist.');
    expect(
      at({ error: 'UnknownProjects', message: 'Unknown project ids: a', fields: { projects: 'Unknown: a' } }),
    ).toBe('Unknown project ids: a');
    expect(at({ error: 'NameTaken', message: 'The name is already used' })).toBe('The name is already used');
  });

  it('throws a GenericError for any other non-OK status', async () => {
    const err = await failure(request('/choices'));
    expect(err).toBeInstanceOf(GenericError);
    expect(err).toMatchObject({ status: 300, body: 'pick one' });
    expect(reports).toHaveLength(0);
  });
});
