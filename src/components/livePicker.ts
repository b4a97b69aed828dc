import { fromPromise } from 'xstate';
import { searchProjects, type ProjectSummary } from '../../api/projects';
import { watchlistPickerMachine } from '../../machines/watchlist/picker/watchlistPicker.machine';
import { request } from '../lib/client';

/** The project picker with the real project search (the watchlists page and the onboarding survey use it). */
export const livePickerMachine = watchlistPickerMachine.provide({
  actors: {
    searchProjects: fromPromise<ProjectSummary[], { keyword: string }>(({ input }) =>
      searchProjects(request, input.keyword),
    ),
  },
});
