import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { SHARE_MESSAGES, watchlistShareMachine } from '../../machines/watchlist/share/watchlistShare.machine';
import { connectWatchlistShare } from '../../machines/watchlist/share/watchlistShare.connect';
import type {
  WatchlistShareEvent,
  WatchlistShareContext,
  WatchlistShareChanged,
} from '../../machines/watchlist/share/watchlistShare.types';
import { describePaths, pending, type StepEffect } from './harness';
import { nextIn } from './nextIn';

const TOKEN = 'A'.repeat(32);
const ctx = (s: AnyMachineSnapshot) => s.context as WatchlistShareContext;

const OFFLINE = new Error('offline');
const DENIED = new Error('denied');
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;
/** The machine's own actions (not XState's starting and stopping of requests). */
const own = (step: StepEffect) => step.actions.filter((a) => !a.type.startsWith('xstate.'));

/** What the page was told changed (the `changed` action it provides). */
const reported = (step: StepEffect) => step.actions.filter((a) => a.type === 'changed').map((a) => a.params);

/** The request is over: the dialog is idle again, nothing else running, nothing reported but `changes`. */
const settled = (step: StepEffect, changes: WatchlistShareChanged[] = []) => {
  expect(step.after.matches({ open: 'idle' })).toBe(true);
  expect(step.after.hasTag('busy')).toBe(false);
  expect(requests(step.after)).toEqual([]);
  expect(reported(step)).toEqual(changes);
};

const linkFor = (token: string) => `https://example.test/w/${token}`;
/** The view of a snapshot, with the events its controls sent. */
const viewOf = (s: AnyMachineSnapshot) => {
  const sent: WatchlistShareEvent[] = [];
  const view = connectWatchlistShare(s as never, (e) => sent.push(e), { linkFor });
  return { view, sent };
};
/** Calls a control's handler and returns what it sent. */
const sends = (s: AnyMachineSnapshot, act: (v: ReturnType<typeof viewOf>['view']) => void) => {
  const { view, sent } = viewOf(s);
  act(view);
  return sent;
};

/**
 * What every snapshot shows, read from the state and context (not from the tags the view reads): the dialog only
 * while open; the switch where the list is (or, while saving, where it is going), disabled while saving; the link
 * and Copy only for a shared list; the failure; the copied status; and the event each control sends.
 */
function expectView(s: AnyMachineSnapshot) {
  const { view } = viewOf(s);
  const c = ctx(s);
  const open = !s.matches('closed');
  const saving = s.matches({ open: 'saving' });
  expect(view.open).toBe(open);
  expect(view.busy).toBe(saving);
  expect(view.title).toBe(`Share “${c.listName}”`);
  expect(view.description).toBe(
    'Anyone with the link sees this list’s projects, scores and tiers without signing in. They cannot change it.',
  );
  expect(view.switchText).toBe('Share with a link');
  expect(view.getSwitchProps()).toMatchObject({
    type: 'checkbox',
    role: 'switch',
    checked: saving ? c.token === null : c.token !== null,
    disabled: saving,
  });
  for (const shared of [true, false])
    expect(sends(s, (v) => v.getSwitchProps().onChange({ target: { checked: shared } }))).toEqual([
      { type: 'SET_SHARED', shared },
    ]);
  expect(view.shared).toBe(c.token !== null);
  expect(view.linkLabel).toBe('Share link');
  expect(view.getLinkLabelProps()).toEqual({ htmlFor: 'share-link' });
  expect(view.getLinkInputProps()).toMatchObject({
    id: 'share-link',
    readOnly: true,
    value: c.token === null ? '' : `https://example.test/w/${c.token}`,
  });
  let selected = 0;
  view.getLinkInputProps().onFocus({ target: { select: () => (selected += 1) } });
  expect(selected).toBe(1);
  expect(view.copyText).toBe(c.copied ? 'Link copied' : 'Copy link');
  expect(view.getCopyButtonProps()).toMatchObject({ type: 'button', className: 'btn btn-primary' });
  expect(sends(s, (v) => v.getCopyButtonProps().onClick())).toEqual([{ type: 'COPY' }]);
  expect(view.sharedHint).toBe('Turning the link off stops it working for everyone who has it.');
  expect(view.privateHint).toBe('The list is private: only you can see it.');
  expect(view.error).toBe(c.error);
  expect(view.getErrorProps()).toEqual({ className: 'field-error', role: 'alert' });
  expect(view.statusText).toBe(c.copied ? 'Link copied' : '');
  expect(view.getStatusProps()).toEqual({ className: 'visually-hidden', role: 'status' });
  expect(view.doneText).toBe('Done');
  expect(view.getDoneButtonProps()).toMatchObject({ type: 'button', className: 'btn btn-secondary' });
  expect(sends(s, (v) => v.getDoneButtonProps().onClick())).toEqual([{ type: 'CLOSE' }]);
  expect(sends(s, (v) => v.close())).toEqual([{ type: 'CLOSE' }]);
}

