import { useEffect, type ReactNode } from 'react';
import { useSessionStatus } from './session';

/** The sign-in page a page that needs a session sends the browser to (spec §2). */
export const sessionRequiredUrl = (callbackUrl: string) =>
  `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackUrl)}`;

/**
 * Wraps a page that needs a session (/my/*): renders it when signed in, nothing while loading, and sends the
 * browser to the sign-in page with error SessionRequired and the callback URL when signed out. (The server
 * does the same for full page loads.)
 */
export function SessionRequired({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  useEffect(() => {
    if (status !== 'unauthenticated') return;
    const { pathname, search, hash } = window.location;
    window.location.assign(sessionRequiredUrl(`${pathname}${search}${hash}`));
  }, [status]);
  return status === 'authenticated' ? <>{children}</> : null;
}
