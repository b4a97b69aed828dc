import { lazy, Suspense } from 'react';
import { AppActor } from '../../app/AppProvider';
import { useSessionUser } from '../../app/hooks';
import type { ImpersonationActorRef } from './liveImpersonation';

const ImpersonationLayer = lazy(() => import('./ImpersonationLayer'));

/**
 * The impersonation UI, once the app actor has its `impersonation` child: it loads it only where it can matter, for
 * users with the impersonationTool flag and while the session carries an adminId. Everyone else downloads none of it.
 */
export function ImpersonationRoot() {
  const tool = AppActor.useSelector((s) => s.context.impersonation);
  const user = useSessionUser();
  if (!tool) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationLayer
        actorRef={tool as ImpersonationActorRef}
        adminId={user?.adminId ?? null}
        subject={user?.email ?? ''}
      />
    </Suspense>
  );
}
