/**
 * Renders the guided tour while the app actor has one (it spawns the tour on home when `?tour=true` asks for it
 * or this tab saved one mid-way). The tour is a lazy chunk, so the home route's initial JS stays small, and a
 * failure inside it never takes the page down.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { AppActor } from '../../app/AppProvider';
import type { TourActorRef } from './liveTour';

const SessionTour = lazy(() => import('./SessionTour'));

export function TourLauncher() {
  const tour = AppActor.useSelector((s) => s.context.tour);
  if (!tour) return null;
  return (
    <TourBoundary>
      <Suspense fallback={null}>
        <SessionTour actorRef={tour as TourActorRef} />
      </Suspense>
    </TourBoundary>
  );
}

class TourBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The guided tour failed', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
