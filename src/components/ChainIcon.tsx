import { CHAIN_ICONS, ICON_WEIGHTS, chainInitials, type ChainName } from './chains';

export type ChainIconProps = {
  /** A chain of the spec's icon set draws its glyph; any other chain name draws a neutral badge with its initials. */
  name: ChainName | (string & {});
  /** 'fill' draws the glyph in the chain colour; 'fillWithBackground' draws it white on a coloured disc. */
  weight?: string;
  size?: number;
  /** Accessible name; without it the icon is decorative. */
  title?: string;
};

/** Neutral colour of the generated badges (never a chain's brand colour, so no chain passes for another). */
const BADGE = '#5b6270';

/**
 * One icon of the blockchain icon set (spec §3). An unsupported weight logs and renders nothing. A chain outside the
 * set (e.g. Arbitrum, Bitcoin) gets a generated badge: its initials in a circle, outlined ('fill') or on a disc.
 */
export function ChainIcon({ name, weight = 'fill', size = 20, title }: ChainIconProps) {
  if (!(ICON_WEIGHTS as readonly string[]).includes(weight)) {
    console.error('Unsupported icon weight.');
    return null;
  }
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const };
  const icon = Object.hasOwn(CHAIN_ICONS, name) ? CHAIN_ICONS[name as ChainName] : undefined;
  if (!icon) {
    if (!name) return null;
    const disc = weight === 'fillWithBackground';
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" focusable="false" {...a11y} data-chain={name}>
        <circle
          cx="12"
          cy="12"
          r={disc ? 12 : 10.75}
          fill={disc ? BADGE : 'none'}
          stroke={BADGE}
          strokeWidth={disc ? 0 : 2.5}
        />
        <text x="12" y="15.5" textAnchor="middle" fontSize="10" fontWeight="700" fill={disc ? '#fff' : BADGE}>
          {chainInitials(name)}
        </text>
      </svg>
    );
  }
  if (weight === 'fill') {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" focusable="false" {...a11y} data-chain={name}>
        <path d={icon.path} fill={icon.color} fillRule="evenodd" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" focusable="false" {...a11y} data-chain={name}>
      <circle cx="12" cy="12" r="12" fill={icon.color} />
      <path d={icon.path} fill="#fff" fillRule="evenodd" transform="translate(4.2 4.2) scale(0.65)" />
    </svg>
  );
}

/** A chain name with its icon (the set's glyph, or the generated badge for other chains). */
export function ChainTag({ chain }: { chain: string }) {
  return (
    <span className="chain-tag">
      <ChainIcon name={chain} weight="fillWithBackground" size={16} />
      {chain}
    </span>
  );
}
