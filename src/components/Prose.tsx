import './prose.css';

/**
 * A page's body: markdown from our own repository content (trusted, not user input), rendered to HTML at build
 * time, in the block (`className`) the page lays it out in.
 */
export function Prose({ html, className }: { html: string; className: string }) {
  return (
    <div className={className}>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
