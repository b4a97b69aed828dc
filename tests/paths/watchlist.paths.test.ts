import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import { WATCHLIST_TOAST_MS, watchlistMachine } from '../../machines/watchlist/list/watchlist.machine';
import type {
  WatchlistContext,
  WatchlistItem,
  WatchlistMessage,
} from '../../machines/watchlist/list/watchlist.types';
import { connectWatchlist, type WatchlistSnapshot } from '../../machines/watchlist/list/watchlist.connect';
import { describePaths, type StepEffect } from './harness';
import { stubbedWatchlistMachine as machine } from './watchlistStubbed';

const ctx = (s: AnyMachineSnapshot) => s.context as WatchlistContext;
const nameTaken = Object.assign(new Error('409'), { code: 'NameTaken' });
const serverError = Object.assign(new Error('500'), { code: 'InternalError' });

type Ev = EventObject & Record<string, unknown>;
/**
 * The environment's events; `without` leaves some user events out so that another traversal reaches the
 * requests behind other actions (e.g. the create behind the first add), `listChanged` is what another flow reports.
 */
type Variant = { without: string[]; listChanged: Ev };
const eventsFor =
  ({ without, listChanged }: Variant) =>
  (s: AnyMachineSnapshot): EventObject[] =>
    events(s, listChanged).filter((e) => !without.includes(e.type));
const events = (s: AnyMachineSnapshot, listChanged: Ev): EventObject[] => {
  const c = ctx(s);
  const base: Ev[] = [
    { type: 'SIGNED_IN' },
    { type: 'SIGNED_OUT' },
    { type: 'RELOAD' },
    { type: 'DISMISS' },
    // Raised by the machine itself WATCHLIST_TOAST_MS after a message was shown; offered at any time here (a new
    // message cancels the previous one's, but one can still arrive after a DISMISS or a reload emptied the toast).
    { type: 'MESSAGE_EXPIRED' },
    { type: 'SELECT', index: 0 },
    { type: 'SELECT', index: 1 },
    // No list has a negative index: ignored.
    { type: 'SELECT', index: -1 },
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
    // A star's chooser names a list other than the selected one.
    ...(c.lists.length >= 2
      ? [{ type: 'TOGGLE', projectId: 'p1', listId: c.lists[c.selectedIndex === 0 ? 1 : 0]!.id }]
      : []),
    listChanged,
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
      // The stub server's next id; never one a list already has (after a delete it would be), as the real one.
      ...(c.lists.some((l) => l.id === `w${c.lists.length + 1}`)
        ? []
        : [{ type: 'xstate.done.actor.createWatchlist', output: { id: `w${c.lists.length + 1}` } }]),
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
        // The server's list, which may hold a project added elsewhere (p9).
        output: {
          projects: [...new Set([...c.pending.projects, 'p9'])],
          added: c.pending.projects.includes('p1'),
        },
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

const TEMP: WatchlistItem = { id: 'temp', name: 'My Watchlist', projects: [] };
const view = (s: AnyMachineSnapshot) => connectWatchlist(s as WatchlistSnapshot);
const selectedOf = (c: WatchlistContext) => c.lists[c.selectedIndex] ?? TEMP;
const cleaned = (name: unknown) => (name as string).trim().slice(0, 20);
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
/** What was sent to the API actor `id` (its input). */
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;
const withProjects = (lists: WatchlistItem[], listId: string, projects: string[]) =>
  lists.map((l) => (l.id === listId ? { ...l, projects } : l));
const success = (text: string): WatchlistMessage => ({ kind: 'success', text });
const failure = (text: string): WatchlistMessage => ({ kind: 'error', text });
const isNameTaken = (error: unknown) => (error as { code?: string }).code === 'NameTaken';

/** Nothing changed but what `changes` names; the flow stayed where it was and sent nothing. */
const unchangedExcept = (step: StepEffect, changes: Partial<WatchlistContext> = {}) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });
  expect(step.after.value).toEqual(step.before.value);
  expect(requests(step.after)).toEqual(requests(step.before));
};

/** What a step does about the message's expiry: the previous one cancelled, a new one scheduled. */
const expiryActions = (step: StepEffect) =>
  step.actions.filter((a) => a.type === 'xstate.cancel' || a.type === 'xstate.raise');
