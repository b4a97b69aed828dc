/**
 * The button that tries a failed load again, beside its "could not load" message: "Retry" in a small secondary
 * button unless `label` and `className` say otherwise.
 */
export function RetryButton({
  onRetry,
  className = 'btn btn-secondary btn-sm',
  label = 'Retry',
}: {
  onRetry: () => void;
  className?: string;
  label?: string;
}) {
  return (
    <button type="button" className={className} onClick={onRetry}>
      {label}
    </button>
  );
}
