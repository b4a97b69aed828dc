import { useActor } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { connectCopy } from '../../machines/ui/copy/copy.connect';
import { copyMachine } from '../../machines/ui/copy/copy.machine';
import { connectTooltip } from '../../machines/ui/tooltip/tooltip.connect';
import { tooltipMachine } from '../../machines/ui/tooltip/tooltip.machine';
import { explorerUrl, type ConfiguredExplorers, type ExplorerTarget } from '../lib/explorer';
import { floatingPlacement } from '../lib/floatingPlacement';
import { shortAddress } from '../../api/format';
import { inspect } from '../lib/inspect';
import { Icon } from './Icon';
import './address.css';

/** Copies through the browser's clipboard. */
const liveCopy = copyMachine.provide({
  actors: {
    write: fromPromise(({ input }: { input: { text: string } }) => navigator.clipboard.writeText(input.text)),
  },
});
export type CopyLogic = typeof liveCopy;

/** The hint shows a little sooner than the tour's 0.4 s: reading an address is the point of hovering it. */
const HOVER_DELAY = 250;
/** Space kept between the hint and the viewport's edges, and below the value. */
const EDGE = 8;
const GAP = 6;

const NOUN: Record<ExplorerTarget, string> = { address: 'address', tx: 'transaction' };

export type AddressProps = {
  /** The full address or transaction hash, as the API sends it (EIP-55 on EVM chains). */
  value: string;
  /** The chain's name as the API sends it (api/projects.ts CHAINS), and its id when the server reads that chain. */
  chain: string;
  chainId?: number | null;
  /** An account or contract (default), or a transaction hash. */
  kind?: ExplorerTarget;
  /** What the value is, for the buttons' names ("Copy the address of USDX"); the value's own words otherwise. */
  name?: string;
  /** The configured chains' own explorers (GET /api/chains), by chain id. */
  explorers?: ConfiguredExplorers;
  /** Generated (demo) values get no explorer link: there is nothing of theirs to see there. */
  demo?: boolean;
  /** The clipboard machine (tests provide a stub). */
  copyLogic?: CopyLogic;
};

/**
 * An address or transaction hash: shortened (0x1234…abcd) with the full value in a hint on hover and keyboard
 * focus and, for screen readers, in the text itself; a copy button whose outcome a live region announces; and a
 * link to the chain's block explorer when there is one.
 */
export function Address({
  value,
  chain,
  chainId,
  kind = 'address',
  name,
  explorers,
  demo = false,
  copyLogic = liveCopy,
}: AddressProps) {
  const tipId = useId();
  const valueRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  // The hint's placement is the machine's `place` actor: under the value, kept inside the viewport (the hint is
  // `position: fixed`, so a scrolling table does not clip it); a hint opened by focus shows once placed.
  const tipLogic = useMemo(
    () =>
      tooltipMachine.provide({
        actors: {
          place: floatingPlacement(
            { reference: () => valueRef.current, floating: () => tipRef.current },
            { placement: 'bottom-start', gap: GAP, edge: EDGE, strategy: 'fixed' },
          ),
        },
      }),
    [],
  );
  // The value is the hint's target and is there as long as the hint: attached from the start.
  const [tip, sendTip] = useActor(tipLogic, { input: { hoverDelay: HOVER_DELAY, attached: true }, inspect });
  const [copy, sendCopy] = useActor(copyLogic, { inspect });
  const copied = connectCopy(copy);
  const hint = connectTooltip(tip, sendTip, { content: tipId });

  const noun = NOUN[kind];
  const what = name ? `the ${noun} of ${name}` : `${noun} ${shortAddress(value)}`;
  const href = demo ? null : explorerUrl({ chain, chainId }, kind, value, explorers);
  return (
    <span className="address" data-scope="address">
      <span
        ref={valueRef}
        className="address-value mono"
        data-part="value"
        tabIndex={0}
        {...hint.getTriggerProps()}
      >
        <span aria-hidden="true">{shortAddress(value)}</span>
        <span className="visually-hidden">{value}</span>
      </span>
      {hint.mounted && (
        <span
          ref={tipRef}
          {...hint.getContentProps()}
          className={`address-tip mono${hint.visible ? ' is-visible' : ''}`}
          data-part="tooltip"
        >
          {value}
        </span>
      )}
      <button
        type="button"
        className="address-button"
        data-part="copy"
        aria-label={`Copy ${what}`}
        aria-busy={copied.busy || undefined}
        onClick={() => sendCopy({ type: 'COPY', text: value })}
      >
        {copied.copied ? <Icon name="check" size={16} /> : <Icon name="copy" size={16} />}
      </button>
      {href && (
        <a
          className="address-button"
          data-part="explorer"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View ${what} on a block explorer (opens in a new tab)`}
        >
          <Icon name="external" size={16} />
        </a>
      )}
      <span className="visually-hidden" aria-live="polite" aria-atomic="true" data-part="status">
        {copied.message}
      </span>
    </span>
  );
}
