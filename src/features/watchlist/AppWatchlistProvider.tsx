import type { ReactNode } from 'react';
import { useOpenAuthModal } from '../auth/authModal';
import { useSignedIn } from '../session/session';
import { WatchlistProvider } from './WatchlistProvider';

/** The watchlist actor wired to the session and the auth modal; render it inside SessionProvider. */
export function AppWatchlistProvider({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const openAuth = useOpenAuthModal();
  return (
    <WatchlistProvider signedIn={signedIn} onLoginRequired={() => openAuth('login')}>
      {children}
    </WatchlistProvider>
  );
}
