import type { ProjectDetail } from '../../../api/projects';
import { formatDate } from '../../../api/format';
import { DemoNote } from './MonitoringPanels';

const TIER_LABEL = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' } as const;

/** Today as YYYY-MM-DD (UTC), to tell whether a review is due. */
const today = () => new Date().toISOString().slice(0, 10);

/** KYC details: tier, day verified, next review (or "Review due" once past), what was verified. */
export function KycPanel({ project }: { project: ProjectDetail }) {
  const k = project.kycDetails;
  return (
    <section className="card panel" aria-labelledby="kyc-title" data-scope="kyc">
      <div className="panel-head">
        <h2 id="kyc-title">KYC verification</h2>
        {k?.demo && <DemoNote />}
      </div>
      {!k ? (
        <p className="muted">The team has not verified its identity with us.</p>
      ) : (
        <>
          <p>
            <span className={`kyc-tier kyc-tier-${k.tier}`} data-part="tier">
              {TIER_LABEL[k.tier]}
            </span>
          </p>
          <dl className="kyc-facts">
            <dt>Verified</dt>
            <dd>{formatDate(k.verifiedOn)}</dd>
            <dt>Next review</dt>
            <dd>
              {formatDate(k.nextReviewOn)}
              {k.nextReviewOn < today() && <span className="badge badge-warning kyc-due">Review due</span>}
            </dd>
          </dl>
          <h3 className="kyc-scope-title">What was verified</h3>
          <ul className="kyc-scope">
            {k.scope.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
