import { assertEvent, assign, cancel, raise, setup } from 'xstate';
import { errorCode } from '../../../api/errors';
import { NAME_TAKEN_MESSAGE, TEMP_WATCHLIST_ID, WATCHLIST_NAME_MAX } from '../../../api/watchlist';
import { tempList } from './watchlist.temp';
import type {
  WatchlistContext,
  WatchlistEvent,
  WatchlistItem,
  WatchlistMessage,
  WatchlistTag,
} from './watchlist.types';
import { notProvided, withError } from '../../core/requests';

/** Spec §8 messages, verbatim. */
export const WATCHLIST_MESSAGES = {
  createFailed: 'Unable to create watchlist.',
  renameFailed: 'Unable to rename watchlist.',
  deleteFailed: 'Unable to delete watchlist.',
  updateFailed: 'Unable to update watchlist.',
  loadFailed: 'Something went wrong',
  created: (name: string) => `Successfully created watchlist ${name}.`,
  renamed: 'Successfully renamed watch list.',
  deleted: 'Successfully deleted watch list.',
  added: 'The project is successfully added',
  removed: 'The project is successfully removed',
  nameTaken: NAME_TAKEN_MESSAGE,
  loginRequired: 'Please login to add projects to your watchlist.',
} as const;

/** How long a message stays on screen unless dismissed (the toast's time, formerly a timer in WatchlistToast). */
export const WATCHLIST_TOAST_MS = 5000;
/** The id of the pending expiry of the message on screen: a new message cancels it and schedules its own. */
const MESSAGE_EXPIRY_ID = 'messageExpiry';

/** A new object per message shown, so that even the same text twice is a new message. */
const freshMessage = (kind: WatchlistMessage['kind'], text: string): WatchlistMessage => ({ kind, text });
/**
 * Every transition that shows a message also runs these: the previous message's expiry is cancelled (it can never
 * cut the new one short) and the new message's is scheduled, WATCHLIST_TOAST_MS from now.
 */
const EXPIRE_MESSAGE = ['cancelMessageExpiry', 'expireMessageLater'] as const;

const cleanName = (name: string) => name.trim().slice(0, WATCHLIST_NAME_MAX);
const selected = (c: WatchlistContext): WatchlistItem => c.lists[c.selectedIndex] ?? tempList();
/** The list a TOGGLE is for: the one it names when the user has it, else the selected one. */
const toggleTarget = (c: WatchlistContext, listId: string | undefined): WatchlistItem =>
  (listId !== undefined ? c.lists.find((l) => l.id === listId) : undefined) ?? selected(c);
const isTemp = (l: WatchlistItem) => l.id === TEMP_WATCHLIST_ID;
const withProjects = (c: WatchlistContext, listId: string, projects: string[]) =>
  c.lists.map((l) => (l.id === listId ? { ...l, projects } : l));
const flip = (projects: string[], projectId: string) =>
  projects.includes(projectId) ? projects.filter((p) => p !== projectId) : [...projects, projectId];

/**
 * The user's watchlists (spec §4 'Watchlists'): a local temp list 'My Watchlist' while there are none, turned into
 * a real list by the first add, rename or create; optimistic toggles rolled back on failure; one write at a time
 * (the UI reads the `busy` tag). Signed out, every action asks for a login instead.
 */
