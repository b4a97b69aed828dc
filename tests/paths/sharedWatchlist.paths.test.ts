import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import {
  SHARED_MESSAGES,
  sharedWatchlistMachine,
} from '../../machines/watchlist/shared/sharedWatchlist.machine';
import { connectSharedWatchlist } from '../../machines/watchlist/shared/sharedWatchlist.connect';
import type {
  SharedWatchlistEvent,
  SharedWatchlistContext,
} from '../../machines/watchlist/shared/sharedWatchlist.types';
import { describePaths, pending, type StepEffect } from './harness';

const LIST = { name: 'Blue chips', projects: ['uni', 'aave'] };
const COPY = { id: 'c1', name: 'Blue chips 2', projects: ['uni', 'aave'] };
const gone = Object.assign(new Error('This share link does not exist or was turned off.'), {
  code: 'NotFound',
});
const refused = Object.assign(new Error('You can keep at most 20 watchlists.'), { code: 'LimitExceeded' });
const ctx = (s: AnyMachineSnapshot) => s.context as SharedWatchlistContext;

const OFFLINE = new Error('offline');
const TOKEN = 'T'.repeat(32);
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;
/** The machine's own actions (not XState's starting and stopping of requests). */
const own = (step: StepEffect) => step.actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));

const viewOf = (s: AnyMachineSnapshot, signedIn = false) =>
  connectSharedWatchlist(s as never, () => undefined, { signedIn });
/** What a control's handler sent. */
const sends = (s: AnyMachineSnapshot, signedIn: boolean, act: (v: ReturnType<typeof viewOf>) => void) => {
  const sent: SharedWatchlistEvent[] = [];
  act(connectSharedWatchlist(s as never, (e) => sent.push(e), { signedIn }));
  return sent;
};

/**
 * What every snapshot shows, read from the state and context (not from the tags the view reads): which of loading,
 * the missing link, the failure or the list; the list's name and count; Copy (disabled while copying) or, once
 * copied, the link to the copy; the message; and the event Retry and Copy send.
 */
function expectView(s: AnyMachineSnapshot) {
  const v = viewOf(s);
  const c = ctx(s);
  const top = typeof s.value === 'string' ? s.value : 'ready';
  expect(v.status).toBe(top);
  expect(v.documentTitle).toBe(c.list ? `${c.list.name} (shared watchlist)` : 'Shared watchlist');
  expect([v.notFoundTitle, v.notFoundText, v.browseText, v.browseHref, v.loadFailedText]).toEqual([
    'Link not found',
    'This share link does not exist or was turned off.',
    'Browse the leaderboard',
    '/',
    'Something went wrong',
  ]);
  expect(v.list).toEqual(top === 'ready' ? c.list : null);
  expect(v.sharedLabel).toBe('Shared watchlist · read-only');
  const n = c.list?.projects.length ?? 0;
  expect(v.countText).toBe(n === 1 ? '1 project' : `${n} projects`);
  expect(v.empty).toBe(n === 0);
  expect(v.emptyTitle).toBe('This watchlist is empty');
  expect(v.copied).toBe(s.matches({ ready: 'copied' }));
  expect([v.openCopyText, v.openCopyHref, v.copyText]).toEqual([
    'Open my watchlists',
    '/my/watchlists',
    'Copy to my watchlists',
  ]);
  expect(v.getCopyButtonProps()).toMatchObject({
    type: 'button',
    className: 'btn btn-primary',
    disabled: s.matches({ ready: 'copying' }),
  });
  expect(v.messageText).toBe(c.message ?? '');
  expect(v.getMessageProps()).toEqual({ className: 'shared-message', role: 'status' });
  expect(sends(s, false, (x) => x.retry())).toEqual([{ type: 'RETRY' }]);
  for (const signedIn of [false, true])
    expect(sends(s, signedIn, (x) => x.getCopyButtonProps().onClick())).toEqual([{ type: 'COPY', signedIn }]);
}

