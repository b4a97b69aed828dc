import { CHAIN_ICONS, ICON_WEIGHTS, type ChainName } from './chains';

export type ChainIconProps = {
  name: ChainName;
  /** 'fill' draws the glyph in the chain colour; 'fillWithBackground' draws it white on a coloured disc. */
  weight?: string;
  size?: number;
  /** Accessible name; without it the icon is decorative. */
  title?: string;
};

/** One icon of the blockchain icon set (spec §3). An unsupported weight logs and renders nothing. */
export function ChainIcon({ name, weight = 'fill', size = 20, title }: ChainIconProps) {
  if (!(ICON_WEIGHTS as readonly string[]).includes(weight)) {
    console.error('Unsupported icon weight.');
    return null;
  }
  const icon = CHAIN_ICONS[name];
  if (!icon) return null;
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const };
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

/** A chain name with its icon; unknown chain names show as text only. */
export function ChainTag({ chain }: { chain: string }) {
  const known = chain in CHAIN_ICONS;
  return (
    <span className="chain-tag">
      {known && <ChainIcon name={chain as ChainName} weight="fillWithBackground" size={16} />}
      {chain}
    </span>
  );
}
