import type { RenderedDoc } from '../../lib/markdown';

/** Blog posts: every content/blog/*.md file, newest first. */
const files = import.meta.glob('../../../content/blog/*.md', {
  query: '?doc',
  import: 'default',
  eager: true,
}) as Record<string, RenderedDoc>;

export const POSTS: RenderedDoc[] = Object.values(files).sort((a, b) =>
  (b.meta.date ?? '').localeCompare(a.meta.date ?? ''),
);

export const readingMinutes = (body: string) => Math.max(1, Math.round(body.split(/\s+/).length / 220));
