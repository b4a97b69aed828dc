import { useSelector } from '@xstate/react';
import { connectBanner } from '../../../machines/ui/banner/banner.connect';
import { useEndingAppChild } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import './banner.css';

/** The dismissible announcement banner (spec §2, §4 'Banner'). */
export function AnnouncementBanner() {
  const actorRef = useEndingAppChild('banner');
  return actorRef ? <Shown actorRef={actorRef} /> : null;
}

function Shown({ actorRef }: { actorRef: NonNullable<ReturnType<typeof useEndingAppChild<'banner'>>> }) {
  const view = connectBanner(
    useSelector(actorRef, (s) => s),
    actorRef.send,
  );
  const { announcement } = view;
  if (!view.open || !announcement) return null;
  return (
    <div className="announcement on-dark" {...view.getRootProps()}>
      <div className="container announcement-inner">
        <p>
          <span>{announcement.content}</span>{' '}
          {announcement.link && <a {...view.getLinkProps()}>{view.linkText}</a>}
        </p>
        <button className="announcement-close" {...view.getDismissButtonProps()}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </div>
  );
}
