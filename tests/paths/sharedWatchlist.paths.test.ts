import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  SHARED_MESSAGES,
  sharedWatchlistMachine,
  type SharedWatchlistContext,
} from '../../machines/shared-watchlist/sharedWatchlist.machine';
import { describePaths, pending } from './harness';

const LIST = { name: 'Blue chips', projects: ['uni', 'aave'] };
const COPY = { id: 'c1', name: 'Blue chips 2', projects: ['uni', 'aave'] };
const gone = Object.assign(new Error('This share link does not exist or was turned off.'), {
  code: 'NotFound',
});
const refused = Object.assign(new Error('You can keep at most 20 watchlists.'), { code: 'LimitExceeded' });
const ctx = (s: AnyMachineSnapshot) => s.context as SharedWatchlistContext;

describePaths(
  'sharedWatchlist',
  sharedWatchlistMachine.provide({ actors: { load: pending() as never, copy: pending() as never } }),
  {
    input: { token: 'T'.repeat(32) },
    events: (s) => [
      { type: 'RETRY' },
      { type: 'COPY', signedIn: false },
      { type: 'COPY', signedIn: true },
      ...(s.matches('loading')
        ? [
            { type: 'xstate.done.actor.load', output: LIST },
            { type: 'xstate.error.actor.load', error: gone },
            { type: 'xstate.error.actor.load', error: new Error('offline') },
          ]
        : []),
      ...(s.matches({ ready: 'copying' })
        ? [
            { type: 'xstate.done.actor.copy', output: COPY },
            { type: 'xstate.error.actor.copy', error: refused },
            { type: 'xstate.error.actor.copy', error: new Error('offline') },
          ]
        : []),
    ],
    states: {
      'sharedWatchlist.loading': (s) => {
        expect(s.hasTag('loading')).toBe(true);
        expect(ctx(s).token).toBe('T'.repeat(32));
      },
      'sharedWatchlist.notFound': (s) => {
        expect(s.hasTag('notFound')).toBe(true);
        expect(ctx(s).list).toBeNull();
      },
      'sharedWatchlist.failed': (s) => expect(ctx(s).list).toBeNull(),
      'sharedWatchlist.ready': (s) => expect(ctx(s).list).toEqual(LIST),
      'sharedWatchlist.ready.idle': (s) => {
        expect(ctx(s).copy).toBeNull();
        if (ctx(s).message !== null) {
          expect([SHARED_MESSAGES.loginRequired, refused.message, SHARED_MESSAGES.copyFailed]).toContain(
            ctx(s).message,
          );
        }
      },
      'sharedWatchlist.ready.copying': (s) => expect(s.children.copy).toBeDefined(),
      'sharedWatchlist.ready.copied': (s) => {
        expect(ctx(s).copy).toEqual(COPY);
        expect(ctx(s).message).toBe('Saved to your watchlists as “Blue chips 2”.');
      },
    },
  },
);

describe('sharedWatchlist page', () => {
  it('asks a signed-out visitor to log in instead of copying', async () => {
    let logins = 0;
    let copies = 0;
    const actor = createActor(
      sharedWatchlistMachine.provide({
        actors: {
          load: fromPromise(async () => LIST),
          copy: fromPromise(async () => {
            copies++;
            return COPY;
          }),
        },
        actions: { requestLogin: () => void logins++ },
      }),
      { input: { token: 'T'.repeat(32) } },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'COPY', signedIn: false });
    expect(logins).toBe(1);
    expect(copies).toBe(0);
    expect(actor.getSnapshot().context.message).toBe(SHARED_MESSAGES.loginRequired);
    actor.send({ type: 'COPY', signedIn: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(copies).toBe(1);
    expect(actor.getSnapshot().hasTag('copied')).toBe(true);
  });
});
