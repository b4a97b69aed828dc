import { CHAINS, TIERS } from '../../../api/projects';
import {
  SCORE_RANGE_HINT,
  scoreRangeImpossible,
  type LeaderboardEvent,
  type LeaderboardFilters,
} from '../../../machines/projects/leaderboard/leaderboard.machine';
import { SelectField } from '../../components/SelectField';

const AUDIT_OPTIONS = [
  { value: 'audited', label: 'Audited' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'none', label: 'Not audited' },
];

/** The advanced filter form (chain, score range, tier, audit status, KYC); applied as a whole. */
export function FiltersPanel({ draft, send }: { draft: LeaderboardFilters; send: (e: LeaderboardEvent) => void }) {
  const edit = (key: keyof LeaderboardFilters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    send({ type: 'EDIT_FILTER', key, value: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value });
  const choose = (key: keyof LeaderboardFilters) => (value: string) => send({ type: 'EDIT_FILTER', key, value });
  // The machine does not apply such a range; the hint says why, and is read out as it appears.
  const impossible = scoreRangeImpossible(draft);
  const rangeProps = impossible ? { 'aria-invalid': true, 'aria-describedby': 'filter-score-hint' } : {};
  return (
    <form
      id="leaderboard-filters"
      className="filters-panel card"
      aria-label="Leaderboard filters"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'APPLY_FILTERS' });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') send({ type: 'CLOSE_FILTERS' });
      }}
    >
      <div className="filters-grid">
        <SelectField id="filter-chain" label="Chain" any="All chains" options={CHAINS} value={draft.chain} onChange={choose('chain')} />
        <SelectField id="filter-tier" label="Tier" any="All tiers" options={TIERS} value={draft.tier} onChange={choose('tier')} />
        <SelectField id="filter-audit" label="Audit status" any="Any" options={AUDIT_OPTIONS} value={draft.audit} onChange={choose('audit')} />
        <fieldset className="field score-range">
          <legend>Security score</legend>
          <div className="range-inputs">
            <label htmlFor="filter-min" className="visually-hidden">
              Minimum score
            </label>
            <input id="filter-min" type="number" min={0} max={100} placeholder="Min" value={draft.minScore} onChange={edit('minScore')} {...rangeProps} />
            <span aria-hidden="true">–</span>
            <label htmlFor="filter-max" className="visually-hidden">
              Maximum score
            </label>
            <input id="filter-max" type="number" min={0} max={100} placeholder="Max" value={draft.maxScore} onChange={edit('maxScore')} {...rangeProps} />
          </div>
          <p id="filter-score-hint" className="field-error" aria-live="polite">
            {impossible ? SCORE_RANGE_HINT : ''}
          </p>
        </fieldset>
      </div>
      <label className="check-option kyc-check">
        <input type="checkbox" checked={draft.kyc} onChange={edit('kyc')} />
        <span>KYC-verified teams only</span>
      </label>
      <div className="filters-actions">
        <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'RESET_FILTERS' })}>
          Reset
        </button>
        <button type="submit" className="btn btn-primary">
          Apply filters
        </button>
      </div>
    </form>
  );
}
