import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { SCORE_ALERT_THRESHOLD, type NotificationKind } from '../../api/notifications';
import type { NotificationSettings } from '../../api/user';
import type { Db } from '../db/client';
import { alerts, notifications, projects, projectSignals, scoreSnapshots } from '../db/schema/index';
import { enqueue } from '../jobs/queue';
import { describeMove } from '../ratings/methodology';
import { rows } from '../db/rows';
import { usd } from '../lib/usd';
import { enqueueWebhookDeliveries, eventsForSnapshot, type WebhookEventSource } from '../webhooks/fanout';
import { mergeSettings } from './settings';

type Snapshot = typeof scoreSnapshots.$inferSelect;

/** A notification to create for every watcher of a project. `change`: its title without the project's name. */
export type Draft = {
  kind: NotificationKind;
  changeKey: string;
  title: string;
  body: string;
  change?: string;
};

const one = (n: number) => Math.abs(n).toFixed(1);

/** The drafts one snapshot gives against the previous one (none for a project's first snapshot). */
export function draftsForSnapshot(
  projectName: string,
  snap: Snapshot,
  prev: Snapshot | undefined,
  values: Record<string, number | null>,
): Draft[] {
  if (!prev) return [];
  const drafts: Draft[] = [];
  const key = (kind: NotificationKind) => `snapshot:${snap.id}:${kind}`;
  const delta = Math.round((snap.score - prev.score) * 10) / 10;
  if (Math.abs(delta) >= SCORE_ALERT_THRESHOLD) {
    const top = [...snap.moves].sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))[0];
    // "by": "fell 11.2 to 82.1" read as a range of scores.
    const change = `score ${delta < 0 ? 'fell' : 'rose'} by ${one(delta)} to ${snap.score.toFixed(1)}`;
    drafts.push({
      kind: 'score',
      changeKey: key('score'),
      title: `${projectName}'s ${change}`,
      change,
      body: top
        ? `Moved most: ${describeMove(top, values, snap.computedAt)}.`
        : `Recomputed with methodology ${snap.methodologyVersion}.`,
    });
  }
  if (snap.tier !== prev.tier) {
    drafts.push({
      kind: 'tier',
      changeKey: key('tier'),
      title: `${projectName} moved from ${prev.tier} to ${snap.tier}`,
      change: `moved from ${prev.tier} to ${snap.tier}`,
      body: `Its score is now ${snap.score.toFixed(1)} (was ${prev.score.toFixed(1)}).`,
    });
  }
  const badges: string[] = [];
  if (Boolean(snap.audited) !== Boolean(prev.audited))
    badges.push(`${snap.audited ? 'gained' : 'lost'} its audit badge`);
  if (Boolean(snap.kyc) !== Boolean(prev.kyc)) badges.push(`${snap.kyc ? 'gained' : 'lost'} its KYC badge`);
  if (badges.length > 0) {
    const why: string[] = [];
    if (Boolean(snap.audited) !== Boolean(prev.audited)) {
      why.push(
        snap.audited ? 'A security audit is now on record.' : 'No current security audit is on record.',
      );
    }
    if (Boolean(snap.kyc) !== Boolean(prev.kyc)) {
      why.push(
        snap.kyc
          ? 'The team has passed KYC verification.'
          : 'The team’s KYC verification is no longer on record.',
      );
    }
    drafts.push({
      kind: 'badge',
      changeKey: key('badge'),
      title: `${projectName} ${badges.join(' and ')}`,
      change: badges.join(' and '),
      body: why.join(' '),
    });
  }
  return drafts;
}

/**
 * One notification (so one mail) per recompute of a project: a snapshot that changed the score, the tier and a
 * badge at once gave its watchers three of each. The one notification lists every change; its kind is the first
 * change's (score, then tier, then badge). Webhooks still get an event per kind, as each hook subscribes by kind.
 */
export function groupDrafts(projectName: string, snapshotId: number, drafts: Draft[]): Draft[] {
  if (drafts.length < 2) return drafts;
  return [
    {
      kind: drafts[0]!.kind,
      changeKey: `snapshot:${snapshotId}`,
      title: `${projectName}: ${drafts.map((d) => d.change ?? d.title).join('; ')}`,
      body: drafts.map((d) => d.body).join(' '),
    },
  ];
}

