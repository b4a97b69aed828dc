import type { Db } from '../db/client';

/** Seeds an empty database with generated projects. Filled in by the seed generator. */
export async function seedIfEmpty(_db: Db, _projectCount: number): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
