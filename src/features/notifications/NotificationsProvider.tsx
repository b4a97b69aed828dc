import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  connectNotifications,
  type NotificationsView,
} from '../../../machines/notifications/notifications.connect';
import { notificationsMachine } from '../../../machines/notifications/notifications.machine';
import { inspect } from '../../lib/inspect';
import { useSignedIn } from '../session/session';
import { notificationsActors } from './actors';

export type NotificationsActorRef = ActorRefFrom<typeof notificationsMachine>;

const NotificationsActorContext = createContext<NotificationsActorRef | null>(null);

export type NotificationsProviderProps = {
  children: ReactNode;
  /** true signed in, false signed out, null while the session loads. */
  signedIn: boolean | null;
  /** Replaces the machine with its real calls (tests). */
  logic?: typeof notificationsMachine;
  /** Unread-count polling interval in ms (tests shorten it). */
  pollInterval?: number;
};

/** The app-wide notification centre actor (issue 13), fed by the session: it polls only while signed in. */
export function NotificationsProvider({ children, signedIn, logic, pollInterval }: NotificationsProviderProps) {
  const actorRef = useActorRef(logic ?? notificationsMachine.provide({ actors: notificationsActors }), {
    input: { pollInterval },
    inspect,
  });
  useEffect(() => {
    if (signedIn === true) actorRef.send({ type: 'SIGNED_IN' });
    else if (signedIn === false) actorRef.send({ type: 'SIGNED_OUT' });
  }, [signedIn, actorRef]);
  return <NotificationsActorContext.Provider value={actorRef}>{children}</NotificationsActorContext.Provider>;
}

/** The notification centre wired to the session; render it inside SessionProvider. */
export function AppNotificationsProvider({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  return <NotificationsProvider signedIn={signedIn}>{children}</NotificationsProvider>;
}

/** The notifications actor, or null outside a provider (the bell then renders nothing). */
export const useNotificationsActor = () => useContext(NotificationsActorContext);

/** The notification centre's view model. */
export function useNotificationsView(actorRef: NotificationsActorRef): NotificationsView {
  const snapshot = useSelector(actorRef, (s) => s);
  return connectNotifications(snapshot);
}
