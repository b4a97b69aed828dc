import { z } from 'zod';
import { latestIncidents } from '../../incidents/queries';
import { siteOrigin } from '../../accounts/origin';
import { errorsOnly } from '../../routing/schemas';
import type { FastifyInstance } from 'fastify';
import { Created, IncidentReportBody } from '../../../api/site.schemas';
import { created, typed } from '../../routing/schemas';
import { saveIncidentReport } from '../../incidents/queries';
import { LIMITS } from '../../plugins/app/rateLimit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const AtomFeed = z.string().meta({ description: 'Atom 1.0 XML' });

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const usd = (n: number) =>
  n >= 1e9
    ? `$${(n / 1e9).toFixed(1)}B`
    : n >= 1e6
      ? `$${(n / 1e6).toFixed(1)}M`
      : `$${Math.round(n).toLocaleString('en-US')}`;

/**
 * Incidents: a visitor's report (POST /api/incidents, moderated at /api/admin/incident-reports) and the Atom feed of
 * the latest (GET /api/incidents.atom).
 */
export default async function apiIncidentsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  // Anonymous writes are limited per address (LIMITS) so a script cannot fill the tables.
  app.post(
    '/incidents',
    {
      config: { rateLimit: LIMITS.incidents },
      schema: { summary: 'Report a security incident', body: IncidentReportBody, response: created(Created) },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await saveIncidentReport(app.db, {
        projectName: body.projectName,
        description: body.description,
        txHash: body.txHash || null,
        contactEmail: body.contactEmail ?? null,
        userId: userId(request.user?.username),
      });
      return reply.status(201).send({ id });
    },
  );

  // Untyped: its success is XML, not a JSON schema's answer.
  fastify.get(
    '/incidents.atom',
    {
      schema: {
        tags: ['Projects'],
        summary: 'The incidents database as an Atom 1.0 feed, newest first',
        response: {
          200: {
            description: 'An Atom 1.0 feed of the latest 50 incidents.',
            content: { 'application/atom+xml': { schema: AtomFeed } },
          },
          ...errorsOnly,
        },
      },
    },
    async (_request, reply) => {
      const list = await latestIncidents(app.db, 50);
      const origin = siteOrigin(app);
      const page = `${origin}/resources/incidents`;
      const updated = list.reduce((latest, r) => (r.createdAt > latest ? r.createdAt : latest), new Date(0));
      const entries = list.map((r) => {
        const link =
          r.sourceUrl ?? (r.projectId ? `${origin}/projects/${encodeURIComponent(r.projectId)}` : page);
        const loss = r.lossUsd != null ? ` Loss: ${usd(r.lossUsd)}.` : '';
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
      const xml = [
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
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );
}

function userId(username: string | undefined): string | null {
  return username && UUID.test(username) ? username : null;
}
