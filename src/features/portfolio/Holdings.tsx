import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  deleteHolding,
  getPortfolio,
  importWalletHoldings,
  setHolding,
  type Portfolio,
} from '../../../api/portfolio';
import { portfolioMachine } from '../../../machines/account/portfolio/portfolio.machine';
import { ProjectLogo } from '../../components/ProjectLogo';
import { request } from '../../lib/client';
import { formatUsdWhole } from '../../lib/format';
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

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** One bar chart of the exposure: a labelled row per slice, the bar's length its share of the value. */
function ExposureChart({
  title,
  slices,
}: {
  title: string;
  slices: { label: string; amountUsd: number; share: number; tone?: string }[];
}) {
  return (
    <figure className="exposure-chart">
      <figcaption>{title}</figcaption>
      <ul>
        {slices.map((s) => (
          <li key={s.label} data-part="slice">
            <span className="exposure-label">{s.label}</span>
            <span className="exposure-track" aria-hidden="true">
              <span
                className={`exposure-bar${s.tone ? ` ${s.tone}` : ''}`}
                style={{ width: percent(s.share) }}
              />
            </span>
            <span className="exposure-value">
              {formatUsdWhole(s.amountUsd)} · {percent(s.share)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function HoldingsView({
  data,
  busy,
  send,
}: {
  data: Portfolio;
  busy: boolean;
  send: (e: { type: 'REMOVE'; projectId: string }) => void;
}) {
  const { exposure } = data;
  if (data.holdings.length === 0)
    return (
      <p className="muted">No holdings yet. Add what you hold of a project, or import from your wallets.</p>
    );
  return (
    <>
      <dl className="settings-facts" data-part="exposure">
        <dt>Total value</dt>
        <dd>{formatUsdWhole(exposure.totalUsd)}</dd>
        <dt>Value at risk</dt>
        <dd>
          {formatUsdWhole(exposure.atRiskUsd)} <span className="muted">(each holding × (100 − score) %)</span>
        </dd>
        <dt>Value-weighted score</dt>
        <dd>
          {exposure.valueWeightedScore} {exposure.risk && `(${RISK_LABEL[exposure.risk]})`}
        </dd>
      </dl>
      <div className="exposure-charts">
        <ExposureChart
          title="Exposure by tier"
          slices={exposure.byTier.map((t) => ({ label: t.tier, amountUsd: t.amountUsd, share: t.share }))}
        />
        <ExposureChart
          title="Exposure by risk"
          slices={exposure.byRisk.map((r) => ({
            label: RISK_LABEL[r.risk],
            amountUsd: r.amountUsd,
            share: r.share,
            tone: `is-${r.risk}`,
          }))}
        />
      </div>
      <table className="portfolio-table table-stacked">
        <caption className="muted">Riskiest first (most value at risk)</caption>
        <TableHead
          columns={[
            'Project',
            'Score',
            'Amount',
            'At risk',
            { label: <span className="visually-hidden">Actions</span> },
          ]}
        />
        <tbody>
          {data.holdings.map((h) => (
            <tr key={h.id} data-holding={h.id}>
              <td data-label="Project">
                <a href={`/projects/${encodeURIComponent(h.id)}`} className="portfolio-project">
                  <ProjectLogo src={h.logo} size={28} />
                  {h.name}
                </a>
                {h.source === 'wallet' && <span className="holding-source">from wallets</span>}
              </td>
              <td data-label="Score">
                {h.score} · {h.tier}
              </td>
              <td data-label="Amount">
                {formatUsdWhole(h.amountUsd)} <span className="muted">({percent(h.share)})</span>
              </td>
              <td data-label="At risk">{formatUsdWhole(h.atRiskUsd)}</td>
              <td>
                <RemoveButton
                  what={h.name}
                  disabled={busy}
                  onRemove={() => send({ type: 'REMOVE', projectId: h.id })}
                />
              </td>
            </tr>
          ))}
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
  const { data, project, amount, notice, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  if (snapshot.hasTag('loading')) return <span className="skeleton settings-skeleton" aria-busy="true" />;
  if (snapshot.hasTag('error') || !data)
    return (
      <p className="settings-error">
        Could not load your portfolio. <RetryButton onRetry={() => send({ type: 'RETRY' })} />
      </p>
    );
  return (
    <>
      <section className="settings-section" aria-labelledby="portfolio-holdings" data-scope="holdings">
        <h2 id="portfolio-holdings">Holdings</h2>
        <form
          className="holding-form"
          aria-label="Add a holding"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <div className="holding-project">
            <span className="holding-field-label" id="holding-project-label">
              Project
            </span>
            <ProjectSearch
              variant="page"
              id="holding-project"
              minLength={2}
              onPick={(p) => send({ type: 'PICK_PROJECT', project: p })}
            />
            <span className="holding-picked" aria-live="polite" data-part="picked">
              {project ? `Selected: ${project.name}` : 'No project selected'}
            </span>
          </div>
          <label className="holding-amount">
            <span className="holding-field-label">Amount (USD)</span>
            <input
              type="text"
              inputMode="decimal"
              name="amountUsd"
              value={amount}
              placeholder="e.g. 2,500"
              disabled={busy}
              onChange={(e) => send({ type: 'EDIT_AMOUNT', value: e.target.value })}
            />
          </label>
          <div className="holding-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || !snapshot.can({ type: 'SUBMIT' })}
            >
              Save holding
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => send({ type: 'IMPORT' })}
            >
              Import from wallets
            </button>
          </div>
        </form>
        {notice && (
          <p role="status" className="holding-notice">
            {notice}
          </p>
        )}
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <HoldingsView data={data} busy={busy} send={send} />
      </section>
      <WatchedAndWallets data={data} />
    </>
  );
}
