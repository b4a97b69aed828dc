/**
 * The browser storage keys of the visitor's two remembered choices (spec §3), in a module of their own: the guest's loader
 * (src/first-load/loader.ts) reads them before any machine's code has loaded.
 */

/** Holds the text of the last dismissed banner. */
export const IGNORED_BANNER_KEY = 'ignoredBannerContent';
/** Holds 'true' once the cookie notice is accepted (spec §9). */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
