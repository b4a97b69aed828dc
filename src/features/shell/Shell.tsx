import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CookieNotice } from '../cookie/CookieNotice';
import { ErrorBoundary } from '../error/ErrorBoundary';
import { QuoteProvider } from '../quote/quoteContext';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteEffects } from './RouteEffects';

/** App shell: header (with announcement), page body inside an error boundary, cookie notice, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <QuoteProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="app">
        <Header />
        <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
        <Footer />
      </div>
      <CookieNotice />
      <RouteEffects />
    </QuoteProvider>
  );
}
