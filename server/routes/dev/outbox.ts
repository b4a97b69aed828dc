import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml, PAGES_CSS_URL } from '../../accounts/pages';
import { outboxEnabled, outboxMail } from '../../mail/index';
import { typed } from '../../routing/schemas';

const OutboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/**
 * The development outbox as a page (/dev/outbox): mail kept when there is no SMTP_URL; absent when SMTP_URL is set or
 * NODE_ENV=production.
 */
export default async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  if (!outboxEnabled(app.config)) return;

  app.get('/outbox', { schema: { querystring: OutboxQuery } }, async (request, reply) => {
    const { to } = request.query;
    const mails = await outboxMail(app.db, to);
    const rows = mails
      .map(
        (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.sentAt}">${m.sentAt}</time></p>
${m.code ? `<p>Code: <code data-code>${escapeHtml(m.code)}</code></p>` : ''}
<pre>${escapeHtml(m.text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Sentinel Ratings</title>
<link rel="stylesheet" href="${PAGES_CSS_URL}">
</head><body class="outbox"><main>
<h1>Outbox</h1>
<p>Mail is kept here because no SMTP_URL is set. Newest first.</p>
<form method="get"><label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"> <button type="submit">Filter</button></form>
${rows || '<p>No mail yet.</p>'}
</main></body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
