import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectNotifications } from '../../../machines/account/notifications/notifications.connect';
import type { notificationsMachine } from '../../../machines/account/notifications/notifications.machine';
import type { NotificationsView } from '../../../machines/account/notifications/notifications.types';

export type NotificationsActorRef = ActorRefFrom<typeof notificationsMachine>;

/** The app-wide notification centre actor, a child of the app actor; it polls only while signed in. */
export { useNotificationsActor } from '../../app/hooks';

/** The notification centre's view model. */
export function useNotificationsView(actorRef: NotificationsActorRef): NotificationsView {
  return useSelector(actorRef, connectNotifications);
}
