import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ImportPreview } from '../../../api/watchlist';
import type {
  WatchlistImportContext,
  WatchlistImportEvent,
  WatchlistImported,
  WatchlistImportTag,
} from './watchlistImport.types';
import { notProvided, withError } from '../../core/requests';
import { serverMessage } from '../../../api/errors';

/** Texts of the import dialog. */
export const IMPORT_MESSAGES = {
  failed: 'Unable to update watchlist.',
  fileFailed: 'That file could not be read.',
  nothingToImport: 'No row matches a project: fix the rows above and preview again.',
  added: (n: number, list: string) =>
    n === 0
      ? `Every project was already in ${list}.`
      : `Added ${n} ${n === 1 ? 'project' : 'projects'} to ${list}.`,
} as const;

/**
 * Import into a watchlist: paste or choose a file (our CSV or JSON export, or names/tickers one
 * per line), preview what each row becomes or why it cannot be imported, then add the matched projects to the list.
 * Editing after a preview goes back to editing. Runs `imported`, which the app provides, so the page's lists take the result. Actors: readFile,
 * preview, importProjects.
 */
export const watchlistImportMachine = setup({
  types: {
    context: {} as WatchlistImportContext,
    events: {} as WatchlistImportEvent,
    tags: {} as WatchlistImportTag,
  },
  actors: {
    readFile: fromPromise<string, { file: File }>(({ input }) => input.file.text()),
    preview: notProvided<ImportPreview, { text: string; listId: string | null }>('preview'),
    importProjects: notProvided<{ added: number; projects: string[] }, { id: string; projects: string[] }>(
      'importProjects',
    ),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
    hasMatches: ({ context }) => (context.preview?.projects.length ?? 0) > 0,
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return {
        listId: event.listId,
        listName: event.listName,
        text: '',
        fileName: null,
        preview: null,
        error: null,
        added: null,
      };
    }),
    edit: assign(({ event }) => {
      assertEvent(event, 'EDIT');
      return { text: event.text, fileName: null, preview: null, error: null };
    }),
    chooseFile: assign(({ event }) => {
      assertEvent(event, 'CHOOSE_FILE');
      return { fileName: event.file.name, preview: null, error: null };
    }),
    storeFileText: assign((_, text: string) => ({ text })),
    showFileFailed: assign({ fileName: null, error: IMPORT_MESSAGES.fileFailed }),
    storePreview: assign((_, preview: ImportPreview) => ({ preview, error: null })),
    showFailure: assign((_, { error }: { error: unknown }) => ({
      error: serverMessage(error, IMPORT_MESSAGES.failed),
    })),
    showNothingToImport: assign({ error: IMPORT_MESSAGES.nothingToImport }),
    storeAdded: assign((_, added: number) => ({ added, error: null })),
    /** The app's: the page's lists take the imported projects. */
    imported: (_, _params: WatchlistImported) => undefined,
  },
}).createMachine({
  id: 'watchlistImport',
  context: { listId: null, listName: '', text: '', fileName: null, preview: null, error: null, added: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'editing', actions: 'open' } },
    },
    editing: {
      tags: ['open'],
      on: {
        EDIT: { actions: 'edit' },
        CHOOSE_FILE: { target: 'readingFile', actions: 'chooseFile' },
        PREVIEW: { guard: 'hasText', target: 'previewing' },
        CLOSE: { target: 'closed' },
      },
    },
    readingFile: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ event }) => {
          assertEvent(event, 'CHOOSE_FILE');
          return { file: event.file };
        },
        // A chosen file is previewed at once: that is what the user picked it for.
        onDone: {
          target: 'previewing',
          actions: { type: 'storeFileText', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: 'showFileFailed' },
      },
    },
    previewing: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ text: context.text, listId: context.listId }),
        onDone: {
          target: 'previewed',
          actions: { type: 'storePreview', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: { type: 'showFailure', params: withError } },
      },
    },
    previewed: {
      tags: ['open'],
      on: {
        EDIT: { target: 'editing', actions: 'edit' },
        CHOOSE_FILE: { target: 'readingFile', actions: 'chooseFile' },
        IMPORT: [{ guard: 'hasMatches', target: 'importing' }, { actions: 'showNothingToImport' }],
        CLOSE: { target: 'closed' },
      },
    },
    importing: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'importProjects',
        src: 'importProjects',
        input: ({ context }) => ({ id: context.listId!, projects: context.preview!.projects }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'storeAdded', params: ({ event }) => event.output.added },
            {
              type: 'imported',
              params: ({ context, event }) => ({
                listId: context.listId!,
                added: event.output.added,
                projects: event.output.projects,
              }),
            },
          ],
        },
        onError: { target: 'previewed', actions: { type: 'showFailure', params: withError } },
      },
    },
    done: {
      tags: ['open', 'done'],
      on: { CLOSE: { target: 'closed' } },
    },
  },
});
