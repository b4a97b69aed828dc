import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { enqueue } from '../jobs/queue';
import { rows } from '../db/rows';

/** The methodology's incident signals look back this far (as the seed's generated incidents do). */
export const INCIDENT_WINDOW_DAYS = 365;

export type IncidentSignals = { incidents12m: number; incidentLossUsd12m: number };

/**
 * A project's operational incident signals from the incidents database: how many incidents it had in the
 * INCIDENT_WINDOW_DAYS up to `asOf`, and the funds they cost (losses as reported; returns do not undo a breach).
 */
export async function incidentSignals(db: Db, projectId: string, asOf: Date): Promise<IncidentSignals> {
  const day = asOf.toISOString().slice(0, 10);
  const [r] = rows<{ n: number; loss: number | string | null }>(
    await db.execute(sql`
      SELECT count(*)::int AS n, coalesce(sum(loss_usd), 0)::float8 AS loss
      FROM incidents
      WHERE project_id = ${projectId}
        AND occurred_on <= ${day}::date
        AND occurred_on > ${day}::date - ${INCIDENT_WINDOW_DAYS}::int`),
  );
  return { incidents12m: r?.n ?? 0, incidentLossUsd12m: Math.round(Number(r?.loss ?? 0)) };
}

/**
 * After an incident on a rated project is recorded: writes its incident signals into `project_signals.values` and
 * queues a recompute of the project (reason 'incident'), in the caller's transaction, so the job exists exactly
 * when the incident does. The recompute job stores the snapshot (history) and the watchers' notifications.
 */
export async function queueIncidentRecompute(
  db: Db,
  projectId: string,
  asOf: Date,
): Promise<IncidentSignals> {
  const values = await incidentSignals(db, projectId, asOf);
  await db.execute(sql`
    UPDATE project_signals SET "values" = "values" || ${JSON.stringify(values)}::jsonb,
      version = version + 1, updated_at = now()
    WHERE project_id = ${projectId}`);
  await enqueue(db, 'recompute', { ids: [projectId], reason: 'incident' });
  return values;
}