describePaths(
  'watchlistShare',
  watchlistShareMachine.provide({ actors: { setShared: pending() as never, copyLink: pending() as never } }),
  {
    events: (s) => [
      { type: 'OPEN', listId: 'l1', listName: 'Blue chips', token: null },
      { type: 'OPEN', listId: 'l2', listName: 'Shared picks', token: TOKEN },
      { type: 'SET_SHARED', shared: true },
      { type: 'SET_SHARED', shared: false },
      { type: 'COPY' },
      { type: 'CLOSE' },
      ...(s.matches({ open: 'saving' })
        ? [
            {
              type: 'xstate.done.actor.setShared',
              output: { shareToken: ctx(s).token === null ? TOKEN : null },
            },
            { type: 'xstate.error.actor.setShared', error: OFFLINE },
          ]
        : []),
      ...(s.matches({ open: 'copying' })
        ? [
            { type: 'xstate.done.actor.copyLink', output: undefined },
            { type: 'xstate.error.actor.copyLink', error: DENIED },
          ]
        : []),
    ],
    states: {
      'watchlistShare.closed': expectView,
      'watchlistShare.open.idle': expectView,
      'watchlistShare.open.saving': expectView,
      'watchlistShare.open.copying': expectView,
    },
    transitions: {
      // The dialog opens on that list, with its link as it is, and no message from an earlier opening.
      'watchlistShare.closed|OPEN': (step) => {
        const { listId, listName, token } = step.event;
        expect(ctx(step.after)).toEqual({ listId, listName, token, copied: false, error: null });
        expect(step.after.hasTag('open')).toBe(true);
        const { view } = viewOf(step.after);
        expect([view.open, view.title, view.shared, view.error, view.statusText]).toEqual([
          true,
          `Share “${listName}”`,
          token !== null,
          null,
          '',
        ]);
        expect(step.after.hasTag('busy')).toBe(false);
        expect(requests(step.after)).toEqual([]);
        expect(reported(step)).toEqual([]);
      },
      // Closing drops what was in flight and reports nothing.
      'watchlistShare.open|CLOSE': (step) => {
        expect(step.after.hasTag('open')).toBe(false);
        expect(viewOf(step.after).view.open).toBe(false);
        expect(requests(step.after)).toEqual([]);
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect(reported(step)).toEqual([]);
        expect(own(step)).toEqual([]);
      },
      // Only a real change is sent: on for a private list, off for a shared one.
      'watchlistShare.open.idle|SET_SHARED': (step) => {
        expect(step.event.shared).toBe(ctx(step.before).token === null);
        expect(step.after.hasTag('busy')).toBe(true);
        // The switch moves at once to where it is going, and takes nothing more until the call is over.
        expect(viewOf(step.after).view.getSwitchProps()).toMatchObject({
          checked: step.event.shared,
          disabled: true,
        });
        expect(requests(step.after)).toEqual(['setShared']);
        expect(requestInput(step.after, 'setShared')).toEqual({
          id: ctx(step.before).listId,
          shared: step.event.shared,
        });
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      // Only a shared list has a link to copy: the clipboard gets its token.
      'watchlistShare.open.idle|COPY': (step) => {
        expect(ctx(step.before).token).toBe(TOKEN);
        expect(requests(step.after)).toEqual(['copyLink']);
        expect(requestInput(step.after, 'copyLink')).toEqual({ token: TOKEN });
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      // The new token (or none) is shown and reported to the page; any earlier message goes.
      'watchlistShare.open.saving|xstate.done.actor.setShared': (step) => {
        const token = (step.event.output as { shareToken: string | null }).shareToken;
        expect(token).toBe(ctx(step.before).token === null ? TOKEN : null);
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), token, copied: false, error: null });
        const { view } = viewOf(step.after);
        expect([view.shared, view.getSwitchProps().checked, view.getSwitchProps().disabled]).toEqual([
          token !== null,
          token !== null,
          false,
        ]);
        expect(view.getLinkInputProps().value).toBe(token === null ? '' : linkFor(token));
        settled(step, [{ listId: ctx(step.before).listId!, token }]);
      },
      // The link stays as it was, the page hears nothing, and the dialog says the update failed.
      'watchlistShare.open.saving|xstate.error.actor.setShared': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: SHARE_MESSAGES.updateFailed });
        expect(viewOf(step.after).view.error).toBe('Unable to update watchlist.');
        expect(viewOf(step.after).view.getSwitchProps()).toMatchObject({
          checked: ctx(step.before).token !== null,
          disabled: false,
        });
        settled(step);
      },
      'watchlistShare.open.copying|xstate.done.actor.copyLink': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), copied: true, error: null });
        const { view } = viewOf(step.after);
        expect([view.copyText, view.statusText, view.error]).toEqual(['Link copied', 'Link copied', null]);
        settled(step);
      },
      'watchlistShare.open.copying|xstate.error.actor.copyLink': (step) => {
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          copied: false,
          error: SHARE_MESSAGES.copyFailed,
        });
        const { view } = viewOf(step.after);
        expect([view.copyText, view.statusText, view.error]).toEqual([
          'Copy link',
          '',
          'Copying did not work: select the link and copy it.',
        ]);
        settled(step);
      },
    },
  },
);

