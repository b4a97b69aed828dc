import type { Portfolio } from '../../../api/portfolio';
import { WALLET_CHAIN_LABELS } from '../../../api/user';
import { ProjectLogo } from '../../components/ProjectLogo';
import { RISK_LABEL } from './risk';
import { TableHead } from '../../components/TableHead';

/** Watched projects (from the watchlists) and the wallets, from the portfolio the holdings section loaded. */
export function WatchedAndWallets({ data }: { data: Portfolio }) {
  const { summary } = data;
  return (
    <>
      <section className="settings-section" aria-labelledby="portfolio-risk">
        <h2 id="portfolio-risk">Risk overview</h2>
        {summary.projectCount === 0 ? (
          <p className="muted">Add projects to a watchlist to see their risk here.</p>
        ) : (
          <dl className="settings-facts" data-part="summary">
            <dt>Watched projects</dt>
            <dd>{summary.projectCount}</dd>
            <dt>Weighted score</dt>
            <dd>
              {summary.weightedScore} {summary.risk && `(${RISK_LABEL[summary.risk]})`}
            </dd>
            <dt>Lowest score</dt>
            <dd>{summary.lowestScore}</dd>
            <dt>By risk</dt>
            <dd>
              {summary.byRisk.high} high · {summary.byRisk.medium} medium · {summary.byRisk.low} low
            </dd>
          </dl>
        )}
        {data.projects.length > 0 && (
          <table className="portfolio-table">
            <caption className="muted">Lowest score first</caption>
            <TableHead columns={['Project', 'Score', 'Risk', 'Watchlists']} />
            <tbody>
              {data.projects.map((p) => (
                <tr key={p.id}>
                  <td>
                    <a href={`/projects/${encodeURIComponent(p.id)}`} className="portfolio-project">
                      <ProjectLogo src={p.logo} size={28} />
                      {p.name}
                    </a>
                  </td>
                  <td>{p.score}</td>
                  <td>{RISK_LABEL[p.risk]}</td>
                  <td>{p.watchlists}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="settings-section" aria-labelledby="portfolio-wallets">
        <h2 id="portfolio-wallets">Wallets</h2>
        {data.wallets.length === 0 ? (
          <p className="muted">
            No wallets yet. Add them in <a href="/my/settings">Account Settings</a>.
          </p>
        ) : (
          <ul className="settings-wallets">
            {data.wallets.map((w) => (
              <li key={w.walletAddress}>
                <span className="settings-chain">{WALLET_CHAIN_LABELS[w.chain]}</span>
                <code className="settings-address">{w.walletAddress}</code>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
