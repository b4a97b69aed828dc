import { useSelector } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * Renders a dialog's view while its actor has the `open` tag. The view is a lazy chunk: nothing shows until it is
 * there, and it loads when the dialog first opens (if its opener did not fetch it already).
 */
export function WhileOpen({ actor, children }: { actor: AnyActorRef; children: ReactNode }) {
  const open = useSelector(actor, (s) => s.hasTag('open') as boolean);
  return open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
