import { useResource } from '../lib/useResource';
import { renderMarkdown } from '../lib/markdown';
import './prose.css';

/** Rendered Markdown from our own repository content (trusted, not user input). */
export function Prose({ body }: { body: string }) {
  const html = useResource(() => renderMarkdown(body));
  if (!html.data) return <div className="prose prose-loading" aria-busy="true" />;
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html.data }} />;
}
