import type { LeaderboardView } from '../../../machines/projects/leaderboard/leaderboard.types';
import { SelectField } from '../../components/SelectField';

/** The advanced filter form (chain, score range, tier, audit status, KYC); applied as a whole. */
export function FiltersPanel({ view }: { view: LeaderboardView }) {
  return (
    <form {...view.getFilterFormProps()}>
      <div className="filters-grid">
        {view.filterSelects.map((key) => (
          <SelectField key={key} {...view.getFilterSelectProps(key)} />
        ))}
        <fieldset className="field score-range">
          <legend>{view.scoreLegend}</legend>
          <div className="range-inputs">
            <label htmlFor="filter-min" className="visually-hidden">
              {view.scoreLabel('minScore')}
            </label>
            <input {...view.getScoreInputProps('minScore')} />
            <span aria-hidden="true">–</span>
            <label htmlFor="filter-max" className="visually-hidden">
              {view.scoreLabel('maxScore')}
            </label>
            <input {...view.getScoreInputProps('maxScore')} />
          </div>
          <p {...view.getScoreHintProps()}>{view.scoreHint}</p>
        </fieldset>
      </div>
      <label className="check-option kyc-check">
        <input {...view.getKycCheckboxProps()} />
        <span>{view.kycText}</span>
      </label>
      <div className="filters-actions">
        <button {...view.getResetButtonProps()}>{view.resetText}</button>
        <button {...view.getApplyButtonProps()}>{view.applyText}</button>
      </div>
    </form>
  );
}
