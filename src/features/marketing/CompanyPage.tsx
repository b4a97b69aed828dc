import { Link } from 'wouter';
import { useTitle } from '../../lib/title';
import { NotFound } from '../../pages/NotFoundPage';
import type { RenderedDoc } from '../../lib/markdown';
import { Prose } from '../../components/Prose';
import { COMPANY_LINKS } from '../../lib/nav';
import '../../components/marketing.css';

const files = import.meta.glob('../../../content/company/*.md', {
  query: '?doc',
  import: 'default',
  eager: true,
}) as Record<string, RenderedDoc>;
/** By slug; a Map, so an address like /company/constructor finds nothing. */
const PAGES = new Map(Object.values(files).map((doc) => [doc.slug, doc]));

/** The six company pages (/company/{slug}), written as Markdown in content/company. */
export default function CompanyPage({ slug }: { slug: string }) {
  const page = PAGES.get(slug);
  useTitle(page?.meta.title ?? 'Page not found');
  if (!page) return <NotFound />;
  return (
    <main id="main" className="company">
      <section className="mk-hero on-dark company-hero">
        <div className="container">
          <p className="hero-eyebrow">Company</p>
          <h1>{page.meta.title}</h1>
          {page.meta.lead && <p className="mk-lead">{page.meta.lead}</p>}
        </div>
      </section>
      <div className="container company-layout">
        <nav aria-label="Company pages" className="company-nav">
          <ul>
            {COMPANY_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} aria-current={l.href === `/company/${slug}` ? 'page' : undefined}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Prose html={page.html} className="company-body card" />
      </div>
    </main>
  );
}
