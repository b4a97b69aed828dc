import { createRequest } from '../../api/http';

let csrf: Promise<string | undefined> | undefined;

/** The CSRF token from /api/auth/csrf, fetched once per page (again when the server refused it). */
function csrfToken(fresh: boolean): Promise<string | undefined> {
  if (fresh || !csrf) {
    csrf = fetch('/api/auth/csrf', { credentials: 'include', headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<{ csrfToken?: string }>) : {}))
      .then((b: { csrfToken?: string }) => b.csrfToken)
      .catch(() => undefined);
  }
  return csrf;
}

/** The browser's one request helper instance: same origin, credentials included, CSRF header on writes. */
export const request = createRequest({ csrfToken });
