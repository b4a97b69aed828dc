import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { NAME_TAKEN_MESSAGE } from '../../api/watchlist';
import {
  WATCHLIST_MESSAGES,
  watchlistMachine,
  type WatchlistContext,
  type WatchlistItem,
} from '../../machines/watchlist/watchlist.machine';
import { connectWatchlist } from '../../machines/watchlist/watchlist.connect';
import { describePaths, pending } from './harness';

const machine = watchlistMachine.provide({
  actors: {
    loadWatchlists: pending() as never,
    createWatchlist: pending() as never,
    renameWatchlist: pending() as never,
    deleteWatchlist: pending() as never,
    toggleProject: pending() as never,
  },
});

const ctx = (s: AnyMachineSnapshot) => s.context as WatchlistContext;
const nameTaken = Object.assign(new Error('409'), { code: 'NameTaken' });
const serverError = Object.assign(new Error('500'), { code: 'InternalError' });

type Ev = EventObject & Record<string, unknown>;
const events = (s: AnyMachineSnapshot): EventObject[] => {
  const c = ctx(s);
  const base: Ev[] = [
    { type: 'SIGNED_IN' },
    { type: 'SIGNED_OUT' },
    { type: 'RELOAD' },
    { type: 'DISMISS' },
    { type: 'SELECT', index: 0 },
    { type: 'SELECT', index: 1 },
    { type: 'CREATE', name: '   ' },
    { type: 'CREATE', name: 'Alpha' },
    // Two real lists are enough to see every rule; more only grow the traversal.
    ...(c.lists.length < 2 ? [{ type: 'CREATE', name: 'Beta' }] : []),
    { type: 'RENAME', name: '' },
    { type: 'RENAME', name: 'Alpha' },
    { type: 'RENAME', name: 'Gamma' },
    { type: 'DELETE' },
    { type: 'CONFIRM_DELETE' },
    { type: 'CANCEL_DELETE' },
    { type: 'TOGGLE', projectId: 'p1' },
    // The share dialog turned w1's link on.
    { type: 'LIST_CHANGED', id: 'w1', shareToken: 'tok' },
  ];
  // The environment answers only the request that is in flight.
  if (s.matches('loading')) {
    base.push(
      { type: 'xstate.done.actor.loadWatchlists', output: [] },
      { type: 'xstate.done.actor.loadWatchlists', output: [{ id: 'w1', name: 'Alpha', projects: ['p1'] }] },
      { type: 'xstate.error.actor.loadWatchlists', error: serverError },
    );
  }
  if (s.matches({ ready: 'creating' })) {
    base.push(
      { type: 'xstate.done.actor.createWatchlist', output: { id: `w${c.lists.length + 1}` } },
      { type: 'xstate.error.actor.createWatchlist', error: serverError },
      { type: 'xstate.error.actor.createWatchlist', error: nameTaken },
    );
  }
  if (s.matches({ ready: 'renaming' }) && c.pending) {
    base.push(
      {
        type: 'xstate.done.actor.renameWatchlist',
        output: { id: c.pending.listId, name: c.pending.name, projects: c.pending.projects },
      },
      { type: 'xstate.error.actor.renameWatchlist', error: serverError },
      { type: 'xstate.error.actor.renameWatchlist', error: nameTaken },
    );
  }
  if (s.matches({ ready: 'deleting' })) {
    base.push(
      { type: 'xstate.done.actor.deleteWatchlist', output: {} },
      { type: 'xstate.error.actor.deleteWatchlist', error: serverError },
    );
  }
  if (s.matches({ ready: 'toggling' }) && c.pending) {
    base.push(
      {
        type: 'xstate.done.actor.toggleProject',
        output: { projects: c.pending.projects, added: c.pending.projects.includes('p1') },
      },
      { type: 'xstate.error.actor.toggleProject', error: serverError },
    );
  }
  return base;
};

