import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { AppInput } from '../machines/core/app/app.machine';
import { AppProvider } from './app/AppProvider';
import { useSurveyNotificationActor } from './app/hooks';
import { ServedPageProvider, type ServedPage } from './first-load/servedPage';
import { ImpersonationRoot } from './features/impersonation/ImpersonationRoot';
import { Shell } from './layout/Shell';
import { WatchlistToast } from './features/watchlist/WatchlistProvider';
import { HomePage } from './pages/HomePage';
import { PAGE_PATHS } from '../api/pages';

type SurveyNotificationRef = NonNullable<ReturnType<typeof useSurveyNotificationActor>>;

const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const ServerErrorRoute = lazy(() => import('./features/error/ServerErrorPage'));
const AnnouncementAdminPage = lazy(() => import('./features/announcement-admin/AnnouncementAdminPage'));
const AuditAdminPage = lazy(() => import('./features/audits/AuditAdminPage'));
const ProjectPage = lazy(() => import('./features/project/ProjectPage'));
const ProductPage = lazy(() => import('./features/marketing/ProductPage'));
const CompanyPage = lazy(() => import('./features/marketing/CompanyPage'));
const BlogIndexPage = lazy(() => import('./features/blog/BlogIndexPage'));
const BlogPostPage = lazy(() => import('./features/blog/BlogPostPage'));
const ApiReferencePage = lazy(() => import('./features/developers/ApiReferencePage'));
const ComparePage = lazy(() => import('./features/compare/ComparePage'));
const MethodologyPage = lazy(() => import('./features/methodology/MethodologyPage'));
const IncidentsPage = lazy(() => import('./features/incidents/IncidentsPage'));
const IncidentAdminPage = lazy(() => import('./features/incidents/IncidentAdminPage'));
const WatchlistsPage = lazy(() => import('./pages/WatchlistsPage'));
const SharedWatchlistPage = lazy(() => import('./pages/SharedWatchlistPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const PortfolioPage = lazy(() => import('./pages/PortfolioPage'));
const NotificationsPage = lazy(() => import('./pages/NotificationsPage'));
const UnsubscribePage = lazy(() => import('./pages/UnsubscribePage'));
const SurveyHost = lazy(() =>
  import('./features/survey/SurveyHost').then((m) => ({ default: m.SurveyHost })),
);
const LoginPage = lazy(() => import('./pages/auth/LoginPage'));
const SignupPage = lazy(() => import('./pages/auth/SignupPage'));
/** Development only (not in PAGE_PATHS, absent from production builds): the offline machine explorer. */
const MachineExplorer = import.meta.env.DEV ? lazy(() => import('./dev/MachineExplorer')) : null;

/** The onboarding survey's code loads only when it is due (a signed-in user who has not answered it). */
function SurveyWhenDue() {
  const notification = useSurveyNotificationActor();
  return notification ? <SurveyWhenOpen notification={notification} /> : null;
}

function SurveyWhenOpen({ notification }: { notification: SurveyNotificationRef }) {
  const due = useSelector(notification, (s) => s.hasTag('open'));
  return due ? (
    <Suspense fallback={null}>
      <SurveyHost actorRef={notification} />
    </Suspense>
  ) : null;
}

/** A page-sized placeholder while a lazy route loads (keeps the footer from jumping up). */
const PageFallback = () => <main id="main" className="route-loading" aria-busy="true" />;

const NOTHING_SERVED: ServedPage = { project: null, strips: null };

/**
 * Route table (the paths are in routes.ts, which the server answers with 200). Home is eager (it is the landing
 * page); every other page is a lazy chunk. AppProvider starts the app actor, which owns every app-wide actor.
 */
export function App({
  input,
  served = NOTHING_SERVED,
}: {
  input?: AppInput;
  /** The page data the server sent for the page's own content (src/first-load/servedPage.tsx). */
  served?: ServedPage;
}) {
  return (
    <AppProvider input={input}>
      <ServedPageProvider served={served}>
        <ImpersonationRoot />
        <Shell>
          <Suspense fallback={<PageFallback />}>
            <Switch>
              <Route path={PAGE_PATHS.home} component={HomePage} />
              <Route path={PAGE_PATHS.project}>{(p) => <ProjectPage key={p.id} id={p.id} />}</Route>
              <Route path={PAGE_PATHS.product}>{(p) => <ProductPage slug={p.slug} />}</Route>
              <Route path={PAGE_PATHS.company}>{(p) => <CompanyPage slug={p.slug} />}</Route>
              <Route path={PAGE_PATHS.blog} component={BlogIndexPage} />
              <Route path={PAGE_PATHS.methodology} component={MethodologyPage} />
              <Route path={PAGE_PATHS.incidents} component={IncidentsPage} />
              <Route path={PAGE_PATHS.blogPost}>{(p) => <BlogPostPage key={p.slug} slug={p.slug} />}</Route>
              <Route path={PAGE_PATHS.watchlists} component={WatchlistsPage} />
              <Route path={PAGE_PATHS.sharedWatchlist}>
                {(p) => <SharedWatchlistPage key={p.token} token={p.token} />}
              </Route>
              <Route path={PAGE_PATHS.settings} component={SettingsPage} />
              <Route path={PAGE_PATHS.portfolio} component={PortfolioPage} />
              <Route path={PAGE_PATHS.notifications} component={NotificationsPage} />
              <Route path={PAGE_PATHS.unsubscribe} component={UnsubscribePage} />
              <Route path={PAGE_PATHS.login} component={LoginPage} />
              <Route path={PAGE_PATHS.signup} component={SignupPage} />
              <Route path={PAGE_PATHS.serverError} component={ServerErrorRoute} />
              <Route path={PAGE_PATHS.developersApi} component={ApiReferencePage} />
              <Route path={PAGE_PATHS.compare} component={ComparePage} />
              <Route path={PAGE_PATHS.announcementAdmin}>{() => <AnnouncementAdminPage />}</Route>
              <Route path={PAGE_PATHS.auditAdmin}>{() => <AuditAdminPage />}</Route>
              <Route path={PAGE_PATHS.incidentAdmin}>{() => <IncidentAdminPage />}</Route>
              {MachineExplorer ? <Route path="/dev/machines">{() => <MachineExplorer />}</Route> : null}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </Shell>
        <SurveyWhenDue />
        <WatchlistToast />
      </ServedPageProvider>
    </AppProvider>
  );
}
