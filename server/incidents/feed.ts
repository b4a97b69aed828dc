import { formatUsd } from '../../api/format';
import type { IncidentRow } from './queries';

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The Atom 1.0 feed of these incidents (GET /api/incidents.atom), its links on the site at `origin`. */
export function incidentsAtom(list: IncidentRow[], origin: string): string {
  const page = `${origin}/resources/incidents`;
  const updated = list.reduce((latest, r) => (r.createdAt > latest ? r.createdAt : latest), new Date(0));
  const entries = list.map((r) => {
    const link =
      r.sourceUrl ?? (r.projectId ? `${origin}/projects/${encodeURIComponent(r.projectId)}` : page);
    const loss = r.lossUsd != null ? ` Loss: ${formatUsd(r.lossUsd)}.` : '';
    const summary = `${r.description}${loss}${r.source === 'demo' ? ' (Demo data)' : ''}`;
    return [
      '  <entry>',
      `    <id>${escapeXml(`${page}#incident-${r.id}`)}</id>`,
      `    <title>${escapeXml(`${r.projectName}: ${r.type}`)}</title>`,
      `    <updated>${new Date(`${r.occurredOn}T00:00:00Z`).toISOString()}</updated>`,
      `    <link rel="alternate" href="${escapeXml(link)}"/>`,
      `    <category term="${escapeXml(r.type)}"/>`,
      `    <summary type="text">${escapeXml(summary)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(page)}</id>`,
    '  <title>Sentinel Ratings: security incidents</title>',
    `  <updated>${(list.length > 0 ? updated : new Date(0)).toISOString()}</updated>`,
    '  <author><name>Sentinel Ratings</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/api/incidents.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
