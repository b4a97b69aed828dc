/**
 * The tour wired to the app: the session (useSignedIn) is its input — a sign-in or sign-out mid-tour stops
 * it — and 'Create an account' opens the auth modal on wide layouts or follows /auth/signup on narrow ones.
 * Loaded lazily by TourLauncher; render inside SessionProvider.
 */
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useOpenAuthModal } from '../auth/authModal';
import { useSignedIn } from '../session/session';
import Tour from './Tour';

/** Wide layouts open the auth modal; narrow ones use the plain /auth/signup link (spec §2 routes). */
const WIDE_LAYOUT = '(min-width: 992px)';

export default function SessionTour() {
  const signedIn = useSignedIn();
  const openAuthModal = useOpenAuthModal();
  const [, navigate] = useLocation();
  const onSignUp = useCallback(() => {
    if (window.matchMedia(WIDE_LAYOUT).matches) openAuthModal('signup');
    else navigate('/auth/signup');
  }, [openAuthModal, navigate]);
  return <Tour signedIn={signedIn} onSignUp={onSignUp} />;
}
