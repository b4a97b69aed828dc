import { partOnView } from '../../first-load/partOnView';
import { useTitle } from '../../lib/title';
import { ProjectSearch } from '../../components/ProjectSearch';
import { markTakenOver } from '../../first-load/takenOver';
import './home.css';

// Below the hero: separate chunks, each loaded when the visitor scrolls near it, so the landing page's initial JS
// stays small. The placeholders (a page the browser renders itself) have the sections' final size, so nothing shifts
// when they arrive.
const ProjectStrips = partOnView(
  'strips',
  () => import('./ProjectStrips').then((m) => ({ default: m.ProjectStrips })),
  <div className="container strips" aria-hidden="true">
    <div className="strip card strip-placeholder" />
    <div className="strip card strip-placeholder" />
    <div className="strip card strip-placeholder" />
  </div>,
);
const AlertsSection = partOnView(
  'alerts',
  () => import('./AlertsSection').then((m) => ({ default: m.AlertsSection })),
  <div className="section-placeholder alerts-placeholder" aria-hidden="true" />,
);
const Leaderboard = partOnView(
  'leaderboard',
  () => import('./Leaderboard').then((m) => ({ default: m.Leaderboard })),
  <div className="section-placeholder leaderboard-placeholder" aria-hidden="true" />,
);

/** Home: hero with the page-level search, highlights, security alerts and the leaderboard. */
export function HomePage() {
  useTitle('');
  return (
    <main id="main" className="home" ref={markTakenOver}>
      <section className="hero on-dark" data-hero aria-labelledby="hero-title">
        <div className="hero-glow" aria-hidden="true" />
        <div className="container hero-inner">
          <p className="hero-eyebrow">Web3 security intelligence</p>
          <h1 id="hero-title">Security ratings for blockchain projects</h1>
          <p className="hero-lead">
            Independent scores built from audits, on-chain monitoring and governance analysis — so you know
            the risk before you commit capital.
          </p>
          <div className="hero-search" data-tour="search">
            <ProjectSearch variant="page" slashFocus id="hero-search" />
          </div>
          <ul className="hero-stats" aria-label="Coverage">
            <li>
              <strong>6</strong> risk categories per score
            </li>
            <li>
              <strong>17</strong> chains monitored
            </li>
            <li>
              <strong>24/7</strong> on-chain alerting
            </li>
          </ul>
        </div>
      </section>
      <ProjectStrips />
      <AlertsSection />
      <Leaderboard />
    </main>
  );
}
