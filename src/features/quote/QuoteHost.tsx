import { lazy } from 'react';
import { useQuoteForm } from '../../app/hooks';
import { WhileOpen } from '../../components/WhileOpen';

// The form's view is its own chunk; the app loads it with the form's machine (on intent or the first press).
const QuoteModal = lazy(() => import('./QuoteModal'));

/** Shows the request-a-quote dialog while the app's quote form (there once its code loaded) is open. */
export function QuoteHost() {
  const form = useQuoteForm();
  return form ? (
    <WhileOpen actor={form}>
      <QuoteModal actorRef={form} />
    </WhileOpen>
  ) : null;
}
