import { useFlag, useFlagsStatus } from '../app/hooks';
import { useTitle } from '../lib/title';
import { PortfolioSections } from '../features/portfolio/Holdings';
import { NotFound } from './NotFoundPage';
import '../features/settings/settings.css';

/** /my/portfolio: only with the `portfolio` flag (spec §2, §6); otherwise the page does not exist. */
export default function PortfolioPage() {
  const enabled = useFlag('portfolio') === true;
  const flagsStatus = useFlagsStatus();
  useTitle(enabled ? 'Portfolio' : null);
  // Until the flags are evaluated for this user, neither the page nor a 404 is shown.
  if (!enabled && flagsStatus === 'loading')
    return <main id="main" className="route-loading" aria-busy="true" />;
  if (!enabled) return <NotFound />;
  return (
    <main id="main" className="page container settings-page">
      <h1>Portfolio</h1>
      <PortfolioSections />
    </main>
  );
}
