/**
 * A row's small "Remove" button. The word is the same on every row, so `what` completes its accessible name
 * ("Remove Uniswap", "Remove wallet 0x…").
 */
export function RemoveButton({
  what,
  disabled,
  onRemove,
}: {
  what: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={disabled}
      aria-label={`Remove ${what}`}
      onClick={onRemove}
    >
      Remove
    </button>
  );
}
