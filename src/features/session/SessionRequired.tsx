import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** The sign-in page a page that needs a session sends the browser to (spec §2). */
export const sessionRequiredUrl = (callbackUrl: string) =>
  `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackUrl)}`;

/** Pages that need a session: everything under /my. */
export const requiresSession = (path: string) => path === '/my' || path.startsWith('/my/');

const goTo = (url: string) => window.location.replace(url);

/**
 * Sends the browser to the sign-in page with error SessionRequired and the callback URL whenever a page under
 * /my/* is shown without a session: after signing out there, after the session expired, or on a client-side
 * navigation. (The server does the same for full page loads.) Mounted once by SessionProvider.
 */
export function SessionRequiredGuard({
  signedOut,
  redirect = goTo,
}: {
  /** Signed out, and no session fetch in flight (one follows every sign-in). */
  signedOut: boolean;
  redirect?: (url: string) => void;
}) {
  const [path] = useLocation();
  useEffect(() => {
    if (!signedOut || !requiresSession(path)) return;
    const { search, hash } = window.location;
    redirect(sessionRequiredUrl(`${path}${search}${hash}`));
  }, [signedOut, path, redirect]);
  return null;
}
