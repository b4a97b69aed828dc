import { projects } from '../../server/db/schema/index';
import { searchService } from '../../server/search/index';
import { seedIfEmpty } from '../../server/seed/index';
import { createTestApp, type TestApp } from './app';
import type { ProjectInsert } from './projects';

/** The day seeded test data ends on, so figures do not move with the calendar. */
export const SEED_DAY = new Date('2026-11-20T00:00:00Z');

/** A test app on a database seeded with `count` generated projects, with the search index built. */
export async function createSeededApp(count = 80, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(env);
  await seedIfEmpty(t.database.db, count, { today: SEED_DAY });
  await searchService(t.database).refresh();
  return t;
}

/** A test app on a database that holds just these projects (no search index: nothing here searches). */
export async function createAppWithProjects(
  rows: ProjectInsert[],
  env: Record<string, string> = {},
): Promise<TestApp> {
  const t = await createTestApp(env);
  await t.app.db.insert(projects).values(rows);
  return t;
}
