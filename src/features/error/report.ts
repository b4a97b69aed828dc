import { reportClientError } from '../../../api/site';
import { request } from '../../lib/client';
import { captureError } from './sentry';

/** Reports a client-side failure to our error endpoint (POST /api/errors) and to Sentry when configured. */
export function reportError(title: string, error: unknown) {
  const err = error instanceof Error ? error : undefined;
  captureError(error ?? new Error(title), { path: location.pathname });
  void reportClientError(request, {
    title: title.slice(0, 500),
    description: `${location.pathname}${location.search}: ${err?.message ?? String(error ?? title)}`.slice(0, 10_000),
    trace: (err?.stack ?? '').slice(0, 20_000),
  }).catch(() => undefined);
}
