import { assertEvent, assign, emit, setup } from 'xstate';
import type { ProjectSummary } from '../../../api/projects';
import type { SearchContext, SearchEmitted, SearchEvent, SearchInput, SearchTag } from './search.types';
import { notProvided } from '../../core/requests';

/** Header search starts at 2 characters (spec §5, §9). */
export const HEADER_MIN_KEYWORD_LENGTH = 2;

/** The keyword actually sent: below the minimum length the server answers with the trending list. */
export const effectiveKeyword = (keyword: string, minLength: number) =>
  keyword.trim().length >= minLength ? keyword.trim() : '';

type Chosen = { project: ProjectSummary };
const highlightedProject = ({ context }: { context: SearchContext }): Chosen => ({
  project: context.options[context.highlighted]!,
});
const selectedProject = ({ context, event }: { context: SearchContext; event: SearchEvent }): Chosen => {
  assertEvent(event, ['SELECT', 'COMPARE']);
  return { project: context.options[event.index]! };
};

/** A project chosen (the highlighted one, or the one clicked): the box closes and the project goes to the app. */
const choice = (project: typeof highlightedProject | typeof selectedProject) => ({
  target: '#search.closed',
  actions: [
    'blurInput' as const,
    { type: 'choose' as const, params: project },
    { type: 'emitChosen' as const, params: project },
    'clearKeyword' as const,
  ],
});

/**
 * Project search (spec §2 'Project search'). Data loads when the box gets focus; each keyword change re-enters
 * `loading`, which stops the previous request actor, so a stale response can never overwrite a newer one.
 * A chosen project runs `blurInput` and `choose` (the app provides them: the box lets go of focus, the project's
 * page opens or a form picks it) and is emitted as `chosen`. A result can be compared instead (COMPARE): `blurInput`
 * and `compare` run (the app opens the comparison with it) and nothing is chosen. The '/' shortcut that focuses a box
 * is not the machine's: it works before the app runs (src/first-load/slashShortcut.ts).
 */
export const searchMachine = setup({
  types: {
    input: {} as SearchInput,
    context: {} as SearchContext,
    events: {} as SearchEvent,
    emitted: {} as SearchEmitted,
    tags: {} as SearchTag,
  },
  actors: {
    searchProjects: notProvided<ProjectSummary[], { keyword: string }>('searchProjects'),
  },
  guards: {
    hasOptions: ({ context }) => context.options.length > 0,
    isValidIndex: ({ context, event }) => {
      assertEvent(event, ['SELECT', 'COMPARE']);
      return event.index >= 0 && event.index < context.options.length;
    },
    sameQuery: ({ context, event }) => {
      assertEvent(event, 'TYPE');
      return effectiveKeyword(event.keyword, context.minLength) === context.query;
    },
  },
  actions: {
    setKeyword: assign({
      keyword: ({ event }) => {
        assertEvent(event, 'TYPE');
        return event.keyword;
      },
    }),
    highlightNext: assign({
      highlighted: ({ context }) => (context.highlighted + 1) % context.options.length,
    }),
    highlightPrevious: assign({
      highlighted: ({ context }) =>
        (context.highlighted - 1 + context.options.length) % context.options.length,
    }),
    emitChosen: emit((_, params: Chosen) => ({ type: 'chosen' as const, project: params.project })),
    /** The app's: the input lets go of focus once a project is chosen. */
    blurInput: () => undefined,
    /** The app's: opens the chosen project's page, or hands it to the form the box is part of. */
    choose: (_, _params: Chosen) => undefined,
    /** The app's: opens the comparison with this project in it. */
    compare: (_, _params: Chosen) => undefined,
    rememberQuery: assign({ query: ({ context }) => effectiveKeyword(context.keyword, context.minLength) }),
    clearKeyword: assign({ keyword: '' }),
    /** The results replace the options; the highlighted option resets to 0 whenever they change (spec §2). */
    showResults: assign((_, params: { output: ProjectSummary[] }) => ({
      options: params.output,
      highlighted: 0,
    })),
    clearOptions: assign({ options: [], highlighted: 0, query: null }),
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({
    keyword: '',
    query: null,
    options: [],
    highlighted: 0,
    minLength: input.minLength ?? HEADER_MIN_KEYWORD_LENGTH,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        FOCUS: { target: 'open.loading' },
        TYPE: { target: 'open.loading', actions: 'setKeyword' },
      },
    },
    open: {
      tags: ['open'],
      initial: 'loading',
      on: {
        TYPE: [
          { guard: 'sameQuery', actions: 'setKeyword' },
          { target: '.loading', reenter: true, actions: 'setKeyword' },
        ],
        CLOSE: { target: 'closed' },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: 'rememberQuery',
          invoke: {
            id: 'searchProjects',
            src: 'searchProjects',
            input: ({ context }) => ({ keyword: effectiveKeyword(context.keyword, context.minLength) }),
            onDone: {
              target: 'ready',
              actions: { type: 'showResults', params: ({ event }) => ({ output: event.output }) },
            },
            onError: { target: 'failed', actions: 'clearOptions' },
          },
        },
        ready: {
          tags: ['ready'],
          on: {
            NEXT: { guard: 'hasOptions', actions: 'highlightNext' },
            PREV: { guard: 'hasOptions', actions: 'highlightPrevious' },
            CHOOSE: { guard: 'hasOptions', ...choice(highlightedProject) },
            SELECT: { guard: 'isValidIndex', ...choice(selectedProject) },
            COMPARE: {
              guard: 'isValidIndex',
              target: '#search.closed',
              actions: ['blurInput', { type: 'compare', params: selectedProject }, 'clearKeyword'],
            },
          },
        },
        failed: { tags: ['error'] },
      },
    },
  },
});
