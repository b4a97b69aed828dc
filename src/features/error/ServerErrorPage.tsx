import { useTitle } from '../../lib/title';
import { Link } from 'wouter';
import './error.css';

export type ServerErrorPageProps = {
  title?: string;
  subtitle?: string;
};

/**
 * The server error page (spec §2 'Server error page (500)'). Who shows it reports why: the error boundary the render
 * error it caught, the app machine the /500 page opening.
 */
export function ServerErrorPage({
  title = 'Oops',
  subtitle = 'Sorry, something went wrong.',
}: ServerErrorPageProps) {
  useTitle(title);
  return (
    <main id="main" className="error-page" data-testid="server-error-page">
      <div className="error-card">
        <p className="error-code" aria-hidden="true">
          500
        </p>
        <h1>{title}</h1>
        <p className="error-subtitle">{subtitle}</p>
        <p className="muted">
          Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.
        </p>
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
