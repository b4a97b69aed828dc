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
