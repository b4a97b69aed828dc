import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/site';
import type { Clock } from '../accounts/clock';
import type { MailContent } from './templates';

export type Mailer = {
  /** 'smtp' sends over SMTP_URL; 'outbox' keeps mail in the outbox table (development and tests). */
  readonly kind: 'smtp' | 'outbox';
  send: (to: string, content: MailContent) => Promise<void>;
};

/** True when the development outbox (table, JSON and page) exists: no SMTP_URL and not production. */
export const outboxEnabled = (config: Config) => !config.smtpUrl && !config.production;

export function createMailer(opts: { config: Config; db: Db; clock: Clock; log: FastifyBaseLogger }): Mailer {
  const { config, db, clock, log } = opts;
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    // Made on the first mail: loading nodemailer cost every start ~90 ms.
    let transport: Promise<Transporter> | undefined;
    return {
      kind: 'smtp',
      async send(to, content) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (
          await transport
        ).sendMail({
          from: config.mailFrom,
          to,
          subject: content.subject,
          text: content.text,
          html: content.html,
        });
        log.info({ to, subject: content.subject }, 'mail sent');
      },
    };
  }
  return {
    kind: 'outbox',
    async send(to, content) {
      if (config.production) throw new Error('No SMTP_URL in production: mail cannot be sent');
      await db.insert(outbox).values({
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        code: content.code ?? null,
        sentAt: clock.now(),
      });
      log.info({ to, subject: content.subject, code: content.code }, 'mail kept in the outbox (no SMTP_URL)');
    },
  };
}

/**
 * The outbox's newest mail (200 at most), to one address or to all (an empty `to` is all), as its JSON and its page
 * (GET /api/dev/outbox, /dev/outbox) show it.
 */
export async function outboxMail(db: Db, to: string | undefined) {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.sentAt), desc(outbox.id))
    .limit(200);
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    code: r.code ?? undefined,
    sentAt: r.sentAt.toISOString(),
  }));
}
