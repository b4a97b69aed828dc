/** The buttons beside a secret that is shown only once: copy it, then put it away ("Done"). */
export function SecretButtons({
  copyText,
  copying,
  onCopy,
  onDone,
}: {
  copyText: string;
  /** A copy under way (the button waits for it). */
  copying?: boolean;
  onCopy: () => void;
  onDone: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-secondary btn-sm" disabled={copying} onClick={onCopy}>
        {copyText}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
        Done
      </button>
    </>
  );
}
