/** The Retry button beside a "could not load" message; a small secondary button unless `className` says otherwise. */
export function RetryButton({
  onRetry,
  className = 'btn btn-secondary btn-sm',
}: {
  onRetry: () => void;
  className?: string;
}) {
  return (
    <button type="button" className={className} onClick={onRetry}>
      Retry
    </button>
  );
}
