import type { Tier } from '../../api/projects';
import './badges.css';

const TONE: Record<Tier, string> = {
  AAA: 'excellent',
  AA: 'excellent',
  A: 'good',
  BBB: 'good',
  BB: 'fair',
  B: 'fair',
  CCC: 'poor',
};

/** Rating tier pill (AAA … CCC), coloured by band. */
export function TierBadge({ tier }: { tier: Tier }) {
  return (
    <span className={`tier tier-${TONE[tier]}`} title={`Tier ${tier}`}>
      {tier}
    </span>
  );
}

/** Security score (0–100, one decimal) with its tier. */
export function ScoreBadge({ score, tier }: { score: number; tier: Tier }) {
  return (
    <span className="score">
      <span className="score-value">{score.toFixed(1)}</span>
      <TierBadge tier={tier} />
    </span>
  );
}

const AUDIT_LABEL = { audited: 'Audited', in_progress: 'In progress', none: 'Not audited' } as const;

/** `applicable: false`: a native coin with no contract, which no audit applies to (never "Audited"). */
export function AuditBadge({
  status,
  applicable,
}: {
  status: keyof typeof AUDIT_LABEL;
  applicable?: boolean;
}) {
  if (applicable === false) return <span className="badge">Audit not applicable</span>;
  const tone = status === 'audited' ? 'badge-success' : status === 'in_progress' ? 'badge-brand' : '';
  return <span className={`badge ${tone}`}>{AUDIT_LABEL[status]}</span>;
}

export function KycBadge({ kyc }: { kyc: boolean }) {
  return kyc ? (
    <span className="badge badge-success" title="Team identity verified (KYC)">
      KYC
    </span>
  ) : (
    <span className="badge" title="Team identity not verified">
      No KYC
    </span>
  );
}

/** A score out of 100 as a bar (hidden from screen readers) and its figure. */
export function ScoreBar({
  score,
  digits,
  valueClassName,
}: {
  score: number;
  digits: number;
  valueClassName: string;
}) {
  return (
    <>
      <span className="bar" aria-hidden="true">
        <span style={{ width: `${score}%` }} />
      </span>
      <span className={valueClassName}>{score.toFixed(digits)}</span>
    </>
  );
}
