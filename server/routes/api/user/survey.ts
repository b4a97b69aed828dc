import type { FastifyInstance } from 'fastify';
import { SurveyUploadBody } from '../../../../api/user.schemas';
import { requireUser } from '../../../plugins/app/session';
import { replies, signedInPost, typed } from '../../../routing/schemas';
import * as U from '../../../../api/user.schemas';

/** The onboarding survey: its status and the answers (app.surveys). */
export default async function apiUserSurveyRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);

  app.get(
    '/survey',
    {
      schema: {
        summary: 'My onboarding survey status',
        response: replies(U.SurveyStatus),
      },
    },
    async (request) => app.surveys.status(requireUser(request).username),
  );

  signedInPost(
    app,
    '/survey/upload',
    { summary: 'Answer the onboarding survey', body: SurveyUploadBody, response: U.SurveyStatus },
    async (user, body) => app.surveys.save(user.username, body.survey),
  );
}
