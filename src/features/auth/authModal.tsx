import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import type { AnyActorLogic } from 'xstate';

/** The views the auth modal can open on. */
export type OpenView = 'login' | 'signup' | 'forgot-password' | 'verify-email';
export type OpenAuthModal = (view?: OpenView, email?: string) => void;

/** What the lazily loaded host registers: how to open the modal. */
export type AuthModalHostApi = { open: (view: OpenView, email?: string) => void };

type Registry = {
  open: OpenAuthModal;
  register: (api: AuthModalHostApi | null) => void;
};

const AuthModalRegistry = createContext<Registry | null>(null);

// The auth-modal actor, its machine and the dialog load in a separate chunk, right after the first render, so
// they cost nothing on the home route's initial JS. An open requested before they arrive is replayed.
const AuthModalHost = lazy(() => import('./AuthModalHost'));

/**
 * Provides `useOpenAuthModal` to the app (wide screens: the header's Log in / Sign up, watchlist actions when
 * signed out, the tour's sign-up card) and hosts the one app-wide auth-modal actor.
 */
export function AuthModalProvider({
  children,
  onSignedIn,
  logic,
}: {
  children: ReactNode;
  onSignedIn: () => void;
  logic?: AnyActorLogic;
}) {
  const host = useRef<AuthModalHostApi | null>(null);
  const pending = useRef<{ view: OpenView; email?: string } | null>(null);
  const open = useCallback<OpenAuthModal>((view = 'login', email) => {
    if (host.current) host.current.open(view, email);
    else pending.current = { view, email };
  }, []);
  const register = useCallback((api: AuthModalHostApi | null) => {
    host.current = api;
    const request = pending.current;
    if (api && request) {
      pending.current = null;
      api.open(request.view, request.email);
    }
  }, []);
  const registry = useMemo(() => ({ open, register }), [open, register]);
  return (
    <AuthModalRegistry.Provider value={registry}>
      {children}
      <Suspense fallback={null}>
        <AuthModalHost register={register} onSignedIn={onSignedIn} logic={logic} />
      </Suspense>
    </AuthModalRegistry.Provider>
  );
}

/** Opens the auth modal on a view ('login' by default), e.g. from a watchlist action when signed out. */
export function useOpenAuthModal(): OpenAuthModal {
  const registry = useContext(AuthModalRegistry);
  if (!registry) throw new Error('useOpenAuthModal must be used inside SessionProvider');
  return registry.open;
}
