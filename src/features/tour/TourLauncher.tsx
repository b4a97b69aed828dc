/**
 * Renders the guided tour only when it is wanted: `?tour=true` in the address or a tour saved mid-way
 * (a reload resumes it). The tour itself is a lazy chunk, so the home route's initial JS stays small, and
 * a failure inside it never takes the page down.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { loadSavedTour, tourRequested } from '../../../machines/tour/tour.dom';

const SessionTour = lazy(() => import('./SessionTour'));

export function TourLauncher() {
  const search = useSearch();
  const wanted = tourRequested(`?${search}`) || loadSavedTour() !== null;
  if (!wanted) return null;
  return (
    <TourBoundary>
      <Suspense fallback={null}>
        <SessionTour />
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
