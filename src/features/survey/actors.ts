import { fromPromise } from 'xstate';
import { uploadSurvey, type SurveyAnswers } from '../../../api/user';
import { createWatchlist, DEFAULT_WATCHLIST_NAME, getWatchlists } from '../../../api/watchlist';
// Writes carry the x-csrf-token header (cookie-authenticated writes need it).
import { request } from '../../lib/client';

/** The survey's calls over the app's request helper. */
export const surveyActors = {
  loadWatchlists: fromPromise<unknown[]>(() => getWatchlists(request)),
  /** Saves the answers (POST /api/user/survey/upload), then creates the watchlist from the chosen projects. */
  saveSurvey: fromPromise<void, { answers: SurveyAnswers; createWatchlist: boolean }>(async ({ input }) => {
    await uploadSurvey(request, input.answers);
    if (input.createWatchlist) {
      await createWatchlist(request, {
        name: input.answers.watchlistName || DEFAULT_WATCHLIST_NAME,
        projects: input.answers.projects,
      });
    }
  }),
};
