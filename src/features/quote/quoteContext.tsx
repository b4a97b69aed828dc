import { lazy, Suspense, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { quoteFormMachine } from '../../../machines/quote-form/quoteForm.machine';
import { submitQuote } from './submitQuote';
import { inspect } from '../../lib/inspect';

const QuoteModal = lazy(() => import('./QuoteModal'));

/** The request-a-quote dialog is one app-wide actor: any 'Request a Quote' button opens it. */
export const QuoteContext = createActorContext(
  quoteFormMachine.provide({
    actors: { submit: fromPromise(({ input }) => submitQuote(input as never)) },
  }),
);

function QuoteModalMount() {
  const open = QuoteContext.useSelector((s) => s.hasTag('open'));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuoteModal />
    </Suspense>
  );
}

export function QuoteProvider({ children }: { children: ReactNode }) {
  return (
    <QuoteContext.Provider options={{ inspect }}>
      {children}
      <QuoteModalMount />
    </QuoteContext.Provider>
  );
}

/** A 'Request a Quote' button. */
export function RequestQuoteButton({ className = 'btn btn-primary', children = 'Request a Quote' }: { className?: string; children?: ReactNode }) {
  const actorRef = QuoteContext.useActorRef();
  return (
    <button type="button" className={className} onClick={() => actorRef.send({ type: 'OPEN' })}>
      {children}
    </button>
  );
}