// Snapshots that differ only in ways no guard or assertion reads are the same for the traversal.
const serializeState = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return JSON.stringify({
    v: s.value,
    lists: c.lists.map((l) => [
      l.id === 'temp' ? 'temp' : 'real',
      l.name,
      l.projects.includes('p1'),
      l.shareToken ?? null,
    ]),
    sel: c.selectedIndex,
    msg: c.message !== null,
    p: c.pending?.kind ?? null,
  });
};

describePaths('watchlist', machine, {
  events,
  serializeState,
  limit: 20000,
  states: {
    'watchlist.signedOut': (s) => {
      expect(s.hasTag('signedOut')).toBe(true);
      expect(ctx(s).lists).toEqual([]);
      const m = ctx(s).message?.text;
      if (m) expect(m).toBe(WATCHLIST_MESSAGES.loginRequired);
    },
    'watchlist.loading': (s) => expect(s.hasTag('loading')).toBe(true),
    'watchlist.loadFailed': (s) => {
      expect(s.hasTag('error')).toBe(true);
      if (ctx(s).message) expect(ctx(s).message!.text).toBe('Something went wrong');
    },
    'watchlist.ready': (s) => {
      const c = ctx(s);
      // A change from another flow lands on its own list only.
      for (const l of c.lists) if (l.shareToken) expect([l.id, l.shareToken]).toEqual(['w1', 'tok']);
      expect(c.lists.length).toBeGreaterThan(0);
      expect(c.selectedIndex).toBeGreaterThanOrEqual(0);
      expect(c.selectedIndex).toBeLessThan(c.lists.length);
      // The temp list only ever exists alone, named My Watchlist.
      const temp = c.lists.find((l) => l.id === 'temp');
      if (temp) {
        expect(c.lists).toHaveLength(1);
        expect(temp.name).toBe('My Watchlist');
      }
      const names = c.lists.map((l) => l.name);
      expect(new Set(names).size).toBe(names.length);
    },
    'watchlist.ready.idle': (s) => {
      expect(s.hasTag('busy')).toBe(false);
      expect(ctx(s).pending).toBeNull();
      const m = ctx(s).message?.text;
      if (m) {
        expect([
          ...(Object.values(WATCHLIST_MESSAGES) as unknown[]).filter(
            (x): x is string => typeof x === 'string',
          ),
          'Successfully created watchlist Alpha.',
          'Successfully created watchlist Beta.',
          NAME_TAKEN_MESSAGE,
        ]).toContain(m);
      }
    },
    'watchlist.ready.creating': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      const p = ctx(s).pending!;
      // An add on the temp list shows at once (optimistic).
      if (p.kind === 'add') expect(ctx(s).lists[0]!.projects).toEqual(p.projects);
    },
    'watchlist.ready.renaming': (s) => expect(ctx(s).pending?.kind).toBe('rename'),
    'watchlist.ready.confirmingDelete': (s) => {
      expect(s.hasTag('confirmingDelete')).toBe(true);
      expect(ctx(s).lists.some((l) => l.id !== 'temp')).toBe(true);
    },
    'watchlist.ready.deleting': (s) => expect(s.hasTag('busy')).toBe(true),
    'watchlist.ready.toggling': (s) => {
      const c = ctx(s);
      expect(c.pending?.kind).toBe('toggle');
      expect(c.lists.find((l) => l.id === c.pending!.listId)!.projects).toEqual(c.pending!.projects);
    },
  },
});

