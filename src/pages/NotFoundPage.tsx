import { Link } from 'wouter';
import { useTitle } from '../lib/title';

export function NotFound({ title = 'Page not found', text }: { title?: string; text?: string }) {
  useTitle(title);
  return (
    <main id="main" className="page-narrow not-found">
      <p className="eyebrow">Error 404</p>
      <h1>{title}</h1>
      <p className="lead">{text ?? 'The page you are looking for does not exist or has moved.'}</p>
      <Link href="/" className="btn btn-primary">
        Back to Homepage
      </Link>
    </main>
  );
}

export default function NotFoundPage() {
  return <NotFound />;
}
