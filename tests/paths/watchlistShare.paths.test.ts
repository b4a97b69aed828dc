import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  SHARE_MESSAGES,
  watchlistShareMachine,
  type WatchlistShareContext,
  type WatchlistShareEmitted,
} from '../../machines/watchlist-share/watchlistShare.machine';
import { describePaths, pending } from './harness';

const TOKEN = 'A'.repeat(32);
const ctx = (s: AnyMachineSnapshot) => s.context as WatchlistShareContext;

describePaths(
  'watchlistShare',
  watchlistShareMachine.provide({ actors: { setShared: pending() as never, copyLink: pending() as never } }),
  {
    events: (s) => [
      { type: 'OPEN', listId: 'l1', listName: 'Blue chips', token: null },
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
            { type: 'xstate.error.actor.setShared', error: new Error('offline') },
          ]
        : []),
      ...(s.matches({ open: 'copying' })
        ? [
            { type: 'xstate.done.actor.copyLink', output: undefined },
            { type: 'xstate.error.actor.copyLink', error: new Error('denied') },
          ]
        : []),
    ],
    states: {
      'watchlistShare.closed': (s) => expect(s.hasTag('open')).toBe(false),
      'watchlistShare.open': (s) => {
        expect(s.hasTag('open')).toBe(true);
        expect(ctx(s)).toMatchObject({ listId: 'l1', listName: 'Blue chips' });
        expect([null, TOKEN]).toContain(ctx(s).token);
      },
      'watchlistShare.open.idle': (s) => {
        expect(s.hasTag('busy')).toBe(false);
        // "Link copied" only for a shared list; an error is one of the dialog's two messages.
        if (ctx(s).copied) expect(ctx(s).token).toBe(TOKEN);
        if (ctx(s).error !== null)
          expect([SHARE_MESSAGES.updateFailed, SHARE_MESSAGES.copyFailed]).toContain(ctx(s).error);
        if (ctx(s).error === SHARE_MESSAGES.copyFailed) expect(ctx(s).copied).toBe(false);
      },
      'watchlistShare.open.saving': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.children.setShared).toBeDefined();
      },
      'watchlistShare.open.copying': (s) => {
        expect(ctx(s).token).toBe(TOKEN);
        expect(s.children.copyLink).toBeDefined();
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
    const changed: WatchlistShareEmitted[] = [];
    const actor = createActor(
      watchlistShareMachine.provide({
        actors: {
          setShared: setShared as never,
          copyLink: fromPromise(async ({ input }: { input: { token: string } }) => {
            calls.push(input.token);
          }),
        },
      }),
    );
    actor.on('changed', (e) => changed.push(e));
    actor.start();
    return { actor, calls, changed };
  };
  const settled = (a: ReturnType<typeof start>['actor']) =>
    new Promise<void>((resolve) => {
      const sub = a.subscribe((s) => {
        if (s.matches({ open: 'idle' })) {
          sub.unsubscribe();
          resolve();
        }
      });
    });

  it('turns sharing on, reports the new token, copies the link, then turns it off', async () => {
    const { actor, calls, changed } = start();
    actor.send({ type: 'OPEN', listId: 'l1', listName: 'Blue chips', token: null });
    actor.send({ type: 'COPY' }); // nothing to copy while the list is not shared
    expect(calls).toEqual([]);
    actor.send({ type: 'SET_SHARED', shared: true });
    await settled(actor);
    expect(actor.getSnapshot().context.token).toBe(TOKEN);
    expect(changed).toEqual([{ type: 'changed', listId: 'l1', token: TOKEN }]);
    actor.send({ type: 'COPY' });
    await settled(actor);
    expect(calls).toEqual([TOKEN]);
    expect(actor.getSnapshot().context.copied).toBe(true);
    actor.send({ type: 'SET_SHARED', shared: false });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, copied: false });
    expect(changed.at(-1)).toEqual({ type: 'changed', listId: 'l1', token: null });
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
