import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { deleteHolding, getPortfolio, importWalletHoldings, setHolding } from '../../../api/portfolio';
import { connectPortfolio } from '../../../machines/account/portfolio/portfolio.connect';
import { portfolioMachine } from '../../../machines/account/portfolio/portfolio.machine';
import type { PortfolioView } from '../../../machines/account/portfolio/portfolio.types';
import { ProjectLogo } from '../../components/ProjectLogo';
import { request } from '../../lib/client';
import { formatUsdWhole } from '../../../api/format';
import { ProjectSearch } from '../../components/ProjectSearch';
import { TableHead } from '../../components/TableHead';
import { RISK_LABEL } from './risk';
import { WatchedAndWallets } from './WatchedAndWallets';
import './portfolio.css';
import { inspect } from '../../lib/inspect';
import { RetryButton } from '../../components/RetryButton';
import { RemoveButton } from '../../components/RemoveButton';

const livePortfolioMachine = portfolioMachine.provide({
  actors: {
    load: fromPromise(() => getPortfolio(request)),
    setHolding: fromPromise(({ input }: { input: { projectId: string; amountUsd: number } }) =>
      setHolding(request, input),
    ),
    deleteHolding: fromPromise(({ input }: { input: { projectId: string } }) =>
      deleteHolding(request, input.projectId),
    ),
    importWallets: fromPromise(() => importWalletHoldings(request)),
  },
});

/** One bar chart of the exposure: a labelled row per slice, the bar's length its share of the value. */
function ExposureChart({ title, slices }: PortfolioView['charts'][number]) {
  return (
    <figure className="exposure-chart">
      <figcaption>{title}</figcaption>
      <ul>
        {slices.map((s) => (
          <li key={s.label} data-part="slice">
            <span className="exposure-label">{s.label}</span>
            <span className="exposure-track" aria-hidden="true">
              <span {...s.barProps} />
            </span>
            <span className="exposure-value">{s.valueText}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function HoldingsView({ view }: { view: PortfolioView }) {
  const { facts } = view;
  if (view.empty || !facts) return <p className="muted">{view.emptyText}</p>;
  return (
    <>
      <dl className="settings-facts" data-part="exposure">
        <dt>Total value</dt>
        <dd>{facts.totalText}</dd>
        <dt>Value at risk</dt>
        <dd>
          {facts.atRiskText} <span className="muted">{facts.atRiskHint}</span>
        </dd>
        <dt>Value-weighted score</dt>
        <dd>
          {facts.score} {facts.riskText}
        </dd>
      </dl>
      <div className="exposure-charts">
        {view.charts.map((chart) => (
          <ExposureChart key={chart.title} {...chart} />
        ))}
      </div>
      <table className="portfolio-table table-stacked">
        <caption className="muted">{view.tableCaption}</caption>
        <TableHead
          columns={[...view.columns, { label: <span className="visually-hidden">{view.actionsLabel}</span> }]}
        />
        <tbody>
          {view.holdings.map((h) => {
            const row = view.row(h);
            return (
              <tr key={h.id} data-holding={h.id}>
                <td data-label="Project">
                  <a href={row.href} className="portfolio-project">
                    <ProjectLogo src={h.logo} size={28} />
                    {h.name}
                  </a>
                  {row.fromWallets && <span className="holding-source">{row.sourceText}</span>}
                </td>
                <td data-label="Score">{row.scoreText}</td>
                <td data-label="Amount">
                  {row.amountText} <span className="muted">{row.shareText}</span>
                </td>
                <td data-label="At risk">{row.atRiskText}</td>
                <td>
                  <RemoveButton {...view.getRemoveButtonProps(h)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/**
 * /my/portfolio's sections, from one portfolio machine: the holdings (form, import from wallets, exposure,
 * holdings riskiest first), then the watched projects and the wallets. Every write answers with the whole portfolio.
 */
export function PortfolioSections() {
  const [snapshot, send] = useActor(livePortfolioMachine, { inspect });
  const view = connectPortfolio(snapshot, send, { formatUsd: formatUsdWhole, riskLabel: RISK_LABEL });
  if (view.loading) return <span {...view.getSkeletonProps()} />;
  if (view.loadFailed || !view.data)
    return (
      <p className="settings-error">
        {view.loadFailedText} <RetryButton {...view.getRetryProps()} />
      </p>
    );
  return (
    <>
      <section {...view.getSectionProps()}>
        <h2 id={view.headingId}>{view.heading}</h2>
        <form {...view.getFormProps()}>
          <div className="holding-project">
            <span className="holding-field-label" id="holding-project-label">
              {view.projectLabel}
            </span>
            <ProjectSearch {...view.getProjectSearchProps()} />
            <span className="holding-picked" aria-live="polite" data-part="picked">
              {view.pickedText}
            </span>
          </div>
          <label className="holding-amount">
            <span className="holding-field-label">{view.amountLabel}</span>
            <input {...view.getAmountInputProps()} />
          </label>
          <div className="holding-actions">
            <button {...view.getSaveButtonProps()}>{view.saveText}</button>
            <button {...view.getImportButtonProps()}>{view.importText}</button>
          </div>
        </form>
        {view.notice && (
          <p role="status" className="holding-notice">
            {view.notice}
          </p>
        )}
        {view.error && (
          <p role="alert" className="field-error">
            {view.error}
          </p>
        )}
        <HoldingsView view={view} />
      </section>
      <WatchedAndWallets data={view.data} />
    </>
  );
}
