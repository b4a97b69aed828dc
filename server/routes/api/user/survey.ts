import type { FastifyInstance } from 'fastify';
import { type SurveyAnswers, type SurveyStatus } from '../../../../api/user';
import { SurveyUploadBody } from '../../../../api/user.schemas';
import { saveSurvey, surveyOf } from '../../../accounts/survey';
import { requireUser } from '../../../plugins/app/session';
import { replies, signedIn, typed } from '../../../routing/schemas';
import * as U from '../../../../api/user.schemas';

/** The onboarding survey: its status and the answers. */
export default async function apiUserSurveyRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  // ---- survey ----

  const surveyStatus = async (userId: string): Promise<SurveyStatus> => {
    const row = await surveyOf(app.db, userId);
    return row
      ? { survey: row.answers as SurveyAnswers, completedAt: row.createdAt.toISOString() }
      : { survey: null, completedAt: null };
  };

  app.get(
    '/survey',
    {
      schema: {
        summary: 'My onboarding survey status',
        response: replies(U.SurveyStatus),
      },
    },
    async (request) => surveyStatus(requireUser(request).username),
  );

  app.post(
    '/survey/upload',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Answer the onboarding survey',
        body: SurveyUploadBody,
        response: replies(U.SurveyStatus),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { survey } = request.body;
      await saveSurvey(app.db, user.username, survey);
      return surveyStatus(user.username);
    },
  );
}
