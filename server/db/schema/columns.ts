import { bigint, bigserial, serial, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Column builders every table writes the same way. Each call makes a new builder: drizzle binds a builder to the
 * one table that holds it, so a column is never shared, only the way it is written.
 */

/** Every time the schema keeps is a `timestamp with time zone` (an instant, whatever the server's zone). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written first; the database sets it. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row was last written: the insert's time until an update sets it. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A 64-bit serial key for tables that grow without bound (snapshots, jobs, notifications, deliveries). */
export const bigserialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A serial key (tables of bounded size: reports, audits, codes). */
export const serialId = () => serial('id').primaryKey();

/** A random UUID key, made by the database. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A 64-bit integer read as a JS number (block numbers, counters: far below 2^53). */
export const bigintNumber = (name: string) => bigint(name, { mode: 'number' });