// The rollbacks and the selection rule, step by step, as a user sees them.
describe('watchlist rules', () => {
  const start = (lists: { id: string; name: string; projects: string[] }[]) => {
    const actor = createActor(machine).start();
    actor.send({ type: 'SIGNED_IN' });
    actor.send({ type: 'xstate.done.actor.loadWatchlists', output: lists } as never);
    return actor;
  };
  const view = (a: ReturnType<typeof start>) => connectWatchlist(a.getSnapshot());

  it('restores the project list when a toggle fails', () => {
    const a = start([{ id: 'w1', name: 'Alpha', projects: ['p1'] }]);
    a.send({ type: 'TOGGLE', projectId: 'p2' });
    expect(view(a).selected!.projects).toEqual(['p1', 'p2']);
    expect(view(a).busy).toBe(true);
    a.send({ type: 'xstate.error.actor.toggleProject', error: serverError } as never);
    expect(view(a).selected!.projects).toEqual(['p1']);
    expect(view(a).message).toEqual({ kind: 'error', text: 'Unable to update watchlist.' });
  });

  it('restores the temp list when the create behind the first add fails', () => {
    const a = start([]);
    expect(view(a).selected).toEqual({ id: 'temp', name: 'My Watchlist', projects: [] });
    expect(view(a).canDelete).toBe(false);
    a.send({ type: 'TOGGLE', projectId: 'p1' });
    expect(view(a).isInSelected('p1')).toBe(true);
    a.send({ type: 'xstate.error.actor.createWatchlist', error: serverError } as never);
    expect(view(a).selected).toEqual({ id: 'temp', name: 'My Watchlist', projects: [] });
    a.send({ type: 'TOGGLE', projectId: 'p1' });
    a.send({ type: 'xstate.done.actor.createWatchlist', output: { id: 'w9' } } as never);
    expect(view(a).selected).toEqual({ id: 'w9', name: 'My Watchlist', projects: ['p1'] });
    expect(view(a).message?.text).toBe('The project is successfully added');
  });

  it('moves the selection to the previous list after a delete, not below 0', () => {
    const a = start([
      { id: 'w1', name: 'A', projects: [] },
      { id: 'w2', name: 'B', projects: [] },
      { id: 'w3', name: 'C', projects: [] },
    ]);
    a.send({ type: 'SELECT', index: 2 });
    a.send({ type: 'DELETE' });
    expect(view(a).confirmingDelete).toBe(true);
    a.send({ type: 'CONFIRM_DELETE' });
    a.send({ type: 'xstate.done.actor.deleteWatchlist', output: {} } as never);
    expect(view(a).selectedIndex).toBe(1);
    expect(view(a).lists.map((l) => l.name)).toEqual(['A', 'B']);
    a.send({ type: 'SELECT', index: 0 });
    a.send({ type: 'DELETE' });
    a.send({ type: 'CONFIRM_DELETE' });
    a.send({ type: 'xstate.done.actor.deleteWatchlist', output: {} } as never);
    expect(view(a).selectedIndex).toBe(0);
    expect(view(a).selected!.name).toBe('B');
    expect(view(a).message?.text).toBe('Successfully deleted watch list.');
  });

  it('asks for a login when signed out', () => {
    const requestLogin = vi.fn();
    const a = createActor(machine.provide({ actions: { requestLogin } })).start();
    a.send({ type: 'TOGGLE', projectId: 'p1' });
    expect(requestLogin).toHaveBeenCalledTimes(1);
    expect(view(a).message?.text).toBe('Please login to add projects to your watchlist.');
  });
});

describe('watchlist: changes made by the share and import dialogs', () => {
  it('takes the server’s answer into that list only, whatever the flow is doing', async () => {
    const actor = createActor(
      watchlistMachine.provide({
        actors: {
          loadWatchlists: fromPromise<WatchlistItem[]>(async () => [
            { id: 'w1', name: 'Alpha', projects: ['p1'], shareToken: null },
            { id: 'w2', name: 'Beta', projects: [] },
          ]),
        },
      }),
    ).start();
    actor.send({ type: 'SIGNED_IN' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('ready')).toBe(true));
    actor.send({ type: 'LIST_CHANGED', id: 'w1', projects: ['p1', 'p2', 'p3'], shareToken: 'tok' });
    expect(actor.getSnapshot().context.lists).toEqual([
      { id: 'w1', name: 'Alpha', projects: ['p1', 'p2', 'p3'], shareToken: 'tok' },
      { id: 'w2', name: 'Beta', projects: [] },
    ]);
  });
});
