import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { badgePath } from '../../../api/compare';
import {
  badgeEmbedMachine,
  embedCodes,
  type EmbedFormat,
} from '../../../machines/projects/compare/badgeEmbed.machine';
import { inspect } from '../../lib/inspect';
import './embedBadge.css';

const liveBadgeEmbedMachine = badgeEmbedMachine.provide({
  actors: {
    copy: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
});

const FORMATS: { format: EmbedFormat; label: string }[] = [
  { format: 'html', label: 'HTML' },
  { format: 'markdown', label: 'Markdown' },
];

/**
 * "Embed badge": a disclosure with the project's score badge (GET /badge/{id}.svg), a preview, and its HTML and
 * Markdown embed code to copy. Renders the badgeEmbed machine.
 */
export function EmbedBadgePanel({ projectId, name }: { projectId: string; name: string }) {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const src = badgePath(projectId);
  const actorRef = useActorRef(liveBadgeEmbedMachine, {
    input: { codes: embedCodes(origin, `/projects/${encodeURIComponent(projectId)}`, src, name) },
    inspect,
  });
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const copying = useSelector(actorRef, (s) => s.hasTag('copying'));
  const codes = useSelector(actorRef, (s) => s.context.codes);
  const copied = useSelector(actorRef, (s) => s.context.copied);
  return (
    <section className="card panel embed-badge" aria-labelledby="embed-badge-title" data-scope="embed-badge">
      <div className="panel-head">
        <h2 id="embed-badge-title">Score badge</h2>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={open}
          aria-controls="embed-badge-body"
          onClick={() => actorRef.send({ type: 'TOGGLE' })}
        >
          Embed badge
        </button>
      </div>
      <p className="muted small">Show {name}’s current score and tier on your site; it links back here.</p>
      {open && (
        <div id="embed-badge-body" data-part="body">
          <p>
            <img src={src} alt={`${name} security score badge`} height={20} />
          </p>
          {FORMATS.map(({ format, label }) => (
            <div key={format} className="embed-code">
              <label htmlFor={`embed-code-${format}`} className="small">
                {label}
              </label>
              <textarea
                id={`embed-code-${format}`}
                readOnly
                rows={3}
                value={codes[format]}
                className="embed-code-text"
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={copying}
                onClick={() => actorRef.send({ type: 'COPY', format })}
              >
                Copy {label}
              </button>
            </div>
          ))}
          <p role="status" className="muted small">
            {copied ?? ''}
          </p>
        </div>
      )}
    </section>
  );
}
