import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';

/** What an account's profile shows of its stored row: email, image and the profile picture's version. */

export type ProfileFields = { email: string; image: string | null; version: number | null };

/** The account's profile fields; undefined when there is no such account. */
export async function profileFieldsOf(db: Db, userId: string): Promise<ProfileFields | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      image: users.image,
      version: users.profileImageVersion,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The account's email; undefined when there is no such account. */
export async function accountEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** A new profile picture was stored: its version moves on, so its URL changes and caches fetch it again. */
export async function bumpProfileImageVersion(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ profileImageVersion: sql`coalesce(${users.profileImageVersion}, 0) + 1` })
    .where(eq(users.id, userId));
}

/** The profile picture was deleted: no version, so no URL. */
export async function clearProfileImageVersion(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ profileImageVersion: null }).where(eq(users.id, userId));
}
