import { Link } from 'wouter';
import {
  getAuditsInProgress,
  getRecentlyAudited,
  getTrending,
  HOME_STRIP_ROWS,
  type ProjectRow,
} from '../../../api/projects';
import { useServedStrips } from '../../first-load/servedPage';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { Icon, type IconName } from '../../components/Icon';
import { ProjectLogo } from '../../components/ProjectLogo';
import { Skeleton } from '../../components/Skeleton';
import { TierBadge } from '../../components/TierBadge';
import { formatDate } from '../../lib/format';

type StripProps = {
  title: string;
  subtitle: string;
  icon: IconName;
  tour: string;
  load: () => Promise<ProjectRow[]>;
  /** The rows the page arrived with (shown at once, nothing fetched). */
  served: ProjectRow[] | undefined;
  meta: (p: ProjectRow) => React.ReactNode;
};

function Strip({ title, subtitle, icon, tour, load, served, meta }: StripProps) {
  const { loading, failed, data, retry } = useResource(load, served);
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
export function ProjectStrips() {
  const served = useServedStrips();
  return (
    <div className="container strips">
      <Strip
        title="Trending"
        subtitle="Most viewed by the community"
        icon="trend"
        tour="trending"
        load={() => getTrending(request, HOME_STRIP_ROWS)}
        served={served?.trending}
        meta={(p) => <TierBadge tier={p.tier} />}
      />
      <Strip
        title="Recently audited"
        subtitle="Fresh reports from our engineers"
        icon="shield"
        tour="recently-audited"
        load={() => getRecentlyAudited(request, HOME_STRIP_ROWS)}
        served={served?.recentlyAudited}
        meta={(p) => (p.auditDate ? <span className="muted">{formatDate(p.auditDate)}</span> : null)}
      />
      <Strip
        title="In the works"
        subtitle="Audits currently in progress"
        icon="clock"
        tour="in-the-works"
        load={() => getAuditsInProgress(request, HOME_STRIP_ROWS)}
        served={served?.auditsInProgress}
        meta={() => <span className="badge badge-brand">In progress</span>}
      />
    </div>
  );
}
