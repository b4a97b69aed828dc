/** A placeholder block of the final size (no layout shift when data arrives). */
export function Skeleton({ width, height = 14, round }: { width: number | string; height?: number; round?: boolean }) {
  return (
    <span
      className="skeleton"
      aria-hidden="true"
      style={{ width, height, borderRadius: round ? '50%' : undefined, verticalAlign: 'middle' }}
    />
  );
}

/** A table cell holding a placeholder, while its row loads. */
export function SkeletonCell({ className, width }: { className?: string; width: number }) {
  return (
    <td className={className}>
      <Skeleton width={width} />
    </td>
  );
}
