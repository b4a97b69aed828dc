import { getTwitterActivity, SOCIAL_TYPES, type ActivityPoint, type SocialType } from '../../../api/skynet';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { formatCompact, formatDate } from '../../../api/format';
import { DemoNote, PanelError } from './MonitoringPanels';
import { Tabs } from '../../components/Tabs';

const DAYS = 30;
const LABELS: Record<SocialType, string> = { tweets: 'Tweets', mentions: 'Mentions', followers: 'Followers' };

function lastDays(n: number): string[] {
  const today = new Date();
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (n - 1 - i)),
    );
    return d.toISOString().slice(0, 10);
  });
}

const W = 720;
const H = 220;
const PAD = { top: 16, right: 16, bottom: 28, left: 48 };

/** A hand-written SVG area chart of one series by date. */
export function ActivityChart({ points, label }: { points: ActivityPoint[]; label: string }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? 0 : (i / (points.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(p.value).toFixed(1)}`)
    .join('');
  const area = points.length
    ? `${line}L${x(points.length - 1)} ${PAD.top + innerH}L${x(0)} ${PAD.top + innerH}Z`
    : '';
  // A small maximum rounds its middle tick onto another (max 1: 0, 1, 1): each value is drawn once.
  const ticks = [...new Set([0, 0.5, 1].map((f) => Math.round(max * f)))];
  const total = points.reduce((s, p) => s + p.value, 0);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${label} per day over the last ${points.length} days, ${formatCompact(total)} in total`}
      >
        <defs>
          <linearGradient id={`area-${label}`} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="#2563eb" stopOpacity="0.28" />
            <stop offset="1" stopColor="#2563eb" stopOpacity="0" />
          </linearGradient>
        </defs>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#526075">
              {formatCompact(t)}
            </text>
          </g>
        ))}
        <path d={area} fill={`url(#area-${label})`} />
        <path d={line} fill="none" stroke="#2563eb" strokeWidth="2.2" strokeLinejoin="round" />
        {first && (
          <text x={PAD.left} y={H - 8} fontSize="11" fill="#526075">
            {formatDate(first.date)}
          </text>
        )}
        {last && (
          <text x={W - PAD.right} y={H - 8} fontSize="11" fill="#526075" textAnchor="end">
            {formatDate(last.date)}
          </text>
        )}
      </svg>
      <figcaption className="muted small">
        {formatCompact(total)} {label.toLowerCase()} in the last {points.length} days
      </figcaption>
    </figure>
  );
}

function Series({ projectId, type }: { projectId: string; type: SocialType }) {
  const data = useResource(() => getTwitterActivity(request, projectId, type, lastDays(DAYS)));
  if (data.failed) return <PanelError retry={data.retry} />;
  if (!data.data) return <div className="chart-placeholder skeleton" aria-hidden="true" />;
  return <ActivityChart points={data.data} label={LABELS[type]} />;
}

/** Social activity by date (tweets, mentions, followers); `demo`: generated figures. */
export function ActivityPanel({ projectId, demo = true }: { projectId: string; demo?: boolean }) {
  return (
    <section className="card panel" aria-labelledby="social-title">
      <div className="panel-head">
        <h2 id="social-title">Social activity</h2>
        {demo && <DemoNote />}
      </div>
      <Tabs
        label="Series"
        items={SOCIAL_TYPES.map((t) => ({
          key: t,
          title: LABELS[t],
          panel: <Series projectId={projectId} type={t} />,
        }))}
      />
    </section>
  );
}
