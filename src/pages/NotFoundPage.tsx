import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <main id="main" className="page-narrow">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link href="/">Back to Homepage</Link>
    </main>
  );
}
