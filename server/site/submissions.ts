import type { Db } from '../db/client';
import { clientErrors, quoteRequests, userEvents } from '../db/schema/index';

/** What visitors send the site without an account: audit quote requests, analytics events, browsers' errors. */

export async function saveQuoteRequest(db: Db, request: typeof quoteRequests.$inferInsert): Promise<number> {
  const [row] = await db.insert(quoteRequests).values(request).returning({ id: quoteRequests.id });
  return row!.id;
}

export async function recordUserEvent(db: Db, event: typeof userEvents.$inferInsert): Promise<void> {
  await db.insert(userEvents).values(event);
}

export async function saveClientError(db: Db, report: typeof clientErrors.$inferInsert): Promise<void> {
  await db.insert(clientErrors).values(report);
}
