/**
 * Sentry is loaded lazily and only when a DSN is configured (VITE_SENTRY_DSN); without one nothing is loaded and
 * every call is a no-op.
 */
type SentryModule = typeof import('@sentry/react');

const dsn = (import.meta.env.VITE_SENTRY_DSN as string | undefined) || undefined;
let loading: Promise<SentryModule> | null = null;

export const sentryEnabled = () => dsn !== undefined;

export function loadSentry(): Promise<SentryModule> | null {
  if (!dsn) return null;
  loading ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({ dsn, environment: import.meta.env.MODE, tracesSampleRate: 0 });
    return Sentry;
  });
  return loading;
}

export function captureError(error: unknown, context?: Record<string, unknown>) {
  void loadSentry()?.then((Sentry) => Sentry.captureException(error, context ? { extra: context } : undefined));
}