export const watchlistMachine = setup({
  types: {
    context: {} as WatchlistContext,
    events: {} as WatchlistEvent,
    tags: {} as WatchlistTag,
  },
  delays: { toast: WATCHLIST_TOAST_MS },
  actors: {
    loadWatchlists: notProvided<WatchlistItem[]>('loadWatchlists'),
    createWatchlist: notProvided<{ id: string }, { name: string; projects: string[] }>('createWatchlist'),
    renameWatchlist: notProvided<WatchlistItem, WatchlistItem>('renameWatchlist'),
    deleteWatchlist: notProvided<unknown, { id: string }>('deleteWatchlist'),
    toggleProject: notProvided<{ projects: string[]; added: boolean }, { id: string; projectId: string }>(
      'toggleProject',
    ),
  },
  guards: {
    nameBlank: ({ event }) => {
      assertEvent(event, ['CREATE', 'RENAME']);
      return cleanName(event.name) === '';
    },
    /** Another real list already has this name (the temp list is replaced, so it never clashes). */
    nameTaken: ({ context, event }) => {
      assertEvent(event, ['CREATE', 'RENAME']);
      const name = cleanName(event.name);
      const current = event.type === 'RENAME' ? selected(context).id : undefined;
      return context.lists.some((l) => !isTemp(l) && l.id !== current && l.name === name);
    },
    selectedIsTemp: ({ context }) => isTemp(selected(context)),
    toggleTargetIsTemp: ({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return isTemp(toggleTarget(context, event.listId));
    },
    onlyTemp: ({ context }) => context.lists.every(isTemp),
    validIndex: ({ context, event }) => {
      assertEvent(event, 'SELECT');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < context.lists.length;
    },
    errorIsNameTaken: (_, { error }: { error: unknown }) => errorCode(error) === 'NameTaken',
  },
  actions: {
    /** Opens the login (the app provides it: the auth modal or the login page). */
    requestLogin: () => undefined,
    showLoginRequired: assign({ message: () => freshMessage('info', WATCHLIST_MESSAGES.loginRequired) }),
    showNameTaken: assign({ message: () => freshMessage('error', NAME_TAKEN_MESSAGE) }),
    showLoadFailed: assign({ message: () => freshMessage('error', WATCHLIST_MESSAGES.loadFailed) }),
    dismiss: assign({ message: null }),
    cancelMessageExpiry: cancel(MESSAGE_EXPIRY_ID),
    expireMessageLater: raise({ type: 'MESSAGE_EXPIRED' }, { delay: 'toast', id: MESSAGE_EXPIRY_ID }),
    /** Takes what another flow's write answered into that list (its projects, its share link). */
    mergeChange: assign(({ context, event }) => {
      assertEvent(event, 'LIST_CHANGED');
      const { id, ...change } = event;
      delete (change as { type?: string }).type;
      return { lists: context.lists.map((l) => (l.id === id ? { ...l, ...change } : l)) };
    }),
    clearLists: assign({ lists: [], selectedIndex: 0, pending: null }),
    setLists: assign(({ context }, output: WatchlistItem[]) => {
      const lists = output.length > 0 ? output : [tempList()];
      return { lists, selectedIndex: Math.min(context.selectedIndex, lists.length - 1), message: null };
    }),
    select: assign({
      selectedIndex: ({ event }) => {
        assertEvent(event, 'SELECT');
        return event.index;
      },
    }),
    prepareCreate: assign({
      pending: ({ event }) => {
        assertEvent(event, 'CREATE');
        return {
          kind: 'create',
          listId: TEMP_WATCHLIST_ID,
          name: cleanName(event.name),
          projects: [],
          previous: [],
        };
      },
    }),
    prepareRename: assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'RENAME');
        const list = selected(context);
        return {
          kind: 'rename',
          listId: list.id,
          name: cleanName(event.name),
          projects: list.projects,
          previous: list.projects,
        };
      },
    }),
    /** Optimistic toggle: the list shows the change at once; `previous` is kept for the rollback. */
    applyToggle: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      const list = toggleTarget(context, event.listId);
      const projects = flip(list.projects, event.projectId);
      return {
        lists: withProjects(context, list.id, projects),
        pending: {
          kind: isTemp(list) ? ('add' as const) : ('toggle' as const),
          listId: list.id,
          name: list.name,
          projects,
          previous: list.projects,
          projectId: event.projectId,
        },
      };
    }),
    /** A created list replaces the temp list (first add, rename or create), or is appended and selected. */
    storeCreated: assign(({ context }, id: string) => {
      const p = context.pending!;
      const created: WatchlistItem = { id, name: p.name, projects: p.projects };
      const tempIndex = context.lists.findIndex(isTemp);
      if (tempIndex >= 0) {
        const lists = context.lists.map((l, i) => (i === tempIndex ? created : l));
        return { lists, selectedIndex: tempIndex };
      }
      return { lists: [...context.lists, created], selectedIndex: context.lists.length };
    }),
    showCreated: assign(({ context }) => {
      const p = context.pending!;
      const text =
        p.kind === 'create'
          ? WATCHLIST_MESSAGES.created(p.name)
          : p.kind === 'rename'
            ? WATCHLIST_MESSAGES.renamed
            : WATCHLIST_MESSAGES.added;
      return { message: freshMessage('success', text), pending: null };
    }),
    showCreateFailed: assign(({ context }) => {
      const p = context.pending!;
      const text =
        p.kind === 'create'
          ? WATCHLIST_MESSAGES.createFailed
          : p.kind === 'rename'
            ? WATCHLIST_MESSAGES.renameFailed
            : WATCHLIST_MESSAGES.updateFailed;
      return { message: freshMessage('error', text) };
    }),
    storeRenamed: assign(({ context }, list: WatchlistItem) => ({
      lists: context.lists.map((l) => (l.id === list.id ? { ...l, name: list.name } : l)),
      message: freshMessage('success', WATCHLIST_MESSAGES.renamed),
      pending: null,
    })),
    showRenameFailed: assign({
      message: () => freshMessage('error', WATCHLIST_MESSAGES.renameFailed),
      pending: null,
    }),
    /** Restores the projects the list had before an optimistic change (spec §4). */
    rollback: assign(({ context }) => {
      const p = context.pending;
      return {
        lists: p ? withProjects(context, p.listId, p.previous) : context.lists,
        pending: null,
      };
    }),
    storeToggled: assign(({ context }, output: { projects: string[]; added: boolean }) => ({
      lists: withProjects(context, context.pending!.listId, output.projects),
      message: freshMessage('success', output.added ? WATCHLIST_MESSAGES.added : WATCHLIST_MESSAGES.removed),
      pending: null,
    })),
    showToggleFailed: assign({ message: () => freshMessage('error', WATCHLIST_MESSAGES.updateFailed) }),
    /** After a delete the selection moves to the previous index, not below 0; none left → the temp list. */
    removeSelected: assign(({ context }) => {
      const lists = context.lists.filter((_, i) => i !== context.selectedIndex);
      return {
        lists: lists.length > 0 ? lists : [tempList()],
        selectedIndex: Math.max(0, context.selectedIndex - 1),
        message: freshMessage('success', WATCHLIST_MESSAGES.deleted),
      };
    }),
    showDeleteFailed: assign({ message: () => freshMessage('error', WATCHLIST_MESSAGES.deleteFailed) }),
  },
}).createMachine({
  id: 'watchlist',
  context: { lists: [], selectedIndex: 0, message: null, pending: null },
  initial: 'checkingSession',
  on: {
    SIGNED_OUT: { target: '.signedOut', actions: 'clearLists' },
    DISMISS: { actions: 'dismiss' },
    MESSAGE_EXPIRED: { actions: 'dismiss' },
  },
  states: {
    /**
     * Until the session is known the toggles wait (the server renders them this way too): a click then would ask a
     * signed-in user to log in. The session's answer (SIGNED_IN, or SIGNED_OUT on the root) moves on.
     */
    checkingSession: {
      tags: ['checkingSession'],
      on: { SIGNED_IN: { target: 'loading' } },
    },
    signedOut: {
      tags: ['signedOut'],
      on: {
        SIGNED_IN: { target: 'loading' },
        TOGGLE: { actions: ['requestLogin', 'showLoginRequired', ...EXPIRE_MESSAGE] },
        CREATE: { actions: ['requestLogin', 'showLoginRequired', ...EXPIRE_MESSAGE] },
        RENAME: { actions: ['requestLogin', 'showLoginRequired', ...EXPIRE_MESSAGE] },
        DELETE: { actions: ['requestLogin', 'showLoginRequired', ...EXPIRE_MESSAGE] },
      },
    },
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadWatchlists',
        src: 'loadWatchlists',
        onDone: { target: 'ready', actions: { type: 'setLists', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: ['showLoadFailed', ...EXPIRE_MESSAGE] },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { RELOAD: { target: 'loading' }, SIGNED_IN: { target: 'loading' } },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: { LIST_CHANGED: { actions: 'mergeChange' } },
      states: {
        idle: {
          on: {
            RELOAD: { target: '#watchlist.loading' },
            SELECT: { guard: 'validIndex', actions: 'select' },
            CREATE: [
              { guard: 'nameBlank' },
              { guard: 'nameTaken', actions: ['showNameTaken', ...EXPIRE_MESSAGE] },
              { target: 'creating', actions: 'prepareCreate' },
            ],
            RENAME: [
              { guard: 'nameBlank' },
              { guard: 'nameTaken', actions: ['showNameTaken', ...EXPIRE_MESSAGE] },
              { guard: 'selectedIsTemp', target: 'creating', actions: 'prepareRename' },
              { target: 'renaming', actions: 'prepareRename' },
            ],
            DELETE: [{ guard: 'onlyTemp' }, { target: 'confirmingDelete' }],
            TOGGLE: [
              { guard: 'toggleTargetIsTemp', target: 'creating', actions: 'applyToggle' },
              { target: 'toggling', actions: 'applyToggle' },
            ],
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createWatchlist',
            src: 'createWatchlist',
            input: ({ context }) => ({ name: context.pending!.name, projects: context.pending!.projects }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeCreated', params: ({ event }) => event.output.id },
                'showCreated',
                ...EXPIRE_MESSAGE,
              ],
            },
            onError: [
              {
                guard: { type: 'errorIsNameTaken', params: withError },
                target: 'idle',
                actions: ['showNameTaken', 'rollback', ...EXPIRE_MESSAGE],
              },
              { target: 'idle', actions: ['showCreateFailed', 'rollback', ...EXPIRE_MESSAGE] },
            ],
          },
        },
        renaming: {
          tags: ['busy'],
          invoke: {
            id: 'renameWatchlist',
            src: 'renameWatchlist',
            input: ({ context }) => ({
              id: context.pending!.listId,
              name: context.pending!.name,
              projects: context.pending!.projects,
            }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'storeRenamed', params: ({ event }) => event.output }, ...EXPIRE_MESSAGE],
            },
            onError: [
              {
                guard: { type: 'errorIsNameTaken', params: withError },
                target: 'idle',
                actions: ['showNameTaken', 'rollback', ...EXPIRE_MESSAGE],
              },
              { target: 'idle', actions: ['showRenameFailed', ...EXPIRE_MESSAGE] },
            ],
          },
        },
        /** 'Delete with confirmation': nothing is sent until the user confirms. */
        confirmingDelete: {
          tags: ['confirmingDelete'],
          on: { CONFIRM_DELETE: { target: 'deleting' }, CANCEL_DELETE: { target: 'idle' } },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteWatchlist',
            src: 'deleteWatchlist',
            input: ({ context }) => ({ id: selected(context).id }),
            onDone: { target: 'idle', actions: ['removeSelected', ...EXPIRE_MESSAGE] },
            onError: { target: 'idle', actions: ['showDeleteFailed', ...EXPIRE_MESSAGE] },
          },
        },
        toggling: {
          tags: ['busy'],
          invoke: {
            id: 'toggleProject',
            src: 'toggleProject',
            input: ({ context }) => ({ id: context.pending!.listId, projectId: context.pending!.projectId! }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'storeToggled', params: ({ event }) => event.output }, ...EXPIRE_MESSAGE],
            },
            onError: { target: 'idle', actions: ['showToggleFailed', 'rollback', ...EXPIRE_MESSAGE] },
          },
        },
      },
    },
  },
});
