import { desc, eq } from 'drizzle-orm';
import type { Alert } from '../../api/projects';
import type { Db } from '../db/client';
import { alerts, projects } from '../db/schema/index';

/** The latest security alerts, newest first, with their project's name and logo. */
export async function latestAlerts(db: Db, limit: number): Promise<Alert[]> {
  const found = await db
    .select({
      id: alerts.id,
      projectId: alerts.projectId,
      projectName: projects.name,
      projectLogo: projects.logo,
      severity: alerts.severity,
      title: alerts.title,
      description: alerts.description,
      lossUsd: alerts.lossUsd,
      occurredAt: alerts.occurredAt,
    })
    .from(alerts)
    .innerJoin(projects, eq(projects.id, alerts.projectId))
    .orderBy(desc(alerts.occurredAt), desc(alerts.id))
    .limit(limit);
  return found.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() }));
}
