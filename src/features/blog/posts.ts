import { parseDoc, slugFromPath, type Doc } from '../../lib/markdown';

/** Blog posts: every content/blog/*.md file, newest first. */
const files = import.meta.glob('../../../content/blog/*.md', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

export const POSTS: Doc[] = Object.entries(files)
  .map(([path, raw]) => parseDoc(slugFromPath(path), raw))
  .sort((a, b) => (b.meta.date ?? '').localeCompare(a.meta.date ?? ''));

export const readingMinutes = (body: string) => Math.max(1, Math.round(body.split(/\s+/).length / 220));
