import type { ReactNode } from 'react';
import { useAppChild } from '../app/hooks';

/** A 'Request a Quote' button: opens the app's one request-a-quote dialog (the app actor's `quote` child). */
export function RequestQuoteButton({
  className = 'btn btn-primary',
  children = 'Request a Quote',
}: {
  className?: string;
  children?: ReactNode;
}) {
  const quote = useAppChild('quote');
  return (
    <button type="button" className={className} onClick={() => quote.send({ type: 'OPEN' })}>
      {children}
    </button>
  );
}
