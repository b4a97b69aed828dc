import type { Portfolio, RiskLevel } from '../../../api/portfolio';
import type { Tags } from '../../core/tags';
import type { connectPortfolio } from './portfolio.connect';

export type PickedProject = { id: string; name: string };

export type PortfolioContext = {
  data: Portfolio | null;
  project: PickedProject | null;
  amount: string;
  /** The holding being removed. */
  removing: string | null;
  notice: string | null;
  error: string | null;
};

export type PortfolioEvent =
  | { type: 'RETRY' }
  | { type: 'PICK_PROJECT'; project: PickedProject }
  | { type: 'EDIT_AMOUNT'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'REMOVE'; projectId: string }
  | { type: 'IMPORT' };

/** `loading` the portfolio loads; `error` it could not; `busy` a write (save, remove, import) is on the way. */
export type PortfolioTag = Tags<'loading' | 'error' | 'busy'>;

/**
 * What the view needs besides the machine: how the site writes whole dollars and names a risk level (src/lib and
 * the portfolio feature own them; machines/ cannot import them).
 */
export type PortfolioViewOptions = {
  formatUsd: (amountUsd: number) => string;
  riskLabel: Record<RiskLevel, string>;
};
/** What PortfolioSections renders (portfolio.connect). */
export type PortfolioView = ReturnType<typeof connectPortfolio>;
