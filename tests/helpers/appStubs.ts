import { createMachine, fromCallback } from 'xstate';

/**
 * Stand-ins for the app machine's actors, for tests of the root alone. Cast to `never`: one stand-in fills every
 * typed actor slot.
 */

/** A child that does nothing: what the root sends it is all a test sees of it. */
export const stub = createMachine({});
/** A watcher that never reports: its reports are events the test sends itself. */
export const silent = fromCallback(() => () => undefined);

/** The root's long-lived children, each a stub. */
export const stubChildren = {
  session: stub as never,
  flags: stub as never,
  watchlist: stub as never,
  accountActors: stub as never,
  banner: stub as never,
  cookieConsent: stub as never,
  quote: stub as never,
};

/** The root's observers of its children, all silent. */
export const silentObservers = {
  sessionObserver: silent as never,
  flagsObserver: silent as never,
  authModalObserver: silent as never,
};
