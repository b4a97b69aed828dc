import type { Tags } from '../../core/tags';

/** What browser storage said at start: the notice was accepted in an earlier visit. */
export type CookieConsentInput = { accepted: boolean };
export type CookieConsentContext = { acceptedAtStart: boolean };
/** 'I Accept'. */
export type CookieConsentEvent = { type: 'ACCEPT' };
/** `open` while the notice shows. */
export type CookieConsentTag = Tags<'open'>;
