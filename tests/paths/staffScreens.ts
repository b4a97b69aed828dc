import type { AnyMachineSnapshot } from 'xstate';

/**
 * The screens every staff page shows before its own (machines/staff-request): admins only, loading, and the load's
 * failure with its message; null once the page's own screen shows.
 */
export const staffScreen = (s: AnyMachineSnapshot, error: string | null) => {
  if (s.hasTag('forbidden')) return { screen: 'forbidden' };
  if (s.hasTag('loading')) return { screen: 'loading' };
  if (s.matches('loadFailed')) return { screen: 'loadFailed', alert: error };
  return null;
};

/** Whether a failed request was the server refusing the caller (not signed in, or not staff). */
export const isRefused = (error: unknown) => [401, 403].includes((error as { status?: number }).status ?? 0);
