/**
 * The portfolio page's view model: a snapshot, a send function and the site's formatters in; what
 * PortfolioSections shows (loading, the load's failure, the holding form, the outcome of the last write, the
 * exposure with its charts and the holdings riskiest first) and prop getters for the form, its controls and each
 * row's Remove out. Read from tags and context, never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { Holding } from '../../../api/portfolio';
import type { portfolioMachine } from './portfolio.machine';
import type { PickedProject, PortfolioEvent, PortfolioViewOptions } from './portfolio.types';

type ChangeEvent = { target: { value: string } };
type SubmitEvent = { preventDefault: () => void };

/** A share of the value as the page writes it: one decimal at most ('12.5%', '40%'). */
export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

export function connectPortfolio(
  snapshot: SnapshotFrom<typeof portfolioMachine>,
  send: (event: PortfolioEvent) => void,
  { formatUsd, riskLabel }: PortfolioViewOptions,
) {
  const { data, project, amount, notice, error } = snapshot.context;
  // While a write is on the way, no control starts another.
  const busy = snapshot.hasTag('busy');
  const exposure = data?.exposure;
  const slice = (label: string, amountUsd: number, share: number, tone?: string) => ({
    label,
    /** The bar's class and length (its share of the value). */
    barProps: { className: `exposure-bar${tone ? ` ${tone}` : ''}`, style: { width: percent(share) } },
    /** '$1,000 · 25%' */
    valueText: `${formatUsd(amountUsd)} · ${percent(share)}`,
  });

  return {
    loading: snapshot.hasTag('loading'),
    getSkeletonProps: () => ({ className: 'skeleton settings-skeleton', 'aria-busy': 'true' as const }),
    /** The load failed (or nothing loaded): the page offers Retry instead. */
    loadFailed: !snapshot.hasTag('loading') && (snapshot.hasTag('error') || data === null),
    loadFailedText: 'Could not load your portfolio.',
    getRetryProps: () => ({ onRetry: () => send({ type: 'RETRY' }) }),
    busy,
    /** The portfolio as last loaded or written (WatchedAndWallets shows the rest of it). */
    data,

    heading: 'Holdings',
    getSectionProps: () => ({
      className: 'settings-section',
      'aria-labelledby': 'portfolio-holdings',
      'data-scope': 'holdings',
    }),
    headingId: 'portfolio-holdings',
    getFormProps: () => ({
      className: 'holding-form',
      'aria-label': 'Add a holding',
      onSubmit: (e: SubmitEvent) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      },
    }),
    projectLabel: 'Project',
    getProjectSearchProps: () => ({
      variant: 'page' as const,
      id: 'holding-project',
      minLength: 2,
      onPick: (p: PickedProject) => send({ type: 'PICK_PROJECT', project: p }),
    }),
    pickedText: project ? `Selected: ${project.name}` : 'No project selected',
    amountLabel: 'Amount (USD)',
    getAmountInputProps: () => ({
      type: 'text' as const,
      inputMode: 'decimal' as const,
      name: 'amountUsd',
      value: amount,
      placeholder: 'e.g. 2,500',
      disabled: busy,
      onChange: (e: ChangeEvent) => send({ type: 'EDIT_AMOUNT', value: e.target.value }),
    }),
    saveText: 'Save holding',
    // Save only a complete form (a project and a valid amount) with nothing on the way.
    getSaveButtonProps: () => ({
      type: 'submit' as const,
      className: 'btn btn-primary',
      disabled: busy || !snapshot.can({ type: 'SUBMIT' }),
    }),
    importText: 'Import from wallets',
    getImportButtonProps: () => ({
      type: 'button' as const,
      className: 'btn btn-secondary',
      disabled: busy,
      onClick: () => send({ type: 'IMPORT' }),
    }),
    /** What the last write did, or null. */
    notice,
    /** Why the last write failed, or null. */
    error,

    /** No holdings: the exposure and the table give way to a hint. */
    empty: data !== null && data.holdings.length === 0,
    emptyText: 'No holdings yet. Add what you hold of a project, or import from your wallets.',
    facts: exposure && {
      totalText: formatUsd(exposure.totalUsd),
      atRiskText: formatUsd(exposure.atRiskUsd),
      atRiskHint: '(each holding × (100 − score) %)',
      /** '72 (Medium risk)', or the score alone when the exposure has no risk level. */
      score: exposure.valueWeightedScore,
      riskText: exposure.risk ? `(${riskLabel[exposure.risk]})` : null,
    },
    charts: exposure
      ? [
          {
            title: 'Exposure by tier',
            slices: exposure.byTier.map((t) => slice(t.tier, t.amountUsd, t.share)),
          },
          {
            title: 'Exposure by risk',
            slices: exposure.byRisk.map((r) =>
              slice(riskLabel[r.risk], r.amountUsd, r.share, `is-${r.risk}`),
            ),
          },
        ]
      : [],
    tableCaption: 'Riskiest first (most value at risk)',
    columns: ['Project', 'Score', 'Amount', 'At risk'] as const,
    actionsLabel: 'Actions',
    /** The holdings in the server's order (riskiest first). */
    holdings: data?.holdings ?? [],
    /** A holding's row: its link, where it came from and its figures. */
    row: (h: Holding) => ({
      href: `/projects/${encodeURIComponent(h.id)}`,
      fromWallets: h.source === 'wallet',
      sourceText: 'from wallets',
      scoreText: `${h.score} · ${h.tier}`,
      amountText: formatUsd(h.amountUsd),
      shareText: `(${percent(h.share)})`,
      atRiskText: formatUsd(h.atRiskUsd),
    }),
    /** RemoveButton's props for a holding: its name completes the button's accessible name. */
    getRemoveButtonProps: (h: Holding) => ({
      what: h.name,
      disabled: busy,
      onRemove: () => send({ type: 'REMOVE', projectId: h.id }),
    }),
  };
}
