import { Link } from 'wouter';
import { useTitle } from '../../lib/title';
import { Icon } from '../../components/Icon';
import { NotFound } from '../../pages/NotFoundPage';
import { formatDate } from '../../../api/format';
import { POSTS, readingMinutes } from './posts';
import { Prose } from '../../components/Prose';
import '../../components/marketing.css';

/** /resources/blog/{slug} */
export default function BlogPostPage({ slug }: { slug: string }) {
  const post = POSTS.find((p) => p.slug === slug);
  useTitle(post?.meta.title ?? 'Page not found');
  if (!post) return <NotFound />;
  return (
    <main id="main" className="blog-post">
      <article>
        <header className="post-header">
          <div className="container post-header-inner">
            <Link href="/resources/blog" className="back-link">
              <Icon name="chevronLeft" size={16} /> All posts
            </Link>
            <h1>{post.meta.title}</h1>
            <p className="post-summary">{post.meta.summary}</p>
            <p className="post-meta">
              {post.meta.author} · <time dateTime={post.meta.date}>{formatDate(post.meta.date ?? '')}</time> ·{' '}
              {readingMinutes(post.body)} min read
            </p>
          </div>
        </header>
        <Prose html={post.html} className="post-body" />
      </article>
    </main>
  );
}