const SCHEDULES_EXPIRY = [
  { type: 'xstate.cancel', params: { sendId: 'messageExpiry' } },
  {
    type: 'xstate.raise',
    params: { event: { type: 'MESSAGE_EXPIRED' }, id: 'messageExpiry', delay: WATCHLIST_TOAST_MS },
  },
];
/**
 * Checked after every transition's own check: a step that puts a message on screen (a new object, even when its
 * text is the one already shown) cancels the previous message's expiry and schedules its own, 5 s later; a step
 * that shows nothing new schedules nothing.
 */
const expiresIfShown = (step: StepEffect) => {
  const shown = ctx(step.after).message;
  const isNew = shown !== null && shown !== ctx(step.before).message;
  expect(expiryActions(step)).toEqual(isNew ? SCHEDULES_EXPIRY : []);
};
const withExpiryChecks = (checks: Record<string, (step: StepEffect) => void>) =>
  Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (step: StepEffect) => {
        check(step);
        expiresIfShown(step);
      },
    ]),
  );

/** A signed-out action: the login is asked for and the message says why; nothing else happens. */
const asksForLogin = (step: StepEffect) => {
  expect(step.actions.map((a) => a.type)).toEqual(['requestLogin', 'xstate.cancel', 'xstate.raise']);
  expect(view(step.after).message).toEqual({
    kind: 'info',
    text: 'Please login to add projects to your watchlist.',
  });
  unchangedExcept(step, { message: ctx(step.after).message });
  expect(view(step.after).signedIn).toBe(false);
  expect(requests(step.after)).toEqual([]);
};

/** No list is shown or selected, so no star is lit and nothing can be deleted. */
const showsNoList = (s: AnyMachineSnapshot) => {
  expect(view(s)).toMatchObject({ lists: [], selected: null, selectedIsTemp: false, canDelete: false });
  expect(view(s).isInSelected('p1')).toBe(false);
};

/** A (re)load starts: the list request is in flight and the page shows it is loading. */
const startsLoading = (step: StepEffect) => {
  expect(view(step.after)).toMatchObject({ loading: true, busy: true, ready: false, lists: [] });
  expect(requests(step.after)).toEqual(['loadWatchlists']);
  expect(ctx(step.after)).toEqual(ctx(step.before));
};

/** The request is over: the flow is idle again with nothing pending. */
const settled = (step: StepEffect) => {
  expect(view(step.after)).toMatchObject({ ready: true, busy: false });
  expect(ctx(step.after).pending).toBeNull();
  expect(requests(step.after)).toEqual([]);
};

const variants: Variant[] = [
  // The share dialog turned w1's link on.
  { without: [], listChanged: { type: 'LIST_CHANGED', id: 'w1', shareToken: 'tok' } },
  // Only the first add creates a list; the import dialog added p2 to w1.
  { without: ['CREATE', 'RENAME'], listChanged: { type: 'LIST_CHANGED', id: 'w1', projects: ['p1', 'p2'] } },
  // Only renaming the temp list creates it.
  { without: ['CREATE', 'TOGGLE'], listChanged: { type: 'LIST_CHANGED', id: 'w1', shareToken: null } },
];

