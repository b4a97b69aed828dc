import { Link } from 'wouter';
import { useTitle } from '../../lib/title';
import { formatDate } from '../../../api/format';
import type { RenderedDoc } from '../../lib/markdown';
import { POSTS, readingMinutes } from './posts';
import '../../components/marketing.css';
import '../../components/prose.css';

/** A post's card in the list: date, reading time, linked title, summary and author; the newest one is featured. */
function PostCard({ post, featured }: { post: RenderedDoc; featured?: boolean }) {
  return (
    <article className={featured ? 'card post-card post-featured' : 'card post-card'}>
      <p className="post-meta">
        <time dateTime={post.meta.date}>{formatDate(post.meta.date ?? '')}</time> · {readingMinutes(post.body)} min read
      </p>
      <h2>
        <Link href={`/resources/blog/${post.slug}`}>{post.meta.title}</Link>
      </h2>
      <p>{post.meta.summary}</p>
      <p className="post-author">{post.meta.author}</p>
    </article>
  );
}

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
        {featured && <PostCard post={featured} featured />}
        <div className="post-grid">
          {rest.map((p) => (
            <PostCard key={p.slug} post={p} />
          ))}
        </div>
      </div>
    </main>
  );
}
