import { useSelector } from '@xstate/react';
import { useEndingAppChild } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import './banner.css';

const isExternal = (href: string) => /^https?:\/\//.test(href);

/** The dismissible announcement banner (spec §2, §4 'Banner'). */
export function AnnouncementBanner() {
  const actorRef = useEndingAppChild('banner');
  return actorRef ? <Shown actorRef={actorRef} /> : null;
}

function Shown({ actorRef }: { actorRef: NonNullable<ReturnType<typeof useEndingAppChild<'banner'>>> }) {
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
