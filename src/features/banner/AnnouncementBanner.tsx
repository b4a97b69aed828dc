import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ANNOUNCEMENT_ELEMENT_ID, getAnnouncement, type Announcement } from '../../../api/site';
import { IGNORED_BANNER_KEY, bannerMachine } from '../../../machines/banner/banner.machine';
import { request } from '../../lib/client';
import { Icon } from '../../components/Icon';
import './banner.css';
import { inspect } from '../../lib/inspect';

const machine = bannerMachine.provide({
  actors: { fetchAnnouncement: fromPromise(() => getAnnouncement(request)) },
});

const ignoredContent = () => {
  try {
    return localStorage.getItem(IGNORED_BANNER_KEY);
  } catch {
    return null;
  }
};

/**
 * The announcement the server wrote into the page: null when none is active, undefined when the page has none
 * (the dev server's), in which case the banner asks the API.
 */
const inlinedAnnouncement = (): Announcement | null | undefined => {
  const text = document.getElementById(ANNOUNCEMENT_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Announcement | null;
  } catch {
    return undefined;
  }
};

const isExternal = (href: string) => /^https?:\/\//.test(href);

/** The dismissible announcement banner (spec §2, §4 'Banner'). */
export function AnnouncementBanner() {
  const actorRef = useActorRef(machine, {
    input: { ignored: ignoredContent(), inlined: inlinedAnnouncement() },
    inspect,
  });
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const announcement = useSelector(actorRef, (s) => s.context.announcement);
  if (!open || !announcement) return null;
  return (
    <div className="announcement on-dark" role="region" aria-label="Announcement" data-scope="banner">
      <div className="container announcement-inner">
        <p>
          <span>{announcement.content}</span>{' '}
          {announcement.link && (
            <a
              href={announcement.link}
              {...(isExternal(announcement.link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {announcement.linkText || 'Learn more'}
            </a>
          )}
        </p>
        <button
          type="button"
          className="announcement-close"
          aria-label="Dismiss announcement"
          onClick={() => actorRef.send({ type: 'DISMISS' })}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
    </div>
  );
}
