import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useAppChild } from '../../app/hooks';

// The form is its own chunk, loaded when a 'Request a Quote' button opens it.
const QuoteModal = lazy(() => import('./QuoteModal'));

/** Shows the request-a-quote dialog while the app's `quote` actor is open. */
export function QuoteHost() {
  const open = useSelector(useAppChild('quote'), (s) => s.hasTag('open'));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuoteModal />
    </Suspense>
  );
}
