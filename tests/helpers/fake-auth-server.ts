import { ClientError } from '../../api/errors';
import type { RequestOptions } from '../../api/http';

export type Call = { path: string; options: RequestOptions };
type Handler = (options: RequestOptions) => unknown;

/**
 * A programmable stand-in for the browser's request helper (src/lib/client.ts) in component tests:
 * `on(path, handler)` answers a path; `fail(path, code)` answers with the user-pool error body and status.
 * Unanswered paths fail with a 404-like client error. Every call is recorded.
 */
export function createFakeServer() {
  const handlers = new Map<string, Handler>();
  const calls: Call[] = [];
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    calls.push({ path, options });
    const handler = handlers.get(path);
    if (!handler) throw new ClientError(404, path, JSON.stringify({ error: 'NotFound', message: path }));
    return (await handler(options)) as T;
  };
  return {
    request,
    calls,
    callsTo: (path: string) => calls.filter((c) => c.path === path),
    on(path: string, handler: Handler) {
      handlers.set(path, handler);
    },
    fail(path: string, code: string, status = 400) {
      handlers.set(path, () => {
        throw new ClientError(status, path, JSON.stringify({ error: code, message: code }));
      });
    },
    reset() {
      handlers.clear();
      calls.length = 0;
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;

/** The auth service defaults: signed out, a CSRF token, no social providers. */
export function signedOutDefaults(server: FakeServer) {
  server.on('/api/auth/session', () => ({}));
  server.on('/api/auth/csrf', () => ({ csrfToken: 'csrf-1' }));
  server.on('/api/auth/providers', () => ({
    credentials: {
      id: 'credentials',
      name: 'Credentials',
      type: 'credentials',
      signinUrl: '/api/auth/signin/credentials',
      callbackUrl: '/api/auth/callback/credentials',
    },
  }));
}
