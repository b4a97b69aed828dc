/**
 * The tour layer for the app's tour actor: 'Create an account' opens the auth modal on wide layouts or follows
 * /auth/signup on narrow ones. Loaded lazily by TourLauncher once the app actor has spawned the tour.
 */
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useOpenAuthModal } from '../../app/hooks';
import type { TourActorRef } from './liveTour';
import Tour from './Tour';

/** Wide layouts open the auth modal; narrow ones use the plain /auth/signup link (spec §2 routes). */
const WIDE_LAYOUT = '(min-width: 992px)';

export default function SessionTour({ actorRef }: { actorRef: TourActorRef }) {
  const openAuthModal = useOpenAuthModal();
  const [, navigate] = useLocation();
  const onSignUp = useCallback(() => {
    if (window.matchMedia(WIDE_LAYOUT).matches) openAuthModal('signup');
    else navigate('/auth/signup');
  }, [openAuthModal, navigate]);
  return <Tour actorRef={actorRef} onSignUp={onSignUp} />;
}
