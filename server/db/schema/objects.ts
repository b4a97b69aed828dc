import { customType, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (profile pictures) kept in PostgreSQL, so every instance of a fleet serves every upload
 * (server/storage/databaseStore.ts). Used when DATABASE_URL is set and no S3 bucket is configured.
 */
export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  updatedAt: updatedAt(),
});
