import { Link } from 'wouter';
import { NotificationItem } from './NotificationItem';
import {
  useNotificationsActor,
  useNotificationsView,
  type NotificationsActorRef,
} from './NotificationsProvider';
import { RetryButton } from '../../components/RetryButton';

export const EMPTY_NOTIFICATIONS =
  'No notifications yet. Add projects to a watchlist to hear when their ratings change.';

/** The /my/notifications list: newest first, Mark all as read, mark one, Load more, empty and error states. */
export function NotificationsView() {
  const actorRef = useNotificationsActor();
  if (!actorRef) return null;
  return <Centre actorRef={actorRef} />;
}

function Centre({ actorRef }: { actorRef: NotificationsActorRef }) {
  const view = useNotificationsView(actorRef);
  const markRead = (id: number) => actorRef.send({ type: 'MARK_READ', id });

  return (
    <section
      className="notifications-centre"
      data-scope="notifications"
      data-part="centre"
      aria-busy={view.loading || view.refreshing}
    >
      <div className="notifications-toolbar">
        <p className="muted" aria-live="polite">
          {view.unread > 0 ? `${view.unread} unread` : view.ready ? 'All caught up' : ''}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!view.canMarkAll}
          onClick={() => actorRef.send({ type: 'MARK_ALL_READ' })}
        >
          Mark all as read
        </button>
      </div>
      {view.error && (
        <div className="notification-error" role="alert">
          <span>{view.error}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => actorRef.send({ type: 'DISMISS' })}
          >
            Dismiss
          </button>
        </div>
      )}
      {view.loading ? (
        <ul className="notification-list notification-list-page" aria-label="Loading notifications">
          {[0, 1, 2].map((i) => (
            <li key={i} className="notification-item notification-skeleton" aria-hidden="true" />
          ))}
        </ul>
      ) : view.loadFailed ? (
        <div className="notifications-empty" role="alert">
          <p>Could not load your notifications.</p>
          <RetryButton onRetry={() => actorRef.send({ type: 'RETRY' })} className="btn btn-primary" />
        </div>
      ) : view.empty ? (
        <div className="notifications-empty">
          <p>{EMPTY_NOTIFICATIONS}</p>
          <Link href="/my/watchlists" className="btn btn-primary">
            Go to watchlists
          </Link>
        </div>
      ) : (
        <ul className="notification-list notification-list-page" aria-label="Notifications">
          {view.items.map((n) => (
            <NotificationItem key={n.id} notification={n} busy={view.busy} onMarkRead={markRead} />
          ))}
        </ul>
      )}
      {view.hasMore && (
        <div className="notifications-more">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={view.busy}
            onClick={() => actorRef.send({ type: 'LOAD_MORE' })}
          >
            {view.loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}
