import { assertEvent, assign, fromCallback, sendParent, sendTo, setup, spawnChild } from 'xstate';
import { COMPARE_MAX, COMPARE_MIN, compareHref, type Comparison } from '../../../api/compare';
import type { ProjectRow } from '../../../api/projects';
import { watchlistPickerMachine } from '../../watchlist/picker/watchlistPicker.machine';
import type { CompareContext, CompareEvent, CompareInput, CompareTag } from './compare.types';
import { notProvided, withError } from '../../core/requests';

export const COMPARE_MESSAGES = {
  none: 'Choose at least two projects to compare.',
  one: 'Add at least one more project to compare with.',
  tooMany: (n: number) =>
    `You can compare up to ${COMPARE_MAX} projects at a time; this link names ${n}. Remove ${n - COMPARE_MAX} to see the comparison.`,
  unknown: 'Remove it to compare the others.',
  invalid: 'This link does not name projects we can compare. Remove the odd entries, or add projects.',
  failed: 'The comparison could not be loaded.',
  network: 'Could not reach the server. Check your connection and try again.',
  copied: 'Link copied.',
  copyFailed: 'Could not copy. Copy the address from the address bar.',
} as const;

type ErrorLike = { status?: unknown; message?: unknown; body?: unknown };
/** The server's message of a refusal (`{ message }` in the JSON body, or the error's own). */
function serverMessage(error: unknown): string | null {
  const e = (error ?? {}) as ErrorLike;
  if (typeof e.body === 'string') {
    try {
      const parsed = JSON.parse(e.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: fall back to the error's message
    }
  }
  return typeof e.message === 'string' && e.message ? e.message : null;
}
const statusOf = (error: unknown) => ((error ?? {}) as ErrorLike).status;

/**
 * The picker as the compare page uses it: each project picked is sent to the compare machine (its parent) as ADD.
 * Takes the picker with its search provided (the live one, or a test's).
 */
export const comparePicker = (picker: typeof watchlistPickerMachine) =>
  picker.provide({
    actions: {
      added: sendParent((_, params: { projectId: string }) => ({ type: 'ADD', projectId: params.projectId })),
    },
  });

/**
 * The compare page (/compare?ids=a,b,c): 2 to 4 projects side by side. The ids come from the address; fewer than 2
 * is a prompt to add projects (their names load for the chips), more than 4 a message to remove some, an unknown or
 * malformed id the server's refusal. ADD (from the picker, its child) and REMOVE change the list and run the
 * provided `recordIds` (the app pushes a history entry), so the address always says what is compared; `urlWatcher`
 * reports Back and Forward as URL_CHANGED. COPY_LINK copies the page's link. Actors: load, loadRows, copy,
 * urlWatcher, picker.
 */
export const compareMachine = setup({
  types: {
    context: {} as CompareContext,
    events: {} as CompareEvent,
    input: {} as CompareInput,
    tags: {} as CompareTag,
  },
  actors: {
    load: notProvided<Comparison, { ids: string[] }>('load'),
    loadRows: notProvided<ProjectRow[], { ids: string[] }>('loadRows'),
    copy: notProvided<void, { path: string }>('copy'),
    urlWatcher: fromCallback(() => () => undefined),
    picker: comparePicker(watchlistPickerMachine) as typeof watchlistPickerMachine,
  },
  guards: {
    tooFew: ({ context }) => context.ids.length < COMPARE_MIN,
    tooMany: ({ context }) => context.ids.length > COMPARE_MAX,
    canAdd: ({ context, event }) => {
      assertEvent(event, 'ADD');
      return context.ids.length < COMPARE_MAX && !context.ids.includes(event.projectId);
    },
    isSelected: ({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return context.ids.includes(event.projectId);
    },
    roomForMore: ({ context }) => context.ids.length < COMPARE_MAX,
    /** The address names another list (our own history entries name the list we have). */
    otherIds: ({ context, event }) => {
      assertEvent(event, 'URL_CHANGED');
      return event.ids.join(',') !== context.ids.join(',');
    },
    notFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    refused: (_, params: { error: unknown }) => statusOf(params.error) === 400,
  },
  actions: {
    setIds: assign(({ event }) => {
      assertEvent(event, 'URL_CHANGED');
      return { ids: event.ids, problem: null, error: null };
    }),
    addId: assign(({ context, event }) => {
      assertEvent(event, 'ADD');
      return { ids: [...context.ids, event.projectId], problem: null, error: null };
    }),
    removeId: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return { ids: context.ids.filter((id) => id !== event.projectId), problem: null, error: null };
    }),
    /** The app's: a history entry for the new list (Back returns to the previous one). */
    recordIds: (_, _params: { ids: string[] }) => undefined,
    openPicker: sendTo('picker', ({ context }) => ({ type: 'OPEN' as const, existing: context.ids })),
    storeComparison: assign((_, params: { comparison: Comparison }) => ({
      comparison: params.comparison,
      problem: null,
      error: null,
    })),
    storeRows: assign((_, params: { rows: ProjectRow[] }) => ({ rows: params.rows })),
    storeProblem: assign((_, params: { error: unknown }) => ({
      problem: serverMessage(params.error) ?? COMPARE_MESSAGES.invalid,
    })),
    storeError: assign((_, params: { error: unknown }) => ({
      error: typeof statusOf(params.error) === 'number' ? COMPARE_MESSAGES.failed : COMPARE_MESSAGES.network,
    })),
    clearError: assign({ error: null }),
    startCopy: spawnChild('copy', {
      id: 'copy',
      input: ({ context }) => ({ path: compareHref(context.ids) }),
    }),
    clearCopied: assign({ copied: null }),
    markCopied: assign({ copied: COMPARE_MESSAGES.copied }),
    copyFailed: assign({ copied: COMPARE_MESSAGES.copyFailed }),
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => ({
    ids: input.ids,
    comparison: null,
    rows: [],
    problem: null,
    error: null,
    copied: null,
  }),
  invoke: [
    { id: 'picker', src: 'picker', input: { mode: 'single' } },
    { id: 'urlWatcher', src: 'urlWatcher' },
  ],
  initial: 'checking',
  on: {
    URL_CHANGED: { guard: 'otherIds', target: '.checking', actions: 'setIds' },
    ADD: {
      guard: 'canAdd',
      target: '.checking',
      actions: ['addId', { type: 'recordIds', params: ({ context }) => ({ ids: context.ids }) }],
    },
    REMOVE: {
      guard: 'isSelected',
      target: '.checking',
      actions: ['removeId', { type: 'recordIds', params: ({ context }) => ({ ids: context.ids }) }],
    },
    OPEN_PICKER: { guard: 'roomForMore', actions: 'openPicker' },
    COPY_LINK: { actions: ['clearCopied', 'startCopy'] },
    'xstate.done.actor.copy': { actions: 'markCopied' },
    'xstate.error.actor.copy': { actions: 'copyFailed' },
  },
  states: {
    checking: {
      always: [
        { guard: 'tooFew', target: 'tooFew' },
        { guard: 'tooMany', target: 'tooMany' },
        { target: 'loading' },
      ],
    },
    tooFew: {
      tags: ['prompt'],
      invoke: {
        src: 'loadRows',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: { actions: { type: 'storeRows', params: ({ event }) => ({ rows: event.output }) } },
        // The chips then show the ids themselves: nothing else depends on the names.
        onError: {},
      },
    },
    tooMany: { tags: ['problem'] },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeComparison', params: ({ event }) => ({ comparison: event.output }) },
        },
        onError: [
          {
            guard: { type: 'notFound', params: withError },
            target: 'unknown',
            actions: { type: 'storeProblem', params: withError },
          },
          {
            guard: { type: 'refused', params: withError },
            target: 'invalid',
            actions: { type: 'storeProblem', params: withError },
          },
          { target: 'failed', actions: { type: 'storeError', params: withError } },
        ],
      },
    },
    ready: { tags: ['ready'] },
    unknown: { tags: ['problem'] },
    invalid: { tags: ['problem'] },
    failed: {
      tags: ['error'],
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
  },
});
