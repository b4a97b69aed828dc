import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { surveys } from '../db/schema/index';

/** The onboarding survey: one answer per user, replaced when answered again. */

export type SurveyRow = typeof surveys.$inferSelect;

export async function surveyOf(db: Db, userId: string): Promise<SurveyRow | undefined> {
  const [row] = await db.select().from(surveys).where(eq(surveys.userId, userId));
  return row;
}

export async function saveSurvey(db: Db, userId: string, answers: SurveyRow['answers']): Promise<void> {
  await db
    .insert(surveys)
    .values({ userId, answers })
    .onConflictDoUpdate({ target: surveys.userId, set: { answers, createdAt: new Date() } });
}
