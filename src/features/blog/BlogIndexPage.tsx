import { Link } from 'wouter';
import { useTitle } from '../../lib/title';
import { formatDate } from '../../lib/format';
import { POSTS, readingMinutes } from './posts';
import '../../components/marketing.css';
import '../../components/prose.css';

/** /resources/blog */
export default function BlogIndexPage() {
  useTitle('Blog');
  const [featured, ...rest] = POSTS;
  return (
    <main id="main" className="blog">
      <section className="mk-hero on-dark blog-hero">
        <div className="container">
          <p className="hero-eyebrow">Resources</p>
          <h1>Research and field notes</h1>
          <p className="mk-lead">Incident analyses, rating methodology and practical security advice from our engineers.</p>
        </div>
      </section>
      <div className="container blog-list">
        {featured && (
          <article className="card post-card post-featured">
            <p className="post-meta">
              <time dateTime={featured.meta.date}>{formatDate(featured.meta.date ?? '')}</time> · {readingMinutes(featured.body)} min read
            </p>
            <h2>
              <Link href={`/resources/blog/${featured.slug}`}>{featured.meta.title}</Link>
            </h2>
            <p>{featured.meta.summary}</p>
            <p className="post-author">{featured.meta.author}</p>
          </article>
        )}
        <div className="post-grid">
          {rest.map((p) => (
            <article key={p.slug} className="card post-card">
              <p className="post-meta">
                <time dateTime={p.meta.date}>{formatDate(p.meta.date ?? '')}</time> · {readingMinutes(p.body)} min read
              </p>
              <h2>
                <Link href={`/resources/blog/${p.slug}`}>{p.meta.title}</Link>
              </h2>
              <p>{p.meta.summary}</p>
              <p className="post-author">{p.meta.author}</p>
            </article>
          ))}
        </div>
      </div>
    </main>
  );
}