for (const variant of variants)
  describePaths('watchlist', machine, {
    events: eventsFor(variant),
    serializeState,
    limit: 20000,
    transitions: withExpiryChecks({
      // Signing out forgets the lists and drops any request in flight.
      'watchlist|SIGNED_OUT': (step) => {
        expect(view(step.after)).toMatchObject({ signedIn: false, ready: false, lists: [], busy: false });
        expect(ctx(step.after)).toEqual({
          lists: [],
          selectedIndex: 0,
          pending: null,
          message: ctx(step.before).message,
        });
        expect(requests(step.after)).toEqual([]);
      },
      'watchlist|DISMISS': (step) => {
        expect(view(step.after).message).toBeNull();
        unchangedExcept(step, { message: null });
      },
      // The message's time is up: it goes, nothing else changes.
      'watchlist|MESSAGE_EXPIRED': (step) => {
        expect(view(step.after).message).toBeNull();
        unchangedExcept(step, { message: null });
      },
      // The session answered: signed in, the lists load.
      'watchlist.checkingSession|SIGNED_IN': startsLoading,
      'watchlist.signedOut|SIGNED_IN': startsLoading,
      'watchlist.signedOut|TOGGLE': asksForLogin,
      'watchlist.signedOut|CREATE': asksForLogin,
      'watchlist.signedOut|RENAME': asksForLogin,
      'watchlist.signedOut|DELETE': asksForLogin,
      // The user's lists are shown (the temp list 'My Watchlist' when there are none), the selection kept in range.
      'watchlist.loading|xstate.done.actor.loadWatchlists': (step) => {
        const output = step.event.output as WatchlistItem[];
        const lists = output.length > 0 ? output : [TEMP];
        const selectedIndex = Math.min(ctx(step.before).selectedIndex, lists.length - 1);
        expect(ctx(step.after)).toEqual({ lists, selectedIndex, message: null, pending: null });
        expect(view(step.after)).toMatchObject({ lists, selected: lists[selectedIndex], loading: false });
        settled(step);
      },
      'watchlist.loading|xstate.error.actor.loadWatchlists': (step) => {
        expect(view(step.after)).toMatchObject({
          loadFailed: true,
          loading: false,
          ready: false,
          message: failure('Something went wrong'),
        });
        expect(ctx(step.after).lists).toEqual(ctx(step.before).lists);
        expect(requests(step.after)).toEqual([]);
      },
      'watchlist.loadFailed|RELOAD': startsLoading,
      'watchlist.loadFailed|SIGNED_IN': startsLoading,
      // Another flow's answer lands in its own list only, whatever this flow is doing.
      'watchlist.ready|LIST_CHANGED': (step) => {
        const { type: _type, id, ...change } = step.event;
        const lists = ctx(step.before).lists.map((l) => (l.id === id ? { ...l, ...change } : l));
        unchangedExcept(step, { lists });
      },
      'watchlist.ready.idle|RELOAD': startsLoading,
      'watchlist.ready.idle|SELECT': (step) => {
        const index = step.event.index as number;
        // Only a list's own index is taken.
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThan(ctx(step.before).lists.length);
        unchangedExcept(step, { selectedIndex: index });
        expect(view(step.after).selected).toEqual(ctx(step.before).lists[index]);
      },
      'watchlist.ready.idle|CREATE': (step) => {
        const before = ctx(step.before);
        const name = cleaned(step.event.name);
        if (name === '') return unchangedExcept(step);
        if (before.lists.some((l) => l.id !== 'temp' && l.name === name))
          return unchangedExcept(step, { message: failure('The name is already used') });
        // Nothing shows until the server answers; the request carries the cleaned name and no projects.
        expect(view(step.after).busy).toBe(true);
        expect(ctx(step.after).lists).toEqual(before.lists);
        expect(requests(step.after)).toEqual(['createWatchlist']);
        expect(requestInput(step.after, 'createWatchlist')).toEqual({ name, projects: [] });
      },
      'watchlist.ready.idle|RENAME': (step) => {
        const before = ctx(step.before);
        const name = cleaned(step.event.name);
        const list = selectedOf(before);
        if (name === '') return unchangedExcept(step);
        if (before.lists.some((l) => l.id !== 'temp' && l.id !== list.id && l.name === name))
          return unchangedExcept(step, { message: failure('The name is already used') });
        expect(view(step.after).busy).toBe(true);
        expect(ctx(step.after).lists).toEqual(before.lists);
        if (list.id === 'temp') {
          // Renaming the temp list creates it under the new name, with its projects.
          expect(requests(step.after)).toEqual(['createWatchlist']);
          expect(requestInput(step.after, 'createWatchlist')).toEqual({ name, projects: list.projects });
        } else {
          expect(requests(step.after)).toEqual(['renameWatchlist']);
          expect(requestInput(step.after, 'renameWatchlist')).toEqual({
            id: list.id,
            name,
            projects: list.projects,
          });
        }
      },
      // Delete asks first; nothing is sent yet. With only the temp list there is nothing to delete.
      'watchlist.ready.idle|DELETE': (step) => {
        const onlyTemp = ctx(step.before).lists.every((l) => l.id === 'temp');
        expect(view(step.after).confirmingDelete).toBe(!onlyTemp);
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect(requests(step.after)).toEqual([]);
      },
      // The toggle shows at once: exactly that project, in exactly the list it names (else the selected list),
      // which stays selected; the request follows.
      'watchlist.ready.idle|TOGGLE': (step) => {
        const before = ctx(step.before);
        const projectId = step.event.projectId as string;
        const named = step.event.listId as string | undefined;
        const list = named ? before.lists.find((l) => l.id === named)! : selectedOf(before);
        const projects = list.projects.includes(projectId)
          ? list.projects.filter((p) => p !== projectId)
          : [...list.projects, projectId];
        expect(ctx(step.after).lists).toEqual(withProjects(before.lists, list.id, projects));
        expect(ctx(step.after).selectedIndex).toBe(before.selectedIndex);
        expect(ctx(step.after).message).toEqual(before.message);
        const target = ctx(step.after).lists.find((l) => l.id === list.id) ?? selectedOf(ctx(step.after));
        expect(target.projects.includes(projectId)).toBe(!list.projects.includes(projectId));
        if (!named) expect(view(step.after).isInSelected(projectId)).toBe(!list.projects.includes(projectId));
        expect(view(step.after).busy).toBe(true);
        if (list.id === 'temp') {
          // The first add creates 'My Watchlist' with the project in it.
          expect(requests(step.after)).toEqual(['createWatchlist']);
          expect(requestInput(step.after, 'createWatchlist')).toEqual({ name: 'My Watchlist', projects });
        } else {
          expect(requests(step.after)).toEqual(['toggleProject']);
          expect(requestInput(step.after, 'toggleProject')).toEqual({ id: list.id, projectId });
        }
      },
      // The created list takes the temp list's place (or is appended) and is selected.
      'watchlist.ready.creating|xstate.done.actor.createWatchlist': (step) => {
        const before = ctx(step.before);
        const p = before.pending!;
        const created = { id: (step.event.output as { id: string }).id, name: p.name, projects: p.projects };
        const tempIndex = before.lists.findIndex((l) => l.id === 'temp');
        const lists =
          tempIndex >= 0
            ? before.lists.map((l, i) => (i === tempIndex ? created : l))
            : [...before.lists, created];
        const text =
          p.kind === 'create'
            ? `Successfully created watchlist ${p.name}.`
            : p.kind === 'rename'
              ? 'Successfully renamed watch list.'
              : 'The project is successfully added';
        expect(ctx(step.after)).toEqual({
          lists,
          selectedIndex: tempIndex >= 0 ? tempIndex : before.lists.length,
          message: success(text),
          pending: null,
        });
        expect(view(step.after).selected).toEqual(created);
        settled(step);
      },
      // A failed create puts the lists back as they were before the request and says why.
      'watchlist.ready.creating|xstate.error.actor.createWatchlist': (step) => {
        const before = ctx(step.before);
        const p = before.pending!;
        const text = isNameTaken(step.event.error)
          ? 'The name is already used'
          : ({ create: 'Unable to create watchlist.', rename: 'Unable to rename watchlist.' }[
              p.kind as string
            ] ?? 'Unable to update watchlist.');
        expect(ctx(step.after)).toEqual({
          lists: withProjects(before.lists, p.listId, p.previous),
          selectedIndex: before.selectedIndex,
          message: failure(text),
          pending: null,
        });
        // Nothing of the failed write is left: the temp list is empty again.
        if (p.kind === 'add') expect(view(step.after).selected).toEqual(TEMP);
        settled(step);
      },
      'watchlist.ready.renaming|xstate.done.actor.renameWatchlist': (step) => {
        const before = ctx(step.before);
        const output = step.event.output as WatchlistItem;
        expect(ctx(step.after)).toEqual({
          ...before,
          lists: before.lists.map((l) => (l.id === output.id ? { ...l, name: output.name } : l)),
          message: success('Successfully renamed watch list.'),
          pending: null,
        });
        expect(view(step.after).selected!.name).toBe(before.pending!.name);
        settled(step);
      },
      // A failed rename keeps the old name and says why.
      'watchlist.ready.renaming|xstate.error.actor.renameWatchlist': (step) => {
        const before = ctx(step.before);
        const text = isNameTaken(step.event.error)
          ? 'The name is already used'
          : 'Unable to rename watchlist.';
        expect(ctx(step.after)).toEqual({ ...before, message: failure(text), pending: null });
        settled(step);
      },
      'watchlist.ready.confirmingDelete|CONFIRM_DELETE': (step) => {
        const before = ctx(step.before);
        expect(ctx(step.after)).toEqual(before);
        expect(view(step.after)).toMatchObject({ busy: true, confirmingDelete: false });
        expect(requests(step.after)).toEqual(['deleteWatchlist']);
        expect(requestInput(step.after, 'deleteWatchlist')).toEqual({ id: selectedOf(before).id });
      },
      'watchlist.ready.confirmingDelete|CANCEL_DELETE': (step) => {
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect(view(step.after)).toMatchObject({ confirmingDelete: false, busy: false });
        expect(requests(step.after)).toEqual([]);
      },
      // The deleted list goes; the selection moves to the previous list, not below 0; none left → the temp list.
      'watchlist.ready.deleting|xstate.done.actor.deleteWatchlist': (step) => {
        const before = ctx(step.before);
        const rest = before.lists.filter((_, i) => i !== before.selectedIndex);
        expect(ctx(step.after)).toEqual({
          lists: rest.length > 0 ? rest : [TEMP],
          selectedIndex: Math.max(0, before.selectedIndex - 1),
          message: success('Successfully deleted watch list.'),
          pending: null,
        });
        settled(step);
      },
      'watchlist.ready.deleting|xstate.error.actor.deleteWatchlist': (step) => {
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          message: failure('Unable to delete watchlist.'),
        });
        settled(step);
      },
      // The list takes the server's answer; the message says whether the project was added or removed.
      'watchlist.ready.toggling|xstate.done.actor.toggleProject': (step) => {
        const before = ctx(step.before);
        const output = step.event.output as { projects: string[]; added: boolean };
        expect(ctx(step.after)).toEqual({
          ...before,
          lists: withProjects(before.lists, before.pending!.listId, output.projects),
          message: success(
            output.added ? 'The project is successfully added' : 'The project is successfully removed',
          ),
          pending: null,
        });
        settled(step);
      },
      // A failed toggle restores that list's projects and says so.
      'watchlist.ready.toggling|xstate.error.actor.toggleProject': (step) => {
        const before = ctx(step.before);
        const p = before.pending!;
        expect(ctx(step.after)).toEqual({
          ...before,
          lists: withProjects(before.lists, p.listId, p.previous),
          message: failure('Unable to update watchlist.'),
          pending: null,
        });
        expect(view(step.after).isInSelected(p.projectId!)).toBe(p.previous.includes(p.projectId!));
        settled(step);
      },
    }),
    states: {
      // Before the session is known nothing is shown as signed in or out, and the toggles are disabled.
      'watchlist.checkingSession': (s) => {
        expect(view(s)).toMatchObject({ checkingSession: true, signedIn: false, lists: [], selected: null });
        showsNoList(s);
      },
      'watchlist.signedOut': (s) => {
        expect(ctx(s).lists).toEqual([]);
        expect(view(s)).toMatchObject({ checkingSession: false, signedIn: false });
        showsNoList(s);
      },
      // Signed in, but while the lists load or after they failed to, even with the lists of before a reload held.
      'watchlist.loading': (s) => {
        expect(view(s)).toMatchObject({ checkingSession: false, signedIn: true });
        showsNoList(s);
      },
      'watchlist.loadFailed': (s) => {
        expect(view(s)).toMatchObject({ checkingSession: false, signedIn: true });
        showsNoList(s);
      },
      'watchlist.ready': (s) => {
        const c = ctx(s);
        // The selected list is shown, marked when it is the temp list; Delete is offered while a real list exists
        // and no write is in flight.
        const v = view(s);
        expect(v).toMatchObject({ checkingSession: false, signedIn: true, lists: c.lists });
        expect(v.selected).toEqual(selectedOf(c));
        expect(v.selectedIsTemp).toBe(selectedOf(c).id === 'temp');
        expect(v.canDelete).toBe(!v.busy && c.lists.some((l) => l.id !== 'temp'));
        expect(v.isInSelected('p1')).toBe(selectedOf(c).projects.includes('p1'));
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
      'watchlist.ready.creating': (s) => {
        const p = ctx(s).pending!;
        // An add on the temp list shows at once (optimistic).
        if (p.kind === 'add') expect(ctx(s).lists[0]!.projects).toEqual(p.projects);
      },
      'watchlist.ready.renaming': (s) => expect(ctx(s).pending?.kind).toBe('rename'),
      'watchlist.ready.confirmingDelete': (s) => expect(ctx(s).lists.some((l) => l.id !== 'temp')).toBe(true),
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

  it('asks for a login when signed out, and not before the session is known', () => {
    const requestLogin = vi.fn();
    const a = createActor(machine.provide({ actions: { requestLogin } })).start();
    a.send({ type: 'TOGGLE', projectId: 'p1' });
    expect(requestLogin).not.toHaveBeenCalled();
    expect(view(a).message).toBeNull();
    a.send({ type: 'SIGNED_OUT' });
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
