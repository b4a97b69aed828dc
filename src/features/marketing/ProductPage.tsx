import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useTitle } from '../../lib/title';
import { Icon } from '../../components/Icon';
import { NotFound } from '../../pages/NotFoundPage';
import { RequestQuoteButton } from '../../components/RequestQuoteButton';
import { PRODUCTS } from './products';
import '../../components/marketing.css';

/** One of a product page's titled sections, its heading naming it. */
function Section({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="mk-section" aria-labelledby={id}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The four product pages (/products/{slug}). */
export default function ProductPage({ slug }: { slug: string }) {
  const product = PRODUCTS.find((p) => p.slug === slug);
  useTitle(product?.name ?? 'Page not found');
  if (!product) return <NotFound />;
  const others = PRODUCTS.filter((p) => p.slug !== slug);
  return (
    <main id="main" className="marketing">
      <section className="mk-hero on-dark">
        <div className="container mk-hero-inner">
          <p className="hero-eyebrow">{product.eyebrow}</p>
          <h1>{product.title}</h1>
          <p className="mk-lead">{product.lead}</p>
          <div className="mk-cta">
            <RequestQuoteButton className="btn btn-accent" />
            <Link href="/" className="btn mk-btn-outline">
              See the leaderboard
            </Link>
          </div>
        </div>
      </section>
      <div className="container">
        <ul className="mk-stats card">
          {product.stats.map((s) => (
            <li key={s.label}>
              <strong>{s.value}</strong>
              <span>{s.label}</span>
            </li>
          ))}
        </ul>
        <Section id="features-title" eyebrow={product.name} title="What you get">
          <div className="mk-features">
            {product.features.map((f) => (
              <article key={f.title} className="card mk-feature">
                <span className="mk-feature-icon">
                  <Icon name="shield" size={20} />
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </article>
            ))}
          </div>
        </Section>
        <Section id="process-title" eyebrow="How it works" title="From first call to peace of mind">
          <ol className="mk-process">
            {product.process.map((s, i) => (
              <li key={s.title}>
                <span className="mk-step">{i + 1}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </Section>
        <Section id="faq-title" title="Frequently asked questions">
          <div className="mk-faq">
            {product.faq.map((f) => (
              <details key={f.q} className="card">
                <summary>{f.q}</summary>
                <p>{f.a}</p>
              </details>
            ))}
          </div>
        </Section>
        <section className="mk-banner on-dark" aria-labelledby="cta-title">
          <div>
            <h2 id="cta-title">Protect your project today</h2>
            <p>Tell us what you are building. You will hear back from an engineer, not a sales script, within one business day.</p>
          </div>
          <RequestQuoteButton className="btn btn-accent" />
        </section>
        <nav className="mk-others" aria-label="Other products">
          {others.map((o) => (
            <Link key={o.slug} href={`/products/${o.slug}`} className="card mk-other">
              <span className="eyebrow">{o.eyebrow}</span>
              <strong>{o.name}</strong>
              <Icon name="chevronRight" size={18} />
            </Link>
          ))}
        </nav>
      </div>
    </main>
  );
}
