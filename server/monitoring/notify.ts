import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contracts, privilegedEvents, projects } from '../db/schema/index';
import { notifySecurityAlert } from '../notifications/create';

/**
 * `notify-privileged` {eventId}: a privileged transaction on a monitored contract notifies the watchers of its
 * project as a security alert (kind 'incident'): a bell notification each, mail per their settings and the partner
 * webhooks that want incidents, through the same machinery as notifyIncident. The change key
 * `privileged:<eventId>` makes a retried job add nothing. Events of 'low' severity (set at deployment) notify no one.
 * Returns how many notifications were new. (The contract's surface and signals are read again by the
 * `monitoring-refresh` job that the store enqueues beside it: refresh.ts.)
 */
export async function notifyPrivileged(db: Db, eventId: number): Promise<number> {
  const [e] = await db
    .select({
      event: privilegedEvents,
      projectId: projects.id,
      projectName: projects.name,
      score: projects.score,
      tier: projects.tier,
      chain: contracts.chain,
    })
    .from(privilegedEvents)
    .innerJoin(contracts, eq(contracts.address, privilegedEvents.address))
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(eq(privilegedEvents.id, eventId));
  if (!e || e.event.severity === 'low') return 0;
  const ev = e.event;
  return notifySecurityAlert(db, {
    project: { id: e.projectId, name: e.projectName, score: e.score, tier: e.tier },
    changeKey: `privileged:${ev.id}`,
    severity: ev.severity,
    title: `Privileged transaction at ${e.projectName}: ${ev.sentence}`,
    details:
      `${ev.sentence} (${ev.function}, sent by ${ev.from || 'unknown'}) in transaction ` +
      `${ev.transactionHash}, block ${ev.blockNumber} on ${e.chain}.`,
    occurredAt: ev.occurredAt,
    change: {
      privilegedTransaction: {
        id: ev.id,
        kind: ev.kind,
        severity: ev.severity,
        chainId: ev.chainId,
        contract: ev.address,
        hash: ev.transactionHash,
        blockNumber: ev.blockNumber,
        logIndex: ev.logIndex,
        function: ev.function,
        from: ev.from,
        occurredAt: ev.occurredAt.toISOString(),
      },
      summary: ev.sentence,
    },
  });
}
