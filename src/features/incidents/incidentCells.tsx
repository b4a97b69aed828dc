import { formatUsd } from '../../../api/format';

/** Where an incident is documented: its public source, or what it is when there is none. */
export function SourceCell({ i }: { i: { sourceUrl: string | null; source: string } }) {
  if (i.sourceUrl) {
    let host = i.sourceUrl;
    try {
      host = new URL(i.sourceUrl).hostname;
    } catch {
      // not a URL: shown as given
    }
    return (
      <a href={i.sourceUrl} target="_blank" rel="noopener noreferrer">
        {host}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <span className="incidents-note">{i.source === 'demo' ? 'Demo data' : 'Staff review'}</span>;
}

export const lossText = (v: number | null) => (v == null ? '—' : formatUsd(v));
