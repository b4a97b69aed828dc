import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { FlagIdentity, FlagValues } from '../../../api/flags';
import { notProvided } from '../requests';

export type FlagsEvent =
  /** The session settled or changed (sign-in, sign-out, impersonation). */
  | { type: 'SESSION_CHANGED'; identity: FlagIdentity }
  /** The provider saw new values (polling, tab visibility, a reloaded flag file). */
  | { type: 'FLAGS_CHANGED'; values: FlagValues };

const sameIdentity = (a: FlagIdentity | undefined, b: FlagIdentity) =>
  a !== undefined &&
  (a === null || b === null ? a === b : a.targetingKey === b.targetingKey && a.email === b.email);

/** Retry after a failed evaluation (the provider also refetches on tab visibility). */
export const FLAGS_RETRY_MS = 30_000;

/** Flag values the server evaluated for the page's session and wrote into the page (`input.inlined`). */
export type InlinedFlagValues = { identity: FlagIdentity; values: FlagValues };

/**
 * Feature flags in the browser (OpenFeature web SDK over OFREP). It waits for the session, evaluates every flag
 * for that identity (loading), keeps the values fresh while ready (the provider polls), and on sign-in or sign-out
 * drops the old identity's values and re-evaluates (stale). Readers use `values` only under the tag `ready`;
 * anywhere else a flag has its default.
 * When the page carries the server's values for the same identity (`input.inlined`), the session's arrival makes
 * the flags ready at once, with no evaluation: the SDK is then only needed to keep them fresh, which `watch` may
 * set up once the first refresh is due.
 * Actors: `evaluate` (input: identity → values) and `watch` (input: identity; sends FLAGS_CHANGED), provided by
 * the app.
 */
const flagsSetup = setup({
  types: {
    context: {} as {
      identity: FlagIdentity | undefined;
      values: FlagValues;
      error: string | null;
      inlined: InlinedFlagValues | null;
    },
    events: {} as FlagsEvent,
    input: {} as { inlined?: InlinedFlagValues | null } | undefined,
  },
  actors: {
    evaluate: notProvided<FlagValues, FlagIdentity>('evaluate'),
    watch: fromCallback<FlagsEvent, FlagIdentity>(() => {
      throw new Error('watch not provided');
    }),
  },
  delays: { retry: FLAGS_RETRY_MS },
  guards: {
    identityChanged: ({ context, event }) => {
      assertEvent(event, 'SESSION_CHANGED');
      return !sameIdentity(context.identity, event.identity);
    },
    isInlinedIdentity: ({ context, event }) => {
      assertEvent(event, 'SESSION_CHANGED');
      return context.inlined !== null && sameIdentity(context.inlined.identity, event.identity);
    },
  },
  actions: {
    assignIdentity: assign(({ event }) => {
      assertEvent(event, 'SESSION_CHANGED');
      return { identity: event.identity };
    }),
    clearValues: assign({ values: () => ({}) }),
    assignInlinedValues: assign({
      values: ({ context }) => context.inlined?.values ?? {},
      error: () => null,
    }),
    assignValues: assign({
      values: ({ event }) => (event as unknown as { output: FlagValues }).output ?? {},
      error: () => null,
    }),
    assignChangedValues: assign(({ event }) => {
      assertEvent(event, 'FLAGS_CHANGED');
      return { values: event.values };
    }),
    assignError: assign({
      error: ({ event }) => {
        const error = (event as unknown as { error?: unknown }).error;
        return error instanceof Error ? error.message : 'Flags could not be evaluated';
      },
    }),
  },
});

/** Evaluating the flags for the current identity: on first load and again after the identity changed. */
const evaluateFlags = {
  id: 'evaluate',
  src: 'evaluate',
  input: ({ context }: { context: { identity: FlagIdentity | undefined } }) => context.identity ?? null,
  onDone: { target: '#flags.ready', actions: 'assignValues' },
  onError: { target: '#flags.failed', actions: 'assignError' },
} as const;

export const flagsMachine = flagsSetup.createMachine({
  id: 'flags',
  context: ({ input }) => ({ identity: undefined, values: {}, error: null, inlined: input?.inlined ?? null }),
  initial: 'waitingForSession',
  states: {
    waitingForSession: {
      tags: ['loading'],
      on: {
        SESSION_CHANGED: [
          {
            guard: 'isInlinedIdentity',
            target: 'ready',
            actions: ['assignIdentity', 'assignInlinedValues'],
          },
          { target: 'loading', actions: 'assignIdentity' },
        ],
      },
    },
    loading: {
      tags: ['loading'],
      invoke: evaluateFlags,
      on: {
        SESSION_CHANGED: {
          guard: 'identityChanged',
          target: 'loading',
          reenter: true,
          actions: 'assignIdentity',
        },
      },
    },
    ready: {
      tags: ['ready'],
      invoke: { id: 'watch', src: 'watch', input: ({ context }) => context.identity ?? null },
      on: {
        FLAGS_CHANGED: { actions: 'assignChangedValues' },
        SESSION_CHANGED: {
          guard: 'identityChanged',
          target: 'stale',
          actions: ['assignIdentity', 'clearValues'],
        },
      },
    },
    stale: {
      tags: ['stale'],
      invoke: evaluateFlags,
      on: {
        SESSION_CHANGED: {
          guard: 'identityChanged',
          target: 'stale',
          reenter: true,
          actions: 'assignIdentity',
        },
      },
    },
    failed: {
      tags: ['error'],
      after: { retry: 'loading' },
      on: {
        SESSION_CHANGED: { target: 'loading', actions: ['assignIdentity', 'clearValues'] },
      },
    },
  },
});
