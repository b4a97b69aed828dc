import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/accounts';
import type { SessionUser } from '../plugins/app/session';

/**
 * Session records (the `sessions` table), shared by every instance on one database. The cookie carries only the
 * record id (sealed); revocation, expiry and the user's current data are decided here on every request.
 */

/** Idle lifetime: a session not read for 30 days ends; reading it (GET /api/auth/session) renews it. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** Absolute lifetime: 90 days after sign-in a session ends, however often it was renewed. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;

export type SessionRecord = typeof sessions.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The admin role follows the configuration, evaluated now (never stored, never taken from the cookie). */
export function roleFor(config: Config, email: string): 'user' | 'admin' {
  return config.adminEmails.includes(email.toLowerCase()) ? 'admin' : 'user';
}

/** The user as routes see it, from the account row as it is now (`adminId` while impersonating). */
export function sessionUserFor(config: Config, row: UserRow, adminId?: string | null): SessionUser {
  return {
    username: row.id,
    email: row.email,
    role: roleFor(config, row.email),
    ...(row.image ? { image: row.image } : {}),
    ...(adminId ? { adminId } : {}),
  };
}

/**
 * Creates a session for `userId` (impersonation: `adminId` is the admin). `absoluteExpiresAt` continues an earlier
 * sign-in's cap (impersonation start/exit must not extend it); otherwise the cap starts now.
 */
export async function createSession(
  db: Db,
  now: Date,
  opts: { userId: string; adminId?: string; absoluteExpiresAt?: Date },
): Promise<SessionRecord> {
  const absoluteExpiresAt = opts.absoluteExpiresAt ?? new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  // Drop this user's dead records while we are here, so the table does not grow with every sign-in.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, opts.userId),
        or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now), isNotNull(sessions.revokedAt)),
      ),
    );
  const [row] = await db
    .insert(sessions)
    .values({
      id: randomBytes(32).toString('base64url'),
      userId: opts.userId,
      adminId: opts.adminId ?? null,
      createdAt: now,
      expiresAt: idleExpiry(now, absoluteExpiresAt),
      absoluteExpiresAt,
    })
    .returning();
  if (!row) throw new Error('could not create the session');
  return row;
}

const idleExpiry = (now: Date, absolute: Date) =>
  new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absolute.getTime()));

const admins = alias(users, 'session_admin');

/** A live session with its user (and the impersonating admin), or undefined when unknown, revoked or expired. */
export async function findLiveSession(
  db: Db,
  id: string,
  now: Date,
): Promise<{ session: SessionRecord; user: UserRow; admin: UserRow | null } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users, admin: admins })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.id, id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Renews the idle expiry of a live session (never past its absolute cap); the new expiry, or undefined. */
export async function renewSession(db: Db, session: SessionRecord, now: Date): Promise<Date | undefined> {
  const expiresAt = idleExpiry(now, session.absoluteExpiresAt);
  const [row] = await db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)))
    .returning({ expiresAt: sessions.expiresAt });
  return row?.expiresAt;
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Revokes every session of `userId` — its own and those in which it impersonates or is impersonated — except
 * `keep` (the current session on a password change).
 */
export async function revokeUserSessions(db: Db, userId: string, now: Date, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.adminId, userId)),
        isNull(sessions.revokedAt),
        keep === undefined ? undefined : ne(sessions.id, keep),
      ),
    );
}
