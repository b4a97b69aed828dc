import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '../accounts/clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { notifications, projects, users } from '../db/schema/index';
import { createMailer, outboxEnabled, type Mailer } from '../mail/index';
import { alertDigestMail, alertMail, type AlertMailItem, type AlertMailLinks } from '../mail/templates';
import { ssoSettingsLink } from '../accounts/settingsLink';
import { rows } from '../db/rows';
import { settingsOf } from './settings';
import { wantsMail } from './create';

/** What sending alert mail needs: configuration, this site's origin (from configuration), the clock and a log. */
export type MailDeps = {
  config: Config;
  /** The origin links are built on: PUBLIC_URL, else http://HOST:PORT — never a request's Host. */
  origin: () => string;
  clock: Clock;
  log: FastifyBaseLogger;
};

const mailerFor = (deps: MailDeps, db: Db): Mailer =>
  createMailer({ config: deps.config, db, clock: deps.clock, log: deps.log });

/** Alert mail can go out: over SMTP, or into the development outbox. Otherwise it is skipped. */
const canMail = (config: Config) => Boolean(config.smtpUrl) || outboxEnabled(config);

function linksFor(deps: MailDeps, userId: string): AlertMailLinks {
  const origin = deps.origin().replace(/\/$/, '');
  return {
    notificationsUrl: `${origin}/my/notifications`,
    settingsLink: ssoSettingsLink(origin, deps.config.authSecret, userId, deps.clock.now()),
  };
}

const projectUrl = (deps: MailDeps, projectId: string) =>
  `${deps.origin().replace(/\/$/, '')}/projects/${encodeURIComponent(projectId)}`;

/**
 * Sends `mail` and marks the rows sent, exactly once where the mailer allows it. With the outbox the mail is a row
 * written in the same transaction as the mark, so a retry finds the rows sent and mails nothing. With SMTP the
 * mail leaves before the transaction commits: if the commit (or the process) fails after the send, the retry
 * sends again — at least once, never silently dropped; the window is the commit after one SMTP send.
 */
async function sendAndMark(
  tx: Db,
  deps: MailDeps,
  to: string,
  ids: number[],
  build: () => Parameters<Mailer['send']>[1],
) {
  await mailerFor(deps, tx).send(to, build());
  await tx
    .update(notifications)
    .set({ mailStatus: 'sent', mailedAt: deps.clock.now() })
    .where(inArray(notifications.id, ids));
}

const skip = (tx: Db, ids: number[]) =>
  tx.update(notifications).set({ mailStatus: 'skipped' }).where(inArray(notifications.id, ids));

/** `mail-notification` {notificationId}: one alert mailed as it happens. */
export async function mailNotification(db: Db, deps: MailDeps, notificationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock makes a second runner (a lease taken over) wait, then find the row no longer pending.
    const [n] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.mailStatus, 'pending')))
      .for('update');
    if (!n) return;
    const settings = await settingsOf(tx, n.userId);
    // Settings may have changed since the notification was made: a digest user's row waits for the digest.
    if (settings.alertMail === 'daily' || settings.alertMail === 'weekly') return;
    if (!wantsMail(n.kind, settings) || !canMail(deps.config)) return void (await skip(tx, [n.id]));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, n.userId));
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, n.projectId));
    if (!user || !project) return void (await skip(tx, [n.id]));
    const item: AlertMailItem = {
      title: n.title,
      body: n.body,
      projectName: project.name,
      projectUrl: projectUrl(deps, n.projectId),
    };
    await sendAndMark(tx, deps, user.email, [n.id], () => alertMail(item, linksFor(deps, n.userId)));
  });
}

/** At most this many alerts are listed in one digest (the rest are on /my/notifications). */
const DIGEST_MAX_ITEMS = 50;

/**
 * `digest-daily` / `digest-weekly`: for every user in that mode with pending notifications, one mail listing them,
 * then the rows are marked sent (per user in its own transaction, so a retry after a failure mails only the users
 * not done yet). Pending rows of users who turned alert mail off meanwhile are marked skipped; rows left pending
 * by a switch from a digest to instant mail go out with the next daily digest.
 */
export async function sendDigests(db: Db, deps: MailDeps, period: 'daily' | 'weekly'): Promise<number> {
  const graceCutoff = new Date(deps.clock.now().getTime() - 3_600_000);
  const result = await db.execute(sql`
    SELECT DISTINCT n.user_id FROM notifications n
    LEFT JOIN sso_settings s ON s.user_id = n.user_id
    WHERE n.mail_status = 'pending'
      AND (coalesce(s.settings ->> 'alertMail', 'instant') IN (${period}, 'off')
        -- A user who switched from a digest to instant mail keeps rows made before the switch, which no instant
        -- job will send: the daily digest takes them (an hour's grace leaves fresh rows to their instant job).
        OR (${period} = 'daily' AND coalesce(s.settings ->> 'alertMail', 'instant') = 'instant'
            AND n.created_at < ${graceCutoff.toISOString()}::timestamptz))`);
  let mailed = 0;
  for (const { user_id: userId } of rows<{ user_id: string }>(result)) {
    await db.transaction(async (tx) => {
      const settings = await settingsOf(tx, userId);
      const leftovers = period === 'daily' && settings.alertMail === 'instant';
      const pending = await tx
        .select({
          id: notifications.id,
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          projectId: notifications.projectId,
          projectName: projects.name,
        })
        .from(notifications)
        .innerJoin(projects, eq(projects.id, notifications.projectId))
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.mailStatus, 'pending'),
            leftovers ? lt(notifications.createdAt, graceCutoff) : undefined,
          ),
        )
        .orderBy(asc(notifications.createdAt), asc(notifications.id))
        .for('update', { of: notifications });
      if (pending.length === 0 || (settings.alertMail !== period && !leftovers)) {
        if (settings.alertMail === 'off')
          await skip(
            tx,
            pending.map((p) => p.id),
          );
        return;
      }
      const wanted = pending.filter((p) => wantsMail(p.kind, settings));
      const unwanted = pending.filter((p) => !wantsMail(p.kind, settings));
      if (unwanted.length > 0)
        await skip(
          tx,
          unwanted.map((p) => p.id),
        );
      if (wanted.length === 0) return;
      if (!canMail(deps.config))
        return void (await skip(
          tx,
          wanted.map((p) => p.id),
        ));
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) return;
      const items: AlertMailItem[] = wanted.slice(0, DIGEST_MAX_ITEMS).map((p) => ({
        title: p.title,
        body: p.body,
        projectName: p.projectName,
        projectUrl: projectUrl(deps, p.projectId),
      }));
      await sendAndMark(
        tx,
        deps,
        user.email,
        wanted.map((p) => p.id),
        () => alertDigestMail(period, items, linksFor(deps, userId)),
      );
      mailed++;
    });
  }
  return mailed;
}
