import type { Tags } from '../../core/tags';

export type Announcement = { content: string; link: string; linkText: string };

/**
 * `ignored`: the dismissed announcement's text from browser storage. `inlined`: the announcement the server
 * wrote into the page (null: none is active; absent: the page has none, so the banner asks the API).
 */
export type BannerInput = { ignored: string | null; inlined?: Announcement | null };
export type BannerContext = {
  ignored: string | null;
  inlined: Announcement | null | undefined;
  announcement: Announcement | null;
};
export type BannerEvent = { type: 'DISMISS' };
/** `open` while the banner shows. */
export type BannerTag = Tags<'open'>;
