import { assertEvent, assign, emit, setup } from 'xstate';
import type { ProjectSummary } from '../../../api/projects';
import type {
  PickerContext,
  PickerEmitted,
  PickerEvent,
  PickerInput,
  PickerTag,
} from './watchlistPicker.types';
import { notProvided } from '../../core/requests';

/** Below this many characters the server answers with the trending list, headed 'Trending Projects'. */
export const PICKER_MIN_KEYWORD_LENGTH = 2;
/** Spec §2 / §9: picker list default height. */
export const PICKER_LIST_HEIGHT = 256;
export const PICKER_TITLE = 'Add Projects';
export const PICKER_PLACEHOLDER = 'Search Project by Name / Token';
export const TRENDING_HEADING = 'Trending Projects';

const pickedProject = ({ event }: { event: PickerEvent }) => {
  assertEvent(event, 'PICK');
  return { projectId: event.projectId };
};

export const pickerKeyword = (keyword: string) =>
  keyword.trim().length >= PICKER_MIN_KEYWORD_LENGTH ? keyword.trim() : '';

/**
 * The watchlist project picker (spec §2, §5 'Picker'). Single-add mode: a project already in the list does
 * nothing; otherwise it is added (the `added` action, which the app provides, and emitted as `add`), the keyword
 * cleared and the picker closed. Multiple mode: every pick is `added` and emitted, and the picker stays open. The
 * ids already in the list come with OPEN. Each keyword change re-enters `searching`, which cancels
 * the previous request.
 */
export const watchlistPickerMachine = setup({
  types: {
    input: {} as PickerInput,
    context: {} as PickerContext,
    events: {} as PickerEvent,
    emitted: {} as PickerEmitted,
    tags: {} as PickerTag,
  },
  actors: {
    searchProjects: notProvided<ProjectSummary[], { keyword: string }>('searchProjects'),
  },
  guards: {
    isSingle: ({ context }) => context.mode === 'single',
    alreadyInSingle: ({ context, event }) => {
      assertEvent(event, 'PICK');
      return context.mode === 'single' && context.existing.includes(event.projectId);
    },
  },
  actions: {
    open: assign(({ context, event }) => {
      assertEvent(event, 'OPEN');
      return { keyword: '', existing: event.existing ?? [], mode: event.mode ?? context.mode };
    }),
    setKeyword: assign({ keyword: ({ event }) => (assertEvent(event, 'TYPE'), event.keyword) }),
    clearKeyword: assign({ keyword: '' }),
    setResults: assign({ results: (_, params: { results: ProjectSummary[] }) => params.results }),
    clearResults: assign({ results: [] }),
    /** The app's: the picked project goes into (or, in multiple mode, out of) the list. */
    added: (_, _params: { projectId: string }) => undefined,
    emitAdd: emit((_, params: { projectId: string }) => ({ type: 'add' as const, ...params })),
    markAdded: assign({
      existing: ({ context, event }) => {
        assertEvent(event, 'PICK');
        return context.existing.includes(event.projectId)
          ? context.existing.filter((id) => id !== event.projectId)
          : [...context.existing, event.projectId];
      },
    }),
  },
}).createMachine({
  id: 'watchlistPicker',
  context: ({ input }) => ({ mode: input?.mode ?? 'single', keyword: '', results: [], existing: [] }),
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: 'open' } },
    },
    open: {
      tags: ['open'],
      initial: 'searching',
      on: {
        CLOSE: { target: 'closed', actions: 'clearKeyword' },
        TYPE: { target: '.searching', reenter: true, actions: 'setKeyword' },
      },
      states: {
        searching: {
          tags: ['loading'],
          invoke: {
            id: 'searchProjects',
            src: 'searchProjects',
            input: ({ context }) => ({ keyword: pickerKeyword(context.keyword) }),
            onDone: {
              target: 'ready',
              actions: { type: 'setResults', params: ({ event }) => ({ results: event.output }) },
            },
            onError: { target: 'failed', actions: 'clearResults' },
          },
        },
        ready: {
          on: {
            PICK: [
              { guard: 'alreadyInSingle' },
              {
                guard: 'isSingle',
                target: '#watchlistPicker.closed',
                actions: [
                  { type: 'added', params: pickedProject },
                  { type: 'emitAdd', params: pickedProject },
                  'clearKeyword',
                ],
              },
              {
                actions: [
                  { type: 'added', params: pickedProject },
                  { type: 'emitAdd', params: pickedProject },
                  'markAdded',
                ],
              },
            ],
          },
        },
        failed: {
          tags: ['error'],
          on: { RETRY: { target: 'searching' } },
        },
      },
    },
  },
});
