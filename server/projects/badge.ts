import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projects } from '../db/schema/index';

/** What a project's embeddable badge shows: its name, score and tier (stored as text); undefined for no project. */
export async function badgeFigures(
  db: Db,
  projectId: string,
): Promise<{ name: string; score: number; tier: string } | undefined> {
  const [project] = await db
    .select({ name: projects.name, score: projects.score, tier: projects.tier })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return project;
}
