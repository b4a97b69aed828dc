import { useEffect } from 'react';
import { useTitle } from '../../lib/title';
import { Link } from 'wouter';
import { reportError } from './report';
import './error.css';

export type ServerErrorPageProps = {
  title?: string;
  subtitle?: string;
  /** The failure that led here (render errors); the /500 route has none. */
  error?: unknown;
};

/** The server error page (spec §2 'Server error page (500)'); it reports the error when shown. */
export function ServerErrorPage({ title = 'Oops', subtitle = 'Sorry, something went wrong.', error }: ServerErrorPageProps) {
  useEffect(() => {
    reportError(error instanceof Error ? `Client error: ${error.message}` : 'Server error page shown', error);
  }, [error]);
  useTitle(title);
  return (
    <main id="main" className="error-page" data-testid="server-error-page">
      <div className="error-card">
        <p className="error-code" aria-hidden="true">
          500
        </p>
        <h1>{title}</h1>
        <p className="error-subtitle">{subtitle}</p>
        <p className="muted">Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.</p>
        <Link href="/" className="btn btn-primary">
          Back to Homepage
        </Link>
      </div>
    </main>
  );
}

export default function ServerErrorRoute() {
  return <ServerErrorPage />;
}
