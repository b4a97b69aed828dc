import './prose.css';

/** Markdown from our own repository content (trusted, not user input), rendered to HTML at build time. */
export function Prose({ html }: { html: string }) {
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
