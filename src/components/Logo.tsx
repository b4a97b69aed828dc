/** The brand's diagonal teal-to-blue gradient, for an SVG's <defs> (the logo's shield, the project page's score dial). */
export function BrandGradient({ id }: { id: string }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stopColor="#5eead4" />
      <stop offset="1" stopColor="#3b82f6" />
    </linearGradient>
  );
}

/** The company mark: a shield with a check, and the word mark. */
export function Logo({ compact }: { compact?: boolean }) {
  return (
    <span className="brand-logo">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <BrandGradient id="logo-g" />
        </defs>
        <path d="M16 2 4 6.8v8.6C4 22.6 9.1 28.4 16 30c6.9-1.6 12-7.4 12-14.6V6.8Z" fill="url(#logo-g)" />
        <path
          d="m10.5 16.2 3.8 3.8 7.4-8"
          fill="none"
          stroke="#06122b"
          strokeWidth="2.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && (
        <span className="brand-word">
          Sentinel <span>Ratings</span>
        </span>
      )}
    </span>
  );
}
