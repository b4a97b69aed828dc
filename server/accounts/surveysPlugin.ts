import type { FastifyInstance } from 'fastify';
import type { SurveyAnswers, SurveyStatus } from '../../api/user';
import { repositoryPlugin } from '../plugins/app/repository';
import { saveSurvey, surveyOf } from './survey';

/** The onboarding survey over this app's database, for the routes of /api/user/survey: one answer per user. */
export function surveyRepository(app: FastifyInstance) {
  const status = async (userId: string): Promise<SurveyStatus> => {
    const row = await surveyOf(app.db, userId);
    return row
      ? { survey: row.answers as SurveyAnswers, completedAt: row.createdAt.toISOString() }
      : { survey: null, completedAt: null };
  };
  return {
    /** The user's answers and when they were given, or nulls before the survey is answered. */
    status,
    /** Stores the user's answers (replacing earlier ones) and answers the status. */
    save: async (userId: string, answers: SurveyAnswers): Promise<SurveyStatus> => {
      await saveSurvey(app.db, userId, answers);
      return status(userId);
    },
  };
}

export type SurveyRepository = ReturnType<typeof surveyRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    surveys: SurveyRepository;
  }
}

/** The survey repository of this app's database as `app.surveys`. */
export const surveys = repositoryPlugin('surveys', surveyRepository, ['db']);