describe('watchlistShare dialog', () => {
  const start = (
    setShared = fromPromise(async ({ input }: { input: { shared: boolean } }) => ({
      shareToken: input.shared ? TOKEN : null,
    })),
  ) => {
    const calls: string[] = [];
    const changed: WatchlistShareChanged[] = [];
    const actor = createActor(
      watchlistShareMachine.provide({
        actions: { changed: (_, params) => changed.push(params) },
        actors: {
          setShared: setShared as never,
          copyLink: fromPromise(async ({ input }: { input: { token: string } }) => {
            calls.push(input.token);
          }),
        },
      }),
    );
    actor.start();
    return { actor, calls, changed };
  };
  const settled = (a: ReturnType<typeof start>['actor']) => nextIn(a, { open: 'idle' });

  it('turns sharing on, reports the new token, copies the link, then turns it off', async () => {
    const { actor, calls, changed } = start();
    actor.send({ type: 'OPEN', listId: 'l1', listName: 'Blue chips', token: null });
    actor.send({ type: 'COPY' }); // nothing to copy while the list is not shared
    expect(calls).toEqual([]);
    actor.send({ type: 'SET_SHARED', shared: true });
    await settled(actor);
    expect(actor.getSnapshot().context.token).toBe(TOKEN);
    expect(changed).toEqual([{ listId: 'l1', token: TOKEN }]);
    actor.send({ type: 'COPY' });
    await settled(actor);
    expect(calls).toEqual([TOKEN]);
    expect(actor.getSnapshot().context.copied).toBe(true);
    actor.send({ type: 'SET_SHARED', shared: false });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, copied: false });
    expect(changed.at(-1)).toEqual({ listId: 'l1', token: null });
  });

  it('keeps the link as it was and says so when the call fails', async () => {
    const { actor, changed } = start(
      fromPromise(async () => {
        throw new Error('offline');
      }) as never,
    );
    actor.send({ type: 'OPEN', listId: 'l1', listName: 'Blue chips', token: TOKEN });
    actor.send({ type: 'SET_SHARED', shared: false });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ token: TOKEN, error: SHARE_MESSAGES.updateFailed });
    expect(changed).toEqual([]);
  });
});
