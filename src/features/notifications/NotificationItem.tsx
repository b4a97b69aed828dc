import { Link } from 'wouter';
import type { Notification } from '../../../api/notifications';
import { relativeTime } from '../../../machines/account/notifications/notifications.connect';
import { ProjectLogo } from '../../components/ProjectLogo';

export type NotificationItemProps = {
  notification: Notification;
  /** The bell's popover: no body, no button (a click on the project marks it read). */
  compact?: boolean;
  /** Disables the Mark as read button while a write is in flight. */
  busy?: boolean;
  onMarkRead: (id: number) => void;
  /** Called after the project link is followed (the popover closes). */
  onFollow?: () => void;
};

/** One notification: project logo and name (a link to the project), title, body, relative time. */
export function NotificationItem({ notification: n, compact, busy, onMarkRead, onFollow }: NotificationItemProps) {
  const follow = () => {
    if (!n.read) onMarkRead(n.id);
    onFollow?.();
  };
  return (
    <li
      className="notification-item"
      data-scope="notifications"
      data-part="item"
      data-unread={n.read ? undefined : ''}
      data-compact={compact ? '' : undefined}
    >
      <ProjectLogo src={n.projectLogo} size={compact ? 28 : 36} className="notification-logo" />
      <div className="notification-main">
        <p className="notification-head">
          <Link href={`/projects/${n.projectId}`} className="notification-project" onClick={follow}>
            {n.projectName}
          </Link>
          <time className="notification-time" dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString('en')}>
            {relativeTime(n.createdAt)}
          </time>
        </p>
        <p className="notification-title">
          {!n.read && <span className="visually-hidden">Unread: </span>}
          {n.title}
        </p>
        {!compact && n.body && <p className="notification-body">{n.body}</p>}
      </div>
      {!compact && !n.read && (
        <button
          type="button"
          className="btn btn-secondary btn-sm notification-mark"
          disabled={busy}
          aria-label={`Mark as read: ${n.projectName}, ${n.title}`}
          onClick={() => onMarkRead(n.id)}
        >
          Mark as read
        </button>
      )}
      {!n.read && <span className="notification-dot" aria-hidden="true" />}
    </li>
  );
}