/** Users whose watchlists hold the project, with their notification settings. */
async function watchersOf(
  db: Db,
  projectId: string,
): Promise<{ userId: string; settings: NotificationSettings }[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT w.user_id, s.settings
    FROM watchlists w LEFT JOIN sso_settings s ON s.user_id = w.user_id
    WHERE ${projectId} = ANY (w.projects)`);
  return rows<{ user_id: string; settings: Record<string, unknown> | string | null }>(result).map((r) => ({
    userId: r.user_id,
    settings: mergeSettings(
      typeof r.settings === 'string' ? (JSON.parse(r.settings) as Record<string, unknown>) : r.settings,
    ),
  }));
}

/** Whether a notification of this kind is mailed to a user at all (its mode says when). */
export function wantsMail(kind: NotificationKind, settings: NotificationSettings): boolean {
  if (settings.alertMail === 'off') return false;
  return kind === 'incident' ? settings.securityAlerts : settings.watchlistUpdates;
}

/**
 * Inserts one notification per watcher and draft; an existing (user, changeKey) is left alone, so a retried job or
 * a second instance adds nothing. New rows mailed instantly get a `mail-notification` job in the same transaction.
 * The change's webhook deliveries (`events`, server/webhooks/fanout.ts) are queued in the same transaction.
 * Returns how many rows were new.
 */
export async function notifyWatchers(
  db: Db,
  projectId: string,
  drafts: Draft[],
  events: WebhookEventSource[] = [],
): Promise<number> {
  if (drafts.length === 0) return 0;
  return db.transaction(async (tx) => {
    const watchers = await watchersOf(tx, projectId);
    if (watchers.length === 0) return 0;
    const values = watchers.flatMap((w) =>
      drafts.map((d) => ({
        userId: w.userId,
        projectId,
        kind: d.kind,
        title: d.title,
        body: d.body,
        changeKey: d.changeKey,
        mailStatus: wantsMail(d.kind, w.settings) ? ('pending' as const) : ('skipped' as const),
      })),
    );
    const instant = new Set(watchers.filter((w) => w.settings.alertMail === 'instant').map((w) => w.userId));
    let created = 0;
    for (let i = 0; i < values.length; i += 500) {
      const inserted = await tx
        .insert(notifications)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing({ target: [notifications.userId, notifications.changeKey] })
        .returning({
          id: notifications.id,
          userId: notifications.userId,
          mailStatus: notifications.mailStatus,
        });
      created += inserted.length;
      for (const n of inserted) {
        if (n.mailStatus === 'pending' && instant.has(n.userId)) {
          await enqueue(
            tx,
            'mail-notification',
            { notificationId: n.id },
            { singletonKey: `mail-notification:${n.id}` },
          );
        }
      }
    }
    await enqueueWebhookDeliveries(tx, projectId, events);
    return created;
  });
}

/** `notify-change` {snapshotId}: score, tier and badge notifications for the watchers of the snapshot's project. */
export async function notifyChange(db: Db, snapshotId: number): Promise<number> {
  const [snap] = await db.select().from(scoreSnapshots).where(eq(scoreSnapshots.id, snapshotId));
  if (!snap) return 0; // the project (and its history) was deleted since
  const [prev] = await db
    .select()
    .from(scoreSnapshots)
    .where(
      and(
        eq(scoreSnapshots.projectId, snap.projectId),
        or(
          lt(scoreSnapshots.computedAt, snap.computedAt),
          and(eq(scoreSnapshots.computedAt, snap.computedAt), lt(scoreSnapshots.id, snap.id)),
        ),
      ),
    )
    .orderBy(desc(scoreSnapshots.computedAt), desc(scoreSnapshots.id))
    .limit(1);
  const [project] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, snap.projectId));
  if (!project) return 0;
  const [signals] = await db
    .select({ values: projectSignals.values })
    .from(projectSignals)
    .where(eq(projectSignals.projectId, snap.projectId));
  const drafts = draftsForSnapshot(project.name, snap, prev, signals?.values ?? {});
  const events = prev
    ? eventsForSnapshot({ id: snap.projectId, name: project.name }, snap, prev, drafts)
    : [];
  return notifyWatchers(db, snap.projectId, groupDrafts(project.name, snap.id, drafts), events);
}

/** `notify-incident` {alertId}: an incident notification for the watchers of the project the alert names. */
export async function notifyIncident(db: Db, alertId: number): Promise<number> {
  const [alert] = await db
    .select({
      id: alerts.id,
      projectId: alerts.projectId,
      projectName: projects.name,
      severity: alerts.severity,
      title: alerts.title,
      description: alerts.description,
      lossUsd: alerts.lossUsd,
      occurredAt: alerts.occurredAt,
      score: projects.score,
      tier: projects.tier,
    })
    .from(alerts)
    .innerJoin(projects, eq(projects.id, alerts.projectId))
    .where(eq(alerts.id, alertId));
  if (!alert) return 0;
  const loss = alert.lossUsd ? ` Reported loss: ${usd(alert.lossUsd)}.` : '';
  const title = `Security incident at ${alert.projectName}: ${alert.title}`;
  return notifySecurityAlert(db, {
    project: { id: alert.projectId, name: alert.projectName, score: alert.score, tier: alert.tier },
    changeKey: `alert:${alert.id}`,
    severity: alert.severity,
    title,
    details: `${alert.description}${loss}`,
    occurredAt: alert.occurredAt,
    change: {
      alert: {
        id: alert.id,
        severity: alert.severity,
        title: alert.title,
        description: alert.description,
        lossUsd: alert.lossUsd,
        occurredAt: alert.occurredAt.toISOString(),
      },
      summary: title,
    },
  });
}

/** A security alert about a project: what its watchers get, as a notification and as a webhook event. */
export type SecurityAlert = {
  project: WebhookEventSource['project'];
  /** Names the alert for both: one notification per watcher, one delivery per webhook. */
  changeKey: string;
  severity: string;
  title: string;
  /** The notification's body after its "<Severity> severity." lead. */
  details: string;
  occurredAt: Date;
  /** The webhook event's `change`. */
  change: Record<string, unknown>;
};

/** Notifies a project's watchers of a security alert (kind 'incident'), and its partner webhooks that want incidents. */
export function notifySecurityAlert(db: Db, a: SecurityAlert): Promise<number> {
  const draft: Draft = {
    kind: 'incident',
    changeKey: a.changeKey,
    title: a.title,
    body: `${a.severity[0]!.toUpperCase()}${a.severity.slice(1)} severity. ${a.details}`,
  };
  const event: WebhookEventSource = {
    event: 'incident',
    changeKey: a.changeKey,
    createdAt: a.occurredAt,
    project: a.project,
    change: a.change,
  };
  return notifyWatchers(db, a.project.id, [draft], [event]);
}
