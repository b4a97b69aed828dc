import type { RenderedFor } from '../../api/site';
import { COOKIE_CONSENT_KEY, IGNORED_BANNER_KEY } from '../../api/storageKeys';
import { loadSavedTour } from '../../machines/account/tour/tour.address';
import type { PageState } from './liveApp';
import { stored } from './rememberedChoices';

export type KeptInThisBrowser = Pick<PageState, 'bannerIgnored' | 'cookieAccepted' | 'tourSaved'>;

/** What this browser keeps that changes how a page shows: the remembered choices (spec §3) and a tour under way. */
export const keptInThisBrowser = (): KeptInThisBrowser => ({
  bannerIgnored: stored(IGNORED_BANNER_KEY),
  cookieAccepted: stored(COOKIE_CONSENT_KEY) === 'true',
  tourSaved: loadSavedTour() !== null,
});

/**
 * Whether the server's HTML shows the page as this browser will: the same remembered choices, and no tour under way
 * (the server cannot know of one). Then the app takes that HTML over; otherwise it renders afresh
 * (src/first-load/startApp.ts), and the loader of a page that loads the app on intent starts it at once
 * (src/first-load/loader.ts).
 */
export const renderedAsShown = (renderedFor: RenderedFor, kept: KeptInThisBrowser) =>
  renderedFor.bannerIgnored === kept.bannerIgnored &&
  renderedFor.cookieAccepted === kept.cookieAccepted &&
  !kept.tourSaved;
