import { getPeers, type Peers } from '../../../api/ratings';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { ChainTag } from '../../components/ChainIcon';
import { PanelError } from './MonitoringPanels';

/** "Top N %": the share of the group scoring at or above this project (1 % at best). */
export const topShare = (percentile: number, count: number) =>
  count === 0 ? 100 : Math.min(100, Math.max(1, Math.ceil(100 - percentile + 100 / count)));

const S = 300;
const PAD = 34;
const px = (v: number) => PAD + (v / 100) * (S - PAD - 16);
const py = (v: number) => S - PAD - (v / 100) * (S - PAD - 8);

function Scatter({ peers, name }: { peers: Peers; name: string }) {
  const me = peers.points.find((p) => p.id === peers.projectId);
  const others = peers.points.filter((p) => p.id !== peers.projectId);
  const kind = peers.kind || 'similar';
  return (
    <figure className="peer-scatter">
      <svg
        viewBox={`0 0 ${S} ${S}`}
        role="img"
        aria-label={`Security score against market stability for ${peers.points.length} ${kind} projects${me ? `; ${name}: score ${me.score.toFixed(1)}, market stability ${me.marketScore.toFixed(1)}` : ''}`}
      >
        {[0, 50, 100].map((t) => (
          <g key={t}>
            <line x1={px(0)} x2={px(100)} y1={py(t)} y2={py(t)} className="score-grid" />
            <line x1={px(t)} x2={px(t)} y1={py(0)} y2={py(100)} className="score-grid" />
            <text x={px(0) - 6} y={py(t) + 4} textAnchor="end" className="peer-tick">
              {t}
            </text>
            <text x={px(t)} y={py(0) + 14} textAnchor="middle" className="peer-tick">
              {t}
            </text>
          </g>
        ))}
        <text x={px(50)} y={S - 2} textAnchor="middle" className="peer-axis">
          Market stability
        </text>
        <text
          x={10}
          y={py(50)}
          textAnchor="middle"
          className="peer-axis"
          transform={`rotate(-90 10 ${py(50)})`}
        >
          Security score
        </text>
        {others.map((p) => (
          <circle key={p.id} cx={px(p.marketScore)} cy={py(p.score)} r="3" className="peer-dot" />
        ))}
        {me && (
          <circle
            cx={px(me.marketScore)}
            cy={py(me.score)}
            r="6.5"
            className="peer-dot peer-me"
            data-part="me"
          />
        )}
      </svg>
      <figcaption className="muted small">
        <span className="peer-key peer-key-me" aria-hidden="true" /> {name}{' '}
        <span className="peer-key" aria-hidden="true" /> other {kind} projects
      </figcaption>
    </figure>
  );
}

/** The project among its kind and its main chain: percentiles and a security vs market scatter. */
export function PeersPanel({ projectId, name }: { projectId: string; name: string }) {
  const peers = useResource<Peers>(() => getPeers(request, projectId));
  const p = peers.data;
  return (
    <section className="card panel peers" aria-labelledby="peers-title" data-scope="peers">
      <h2 id="peers-title">Among its peers</h2>
      {peers.failed ? (
        <PanelError retry={peers.retry} />
      ) : !p ? (
        <div className="peers-placeholder skeleton" aria-hidden="true" />
      ) : (
        <div className="peers-body">
          <ul className="peer-stats">
            <li>
              <strong>Top {topShare(p.kindPercentile, p.kindCount)}%</strong> of {p.kind || 'similar'}{' '}
              projects
              <span className="muted small"> ({p.kindCount} rated)</span>
            </li>
            {p.chain && (
              <li>
                <strong>Top {topShare(p.chainPercentile, p.chainCount)}%</strong> on{' '}
                <ChainTag chain={p.chain} />
                <span className="muted small"> ({p.chainCount} rated)</span>
              </li>
            )}
          </ul>
          <Scatter peers={p} name={name} />
        </div>
      )}
    </section>
  );
}
