import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import { connectNavDropdown } from '../../../machines/ui/nav-dropdown/navDropdown.connect';
import { dismissOnOutside } from '../../../machines/ui/nav-dropdown/navDropdown.dom';
import { navDropdownMachine } from '../../../machines/ui/nav-dropdown/navDropdown.machine';
import { NotificationItem } from './NotificationItem';
import {
  useNotificationsActor,
  useNotificationsView,
  type NotificationsActorRef,
} from './NotificationsProvider';
import { inspect } from '../../lib/inspect';
import { Icon } from '../../components/Icon';
import { RetryButton } from '../../components/RetryButton';

/** The header's bell: unread badge, and a popover with the latest five and "View all". */
export function NotificationBell({ className }: { className?: string }) {
  const actorRef = useNotificationsActor();
  if (!actorRef) return null;
  return <Bell actorRef={actorRef} className={className} />;
}

function Bell({ actorRef, className }: { actorRef: NotificationsActorRef; className?: string }) {
  const view = useNotificationsView(actorRef);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const logic = useMemo(
    () =>
      navDropdownMachine.provide({
        actors: { dismissWatcher: dismissOnOutside(root, '.notification-bell') },
      }),
    [],
  );
  const popover = useActorRef(logic, { inspect });
  const menu = connectNavDropdown(
    useSelector(popover, (s) => s),
    popover.send,
    { panel: panelId },
  );
  if (!view.signedIn) return null;
  const trigger = menu.getTriggerProps();
  const close = menu.getLinkProps().onClick;
  const markRead = (id: number) => actorRef.send({ type: 'MARK_READ', id });

  return (
    <div
      ref={root}
      className={['notification-menu', className].filter(Boolean).join(' ')}
      data-scope="notifications"
      data-part="bell-root"
      {...menu.getRootProps()}
    >
      <button
        type="button"
        className="notification-bell"
        aria-label={view.bellLabel}
        aria-expanded={trigger['aria-expanded']}
        aria-controls={trigger['aria-controls']}
        data-part="bell"
        onClick={() => {
          // Opening it loads the latest notifications.
          if (!menu.open) actorRef.send({ type: 'LOAD' });
          trigger.onClick();
        }}
      >
        <Icon name="bell" size={22} strokeWidth={1.8} />
        {view.showBadge && (
          <span className="notification-badge" data-part="badge" aria-hidden="true">
            {view.badge}
          </span>
        )}
      </button>
      <div
        className="popover-panel notification-popover"
        role="region"
        aria-labelledby={headingId}
        data-part="popover"
        {...menu.getPanelProps()}
      >
        <div className="notification-popover-head">
          <h2 id={headingId}>Notifications</h2>
          {view.canMarkAll && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => actorRef.send({ type: 'MARK_ALL_READ' })}
            >
              Mark all as read
            </button>
          )}
        </div>
        {view.loading ? (
          <p className="notification-state muted" aria-busy="true">
            Loading…
          </p>
        ) : view.loadFailed ? (
          <p className="notification-state" role="alert">
            Could not load your notifications.{' '}
            <RetryButton onRetry={() => actorRef.send({ type: 'RETRY' })} />
          </p>
        ) : view.empty ? (
          <p className="notification-state muted">No notifications yet.</p>
        ) : (
          <ul className="notification-list" aria-label="Latest notifications">
            {view.preview.map((n) => (
              <NotificationItem key={n.id} notification={n} compact onMarkRead={markRead} onFollow={close} />
            ))}
          </ul>
        )}
        {view.error && (
          <p className="notification-error" role="alert">
            {view.error}
          </p>
        )}
        <Link href="/my/notifications" className="notification-view-all" onClick={close}>
          View all
        </Link>
      </div>
    </div>
  );
}