describePaths(
  'sharedWatchlist',
  sharedWatchlistMachine.provide({ actors: { load: pending() as never, copy: pending() as never } }),
  {
    input: { token: TOKEN },
    events: (s) => [
      { type: 'RETRY' },
      { type: 'COPY', signedIn: false },
      { type: 'COPY', signedIn: true },
      ...(s.matches('loading')
        ? [
            { type: 'xstate.done.actor.load', output: LIST },
            { type: 'xstate.error.actor.load', error: gone },
            { type: 'xstate.error.actor.load', error: OFFLINE },
          ]
        : []),
      ...(s.matches({ ready: 'copying' })
        ? [
            { type: 'xstate.done.actor.copy', output: COPY },
            { type: 'xstate.error.actor.copy', error: refused },
            { type: 'xstate.error.actor.copy', error: OFFLINE },
          ]
        : []),
    ],
    states: Object.fromEntries(
      ['loading', 'notFound', 'failed', 'ready.idle', 'ready.copying', 'ready.copied'].map((k) => [
        `sharedWatchlist.${k}`,
        expectView,
      ]),
    ),
    transitions: {
      // The shared list is shown as the server sent it, with no message.
      'sharedWatchlist.loading|xstate.done.actor.load': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), list: LIST, message: null });
        expect(step.after.hasTag('ready')).toBe(true);
        expect(step.after.hasTag('busy')).toBe(false);
        const v = viewOf(step.after);
        expect([v.status, v.list?.name, v.countText, v.documentTitle, v.messageText]).toEqual([
          'ready',
          'Blue chips',
          '2 projects',
          'Blue chips (shared watchlist)',
          '',
        ]);
        expect(v.getCopyButtonProps().disabled).toBe(false);
        expect(requests(step.after)).toEqual([]);
      },
      // A revoked or unknown link (NotFound) is its own page; any other failure can be retried.
      'sharedWatchlist.loading|xstate.error.actor.load': (step) => {
        const notFound = step.event.error === gone;
        expect(step.after.hasTag('notFound')).toBe(notFound);
        expect(step.after.hasTag('error')).toBe(!notFound);
        expect(ctx(step.after)).toEqual(ctx(step.before));
        expect(ctx(step.after).list).toBeNull();
        expect(viewOf(step.after).status).toBe(notFound ? 'notFound' : 'failed');
        expect(viewOf(step.after).list).toBeNull();
        expect(requests(step.after)).toEqual([]);
      },
      'sharedWatchlist.failed|RETRY': (step) => {
        expect(step.after.hasTag('loading')).toBe(true);
        expect(viewOf(step.after).status).toBe('loading');
        expect(requests(step.after)).toEqual(['load']);
        expect(requestInput(step.after, 'load')).toEqual({ token: TOKEN });
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      // Signed in, the copy is requested for this link; signed out, the login opens and nothing is copied.
      'sharedWatchlist.ready.idle|COPY': (step) => {
        if (step.event.signedIn) {
          expect(step.after.hasTag('busy')).toBe(true);
          expect(requests(step.after)).toEqual(['copy']);
          expect(requestInput(step.after, 'copy')).toEqual({ token: TOKEN });
          expect(own(step)).toEqual([]);
          expect(ctx(step.after)).toEqual(ctx(step.before));
          expect(viewOf(step.after, true).getCopyButtonProps().disabled).toBe(true);
        } else {
          expect(own(step)).toEqual(['requestLogin']);
          expect(step.after.hasTag('busy')).toBe(false);
          expect(requests(step.after)).toEqual([]);
          expect(ctx(step.after)).toEqual({ ...ctx(step.before), message: SHARED_MESSAGES.loginRequired });
          expect(viewOf(step.after).messageText).toBe('Log in to copy this list into your watchlists.');
          expect(viewOf(step.after).getCopyButtonProps().disabled).toBe(false);
        }
      },
      // One copy per visit: the page links to it and names it.
      'sharedWatchlist.ready.copying|xstate.done.actor.copy': (step) => {
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          copy: COPY,
          message: 'Saved to your watchlists as “Blue chips 2”.',
        });
        expect(step.after.hasTag('copied')).toBe(true);
        expect(step.after.hasTag('busy')).toBe(false);
        const v = viewOf(step.after);
        expect([v.copied, v.openCopyText, v.messageText]).toEqual([
          true,
          'Open my watchlists',
          'Saved to your watchlists as “Blue chips 2”.',
        ]);
        expect(requests(step.after)).toEqual([]);
      },
      // The server's refusal is shown as it said it; any other failure gets the generic text. The copy can be retried.
      'sharedWatchlist.ready.copying|xstate.error.actor.copy': (step) => {
        const message =
          step.event.error === refused ? 'You can keep at most 20 watchlists.' : SHARED_MESSAGES.copyFailed;
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), copy: null, message });
        expect(step.after.matches({ ready: 'idle' })).toBe(true);
        expect(step.after.hasTag('busy')).toBe(false);
        expect(viewOf(step.after).messageText).toBe(message);
        expect(viewOf(step.after).copied).toBe(false);
        expect(viewOf(step.after).getCopyButtonProps().disabled).toBe(false);
        expect(requests(step.after)).toEqual([]);
        expect(own(step)).toEqual([]);
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
      { input: { token: TOKEN } },
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
