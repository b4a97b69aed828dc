import type { ReactNode } from 'react';
import { useAppChild } from '../app/hooks';

/**
 * A 'Request a Quote' button: opens the app's one request-a-quote dialog. Pointer over or focus loads the dialog's
 * code ahead of the press.
 */
export function RequestQuoteButton({
  className = 'btn btn-primary',
  children = 'Request a Quote',
}: {
  className?: string;
  children?: ReactNode;
}) {
  const quote = useAppChild('quote');
  const prepare = () => quote.send({ type: 'PREPARE' });
  return (
    <button
      type="button"
      className={className}
      onPointerEnter={prepare}
      onFocus={prepare}
      onClick={() => quote.send({ type: 'OPEN' })}
    >
      {children}
    </button>
  );
}
