import { lazy, Suspense } from 'react';
import { useFlag } from '../../app/hooks';
import { useSessionUser } from '../../app/hooks';

const ImpersonationLayer = lazy(() => import('./ImpersonationLayer'));

/**
 * Mounts the impersonation UI only where it can matter: the Impersonation Tool for users with the
 * impersonationTool flag, the impersonation banner while the session carries an adminId. Everyone else
 * downloads none of it. (Place inside SessionProvider and FlagsProvider.)
 */
export function ImpersonationRoot() {
  const toolEnabled = useFlag('impersonationTool');
  const user = useSessionUser();
  const adminId = user?.adminId ?? null;
  if (!toolEnabled && !adminId) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationLayer toolEnabled={toolEnabled} adminId={adminId} subject={user?.email ?? ''} />
    </Suspense>
  );
}
