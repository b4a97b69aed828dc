import { Link } from 'wouter';
import {
  getAuditsInProgress,
  getRecentlyAudited,
  getTrending,
  HOME_STRIP_ROWS,
  type ProjectRow,
  type ServedStrips,
} from '../../../api/projects';
import { useServedStrips } from '../../first-load/servedPage';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { Icon, type IconName } from '../../components/Icon';
import { ProjectLogo } from '../../components/ProjectLogo';
import { Skeleton } from '../../components/Skeleton';
import { TierBadge } from '../../components/TierBadge';
import { formatDate } from '../../../api/format';

type StripProps = {
  title: string;
  subtitle: string;
  icon: IconName;
  tour: string;
  /** The API call that answers the strip's rows. */
  get: typeof getTrending;
  /** Where the rows the page arrived with stand (shown at once, nothing fetched). */
  served: keyof ServedStrips;
  meta: (p: ProjectRow) => React.ReactNode;
};

function Strip({ title, subtitle, icon, tour, get, served, meta }: StripProps) {
  const rows = useServedStrips()?.[served];
  const { loading, failed, data, retry } = useResource(() => get(request, HOME_STRIP_ROWS), rows);
  const id = `strip-${tour}`;
  return (
    <section className="strip card" data-tour={tour} aria-labelledby={id}>
      <header className="strip-head">
        <span className="strip-icon">
          <Icon name={icon} size={18} />
        </span>
        <div>
          <h2 id={id}>{title}</h2>
          <p>{subtitle}</p>
        </div>
      </header>
      <ol className="strip-list" aria-busy={loading}>
        {loading &&
          Array.from({ length: HOME_STRIP_ROWS }, (_, i) => (
            <li key={i} className="strip-row" aria-hidden="true">
              <Skeleton width={28} height={28} round />
              <Skeleton width="50%" />
            </li>
          ))}
        {data?.map((p) => (
          <li key={p.id} className="strip-row">
            <ProjectLogo src={p.logo} size={28} />
            <Link href={`/projects/${encodeURIComponent(p.id)}`} className="strip-name">
              {p.name}
              {p.tokenTickers[0] && <span className="strip-ticker">{p.tokenTickers[0]}</span>}
            </Link>
            <span className="strip-meta">{meta(p)}</span>
          </li>
        ))}
        {data?.length === 0 && <li className="strip-empty">Nothing here yet.</li>}
      </ol>
      {failed && (
        <p className="strip-empty">
          Could not load this list.{' '}
          <button type="button" className="link-button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    </section>
  );
}

/** 'Trending', 'Recently audited' and 'In the works' (audits in progress), each a tour anchor. */
const STRIPS: StripProps[] = [
  {
    title: 'Trending',
    subtitle: 'Most viewed by the community',
    icon: 'trend',
    tour: 'trending',
    get: getTrending,
    served: 'trending',
    meta: (p) => <TierBadge tier={p.tier} />,
  },
  {
    title: 'Recently audited',
    subtitle: 'Fresh reports from our engineers',
    icon: 'shield',
    tour: 'recently-audited',
    get: getRecentlyAudited,
    served: 'recentlyAudited',
    meta: (p) => (p.auditDate ? <span className="muted">{formatDate(p.auditDate)}</span> : null),
  },
  {
    title: 'In the works',
    subtitle: 'Audits currently in progress',
    icon: 'clock',
    tour: 'in-the-works',
    get: getAuditsInProgress,
    served: 'auditsInProgress',
    meta: () => <span className="badge badge-brand">In progress</span>,
  },
];

export function ProjectStrips() {
  return (
    <div className="container strips">
      {STRIPS.map((strip) => (
        <Strip key={strip.tour} {...strip} />
      ))}
    </div>
  );
}
