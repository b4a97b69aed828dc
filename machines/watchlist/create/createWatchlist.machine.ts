import { assertEvent, assign, emit, setup } from 'xstate';
import { NAME_TAKEN_MESSAGE, WATCHLIST_NAME_MAX } from '../../../api/watchlist';
import type {
  CreateWatchlistContext,
  CreateWatchlistEmitted,
  CreateWatchlistEvent,
  CreateWatchlistSubmitted,
  CreateWatchlistTag,
} from './createWatchlist.types';

export const CREATE_WATCHLIST_TITLE = 'Create Watchlist';
export const NAME_HINT = 'Watchlist name cannot exceed 20 characters.';

const submittedName = ({ context }: { context: CreateWatchlistContext }): CreateWatchlistSubmitted => ({
  name: context.name.trim(),
  purpose: context.purpose,
});

/**
 * The Create Watchlist form (spec §2, §5): at most 20 characters, an empty name is ignored, an existing name is
 * refused with 'The name is already used' and the field cleared; Enter and Confirm send SUBMIT. A valid name goes
 * to the `submitted` action, which the app provides (the watchlist flow makes the call and reports the outcome), is
 * emitted as `submitted` too, and the modal closes.
 */
export const createWatchlistMachine = setup({
  types: {
    context: {} as CreateWatchlistContext,
    events: {} as CreateWatchlistEvent,
    emitted: {} as CreateWatchlistEmitted,
    tags: {} as CreateWatchlistTag,
  },
  guards: {
    nameEmpty: ({ context }) => context.name.trim() === '',
    nameTaken: ({ context }) => context.existingNames.includes(context.name.trim()),
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return {
        name: (event.name ?? '').slice(0, WATCHLIST_NAME_MAX),
        existingNames: event.existingNames,
        purpose: event.purpose ?? 'create',
        error: null,
      };
    }),
    change: assign(({ event }) => {
      assertEvent(event, 'CHANGE');
      return { name: event.value.slice(0, WATCHLIST_NAME_MAX), error: null };
    }),
    refuseTaken: assign({ name: '', error: NAME_TAKEN_MESSAGE }),
    /** The app's: the watchlist flow creates or renames the list (and reports the outcome). */
    submitted: (_, _params: CreateWatchlistSubmitted) => undefined,
    emitSubmitted: emit((_, params: CreateWatchlistSubmitted) => ({ type: 'submitted' as const, ...params })),
    reset: assign({ name: '', error: null }),
  },
}).createMachine({
  id: 'createWatchlist',
  context: { name: '', existingNames: [], error: null, purpose: 'create' },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: 'open' } },
    },
    open: {
      tags: ['open'],
      on: {
        CHANGE: { actions: 'change' },
        SUBMIT: [
          { guard: 'nameEmpty' },
          { guard: 'nameTaken', actions: 'refuseTaken' },
          {
            target: 'closed',
            actions: [
              { type: 'submitted', params: submittedName },
              { type: 'emitSubmitted', params: submittedName },
              'reset',
            ],
          },
        ],
        CANCEL: { target: 'closed', actions: 'reset' },
      },
    },
  },
});
