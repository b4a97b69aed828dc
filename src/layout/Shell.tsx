import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CookieNotice } from '../features/cookie/CookieNotice';
import { ErrorBoundary } from '../features/error/ErrorBoundary';
import { partOnView } from '../first-load/partOnView';
import { QuoteHost } from '../features/quote/QuoteHost';
import { Header } from './Header';

// The footer is below the fold on every page: its own chunk, loaded when the visitor scrolls near it, with a
// placeholder of its size.
const Footer = partOnView(
  'footer',
  () => import('./Footer').then((m) => ({ default: m.Footer })),
  <div className="site-footer footer-placeholder" aria-hidden="true" />,
);

/** App shell: header (with announcement), page body inside an error boundary, cookie notice, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="app">
        <Header />
        <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
        <Footer />
      </div>
      <CookieNotice />
      <QuoteHost />
    </>
  );
}
