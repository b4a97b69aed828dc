import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { databaseStore } from './databaseStore';
import { diskStore, s3Store, type ObjectStore } from './objectStore';

/**
 * The one place that decides where uploads live: the S3-compatible bucket when S3_* is configured; PostgreSQL
 * otherwise when the database is one (every instance of a fleet serves every upload); DATA_DIR/uploads on
 * PGlite, which is one process anyway.
 */
export function uploadStore(config: Config, database: Database): ObjectStore {
  if (config.s3) return s3Store(config.s3, 'uploads/');
  if (database.driver === 'postgres') return databaseStore(database.db, 'uploads/');
  return diskStore(path.join(config.dataDir, 'uploads'));
}
