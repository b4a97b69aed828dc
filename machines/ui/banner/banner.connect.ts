/**
 * The announcement banner's view model: a snapshot and a send function in, what it shows and prop getters out.
 * Components read this (tags underneath), never state names. Parts carry data-scope="banner".
 */
import type { SnapshotFrom } from 'xstate';
import type { bannerMachine } from './banner.machine';
import type { BannerEvent } from './banner.types';

const part = (name: string) => ({ 'data-scope': 'banner', 'data-part': name });
const isExternal = (href: string) => /^https?:\/\//.test(href);

export function connectBanner(
  snapshot: SnapshotFrom<typeof bannerMachine>,
  send: (event: BannerEvent) => void,
) {
  const announcement = snapshot.hasTag('open') ? snapshot.context.announcement : null;
  return {
    /** Shown: open, with an announcement to show. */
    open: announcement !== null,
    announcement,
    getRootProps: () => ({ ...part('root'), role: 'region' as const, 'aria-label': 'Announcement' }),
    /** The announcement's link ('Learn more' when it names no text); another site opens in a new tab. */
    getLinkProps: () => ({
      ...part('link'),
      href: announcement?.link ?? '',
      ...(announcement && isExternal(announcement.link)
        ? { target: '_blank', rel: 'noopener noreferrer' }
        : {}),
    }),
    linkText: announcement ? announcement.linkText || 'Learn more' : '',
    getDismissButtonProps: () => ({
      ...part('dismiss-trigger'),
      type: 'button' as const,
      'aria-label': 'Dismiss announcement',
      onClick: () => send({ type: 'DISMISS' }),
    }),
  };
}
