import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, type ApiKey, type CreatedApiKey } from '../../api/apiKeys';
import { connectApiKeys, usageBars } from '../../machines/account/api-keys/apiKeys.connect';
import { apiKeysMachine } from '../../machines/account/api-keys/apiKeys.machine';
import type { ApiKeysContext, ApiKeysSnapshot } from '../../machines/account/api-keys/apiKeys.types';
import { describePaths, inputOf, pending, pendingActors, replay, type StepEffect } from './harness';
import { nextIn } from './nextIn';
import { answersIn } from './answers';

const KEY = `sk_${'Q'.repeat(43)}`;
const usage = [{ day: '2026-11-20', requests: 3, refused: 1 }];
const key = (id: string, revokedAt: string | null = null): ApiKey => ({
  id,
  name: `Key ${id}`,
  prefix: `sk_${id}xxxxx`.slice(0, 10),
  createdAt: '2026-11-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt,
  perMinute: 60,
  perDay: 10_000,
  usage,
});
const LOADED = [key('k1'), key('k0', '2026-11-02T00:00:00.000Z')];
const CREATED: CreatedApiKey = { ...key('k2'), name: 'Research', key: KEY };
const TOO_MANY = { code: 'TooManyApiKeys', message: API_KEY_MESSAGES.tooMany };

const ctx = (s: AnyMachineSnapshot) => s.context as ApiKeysContext;
const view = (s: AnyMachineSnapshot) => connectApiKeys(s as ApiKeysSnapshot);
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
/** The server's message when it sent a coded one, else `fallback`. */
const shownFor = (error: unknown, fallback: string) => {
  const e = error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string' && e.message ? e.message : fallback;
};

/** Only what `changes` names changed; no request started or stopped. */
const unchangedExcept = (step: StepEffect, changes: Partial<ApiKeysContext> = {}) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });
  expect(requests(step.after)).toEqual(requests(step.before));
  expect(step.actions).toEqual([]);
};

/** A request started: `id` runs with `input` and nothing else changed. */
const starts = (step: StepEffect, id: string, input: unknown) => {
  expect(requests(step.before)).toEqual([]);
  expect(requests(step.after)).toEqual([id]);
  expect(inputOf(step.after, id)).toEqual(input);
  expect(step.actions.map((a) => a.type)).toEqual(['xstate.spawnChild']);
};

/** The request `id` answered: it is stopped, the section is ready again and nothing waits for a confirmation. */
const answered = (step: StepEffect, id: string) => {
  expect(requests(step.before)).toEqual([id]);
  expect(requests(step.after)).toEqual([]);
  expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: step.before.children[id] }]);
  expect(view(step.after)).toMatchObject({ ready: true, busy: false, creating: false, confirmingId: null });
  expect(view(step.after).revokingId).toBeNull();
  expect(ctx(step.after).confirmId).toBeNull();
};

type Variant = {
  loaded: ApiKey[];
  /** Keys offered to REVOKE besides the new one. */
  revocable: string[];
  createError: unknown;
  revokeError: unknown;
};
const variants: Variant[] = [
  // The 10-key limit (the server's message); revoking fails offline (the generic one).
  { loaded: LOADED, revocable: ['k1', 'k0'], createError: TOO_MANY, revokeError: new Error('offline') },
  // Only the new key is revoked (its secret goes from the screen); create fails offline, revoke with a message.
  {
    loaded: LOADED,
    revocable: ['k0'],
    createError: new Error('offline'),
    revokeError: { code: 'ApiKeyNotFound', message: 'That key no longer exists.' },
  },
];

for (const { loaded, revocable, createError, revokeError } of variants)
  describePaths(
    'apiKeys',
    apiKeysMachine.provide({
      actors: pendingActors('load', 'create', 'revoke', 'copyKey'),
    }),
    {
      // Told apart by state, which keys are there (and revoked), and what is on screen.
      serializeState: (s) => {
        const c = ctx(s);
        const keys = [...new Set(c.keys.map((k) => `${k.id}${k.revokedAt ? '-revoked' : ''}`))].sort();
        return JSON.stringify([s.value, keys, !!c.created, c.confirmId, c.copied, c.error, c.nameError]);
      },
      events: (s) => {
        const c = ctx(s);
        return [
          { type: 'CREATE', name: '  Research  ' },
          { type: 'CREATE', name: '   ' },
          { type: 'CREATE', name: 'x'.repeat(41) },
          ...revocable.map((id) => ({ type: 'REVOKE', id })),
          ...(c.created ? [{ type: 'REVOKE', id: c.created.id }] : []),
          { type: 'CONFIRM' },
          { type: 'CANCEL' },
          { type: 'COPY' },
          { type: 'HIDE_KEY' },
          { type: 'DISMISS' },
          { type: 'RETRY' },
          ...answersIn(s, 'loading', 'load', { outputs: [loaded], errors: [new Error('offline')] }),
          ...answersIn(s, { ready: 'creating' }, 'create', {
            outputs: [{ ...CREATED, name: c.name }],
            errors: [createError],
          }),
          ...answersIn(s, { ready: 'revoking' }, 'revoke', {
            outputs: [
              { ...c.keys.find((k) => k.id === c.confirmId)!, revokedAt: '2026-11-21T00:00:00.000Z' },
            ],
            errors: [revokeError],
          }),
          ...answersIn(s, { ready: 'copying' }, 'copyKey', {
            outputs: [undefined],
            errors: [new Error('denied')],
          }),
        ];
      },
      transitions: {
        // The user's keys are listed.
        'apiKeys.loading|xstate.done.actor.load': (step) => {
          answered(step, 'load');
          expect(view(step.after)).toMatchObject({
            loading: false,
            failed: false,
            keys: step.event.output,
            error: null,
          });
          expect(view(step.after).created).toBeNull();
        },
        'apiKeys.loading|xstate.error.actor.load': (step) => {
          expect(requests(step.after)).toEqual([]);
          expect(view(step.after)).toMatchObject({
            loading: false,
            failed: true,
            ready: false,
            keys: [],
            error: API_KEY_MESSAGES.loadFailed,
          });
        },
        // "Try again" loads again, the message gone.
        'apiKeys.failed|RETRY': (step) => {
          starts(step, 'load', undefined);
          expect(view(step.after)).toMatchObject({
            loading: true,
            failed: false,
            error: null,
            nameError: null,
          });
        },
        // A valid name (trimmed) goes to the server, the old key leaves the screen; a bad one only shows why.
        'apiKeys.ready.idle|CREATE': (step) => {
          const name = (step.event.name as string).trim();
          if (name === '' || name.length > API_KEY_NAME_MAX) {
            unchangedExcept(step, {
              nameError: name === '' ? API_KEY_MESSAGES.nameRequired : API_KEY_MESSAGES.nameTooLong,
              error: null,
            });
            expect(step.after.value).toEqual(step.before.value);
            return;
          }
          starts(step, 'create', { name });
          expect(ctx(step.after)).toEqual({
            ...ctx(step.before),
            name,
            created: null,
            copied: false,
            error: null,
            nameError: null,
          });
          expect(view(step.after)).toMatchObject({ busy: true, creating: true, revokingId: null });
        },
        // The new key heads the list, its secret shown once (and only there).
        'apiKeys.ready.creating|xstate.done.actor.create': (step) => {
          answered(step, 'create');
          const made = step.event.output as CreatedApiKey;
          const { key: secret, ...listed } = made;
          expect(view(step.after)).toMatchObject({
            keys: [listed, ...ctx(step.before).keys],
            created: { id: made.id, name: made.name, key: secret },
            copied: false,
            error: null,
          });
          expect(ctx(step.after).name).toBe('');
        },
        'apiKeys.ready.creating|xstate.error.actor.create': (step) => {
          answered(step, 'create');
          expect(ctx(step.after)).toEqual({
            ...ctx(step.before),
            name: '',
            error: shownFor(step.event.error, API_KEY_MESSAGES.createFailed),
          });
          expect(view(step.after).created).toBeNull();
        },
        // Revoke asks for a confirmation first (active keys only); nothing is sent yet.
        'apiKeys.ready.idle|REVOKE': (step) => {
          const { id } = step.event;
          expect(ctx(step.before).keys.find((k) => k.id === id)?.revokedAt).toBeNull();
          unchangedExcept(step, { confirmId: id as string, error: null });
          expect(view(step.after)).toMatchObject({ confirmingId: id, busy: false, revokingId: null });
        },
        'apiKeys.ready.confirming|CANCEL': (step) => {
          unchangedExcept(step, { confirmId: null });
          expect(view(step.after)).toMatchObject({ confirmingId: null, busy: false });
        },
        'apiKeys.ready.confirming|CONFIRM': (step) => {
          const id = ctx(step.before).confirmId;
          starts(step, 'revoke', { id });
          expect(ctx(step.after)).toEqual(ctx(step.before));
          expect(view(step.after)).toMatchObject({
            busy: true,
            creating: false,
            revokingId: id,
            confirmingId: null,
          });
        },
        // The key shows as revoked; if it is the new one, its secret goes from the screen.
        'apiKeys.ready.revoking|xstate.done.actor.revoke': (step) => {
          answered(step, 'revoke');
          const revoked = step.event.output as ApiKey;
          const before = ctx(step.before);
          expect(revoked.id).toBe(before.confirmId);
          expect(ctx(step.after)).toEqual({
            ...before,
            keys: before.keys.map((k) => (k.id === revoked.id ? revoked : k)),
            created: before.created?.id === revoked.id ? null : before.created,
            confirmId: null,
          });
        },
        'apiKeys.ready.revoking|xstate.error.actor.revoke': (step) => {
          answered(step, 'revoke');
          expect(ctx(step.after)).toEqual({
            ...ctx(step.before),
            error: shownFor(step.event.error, API_KEY_MESSAGES.revokeFailed),
            confirmId: null,
          });
        },
        // Copy writes the shown secret to the clipboard.
        'apiKeys.ready.idle|COPY': (step) => {
          expect(ctx(step.before).created).not.toBeNull();
          starts(step, 'copyKey', { key: ctx(step.before).created!.key });
          expect(ctx(step.after)).toEqual(ctx(step.before));
        },
        'apiKeys.ready.copying|xstate.done.actor.copyKey': (step) => {
          answered(step, 'copyKey');
          expect(ctx(step.after)).toEqual({ ...ctx(step.before), copied: true, error: null });
          expect(view(step.after).copied).toBe(true);
        },
        'apiKeys.ready.copying|xstate.error.actor.copyKey': (step) => {
          answered(step, 'copyKey');
          expect(ctx(step.after)).toEqual({
            ...ctx(step.before),
            copied: false,
            error: API_KEY_MESSAGES.copyFailed,
          });
        },
        // "Hide" takes the secret off the screen for good; the key stays listed.
        'apiKeys.ready.idle|HIDE_KEY': (step) => {
          unchangedExcept(step, { created: null, copied: false });
          expect(JSON.stringify(view(step.after))).not.toContain(KEY);
        },
        // Dismissing clears the section's message and the name's.
        'apiKeys.ready.idle|DISMISS': (step) => {
          unchangedExcept(step, { error: null, nameError: null });
          expect(view(step.after)).toMatchObject({ error: null, nameError: null });
        },
      },
      states: {
        // The list never carries a secret: the key exists only in `created`, while it is shown.
        'apiKeys.ready': (s) => {
          const c = ctx(s);
          expect(JSON.stringify(c.keys)).not.toContain(KEY);
          for (const k of c.keys) expect(k).not.toHaveProperty('key');
          if (c.copied) expect(c.created).not.toBeNull();
        },
      },
    },
  );

describe('apiKeys: what is ignored', () => {
  const last = (events: EventObject[]) => {
    const steps: StepEffect[] = [];
    replay(apiKeysMachine.provide({ actors: { load: pending() as never } }), undefined, events, (step) =>
      steps.push(step),
    );
    return steps.at(-1)!;
  };
  const loadedThen = (event: EventObject) =>
    last([{ type: 'xstate.done.actor.load', output: LOADED } as EventObject, event]);

  it('does not ask to revoke a revoked or unknown key, nor copy when no key is shown', () => {
    for (const event of [
      { type: 'REVOKE', id: 'k0' },
      { type: 'REVOKE', id: 'nope' },
      { type: 'COPY' },
    ] as EventObject[]) {
      const step = loadedThen(event);
      expect(step.transitions).toEqual([]);
      expect(ctx(step.after)).toEqual(ctx(step.before));
      expect(requests(step.after)).toEqual([]);
      expect(view(step.after).confirmingId).toBeNull();
    }
  });
});

describe('apiKeys section with real actors', () => {
  const start = (opts: { createFails?: boolean } = {}) => {
    const calls: string[] = [];
    const actor = createActor(
      apiKeysMachine.provide({
        actors: {
          load: fromPromise(async () => LOADED),
          create: fromPromise<CreatedApiKey, { name: string }>(async ({ input }) => {
            calls.push(`create ${input.name}`);
            if (opts.createFails) throw Object.assign(new Error(TOO_MANY.message), { code: TOO_MANY.code });
            return CREATED;
          }),
          revoke: fromPromise<ApiKey, { id: string }>(async ({ input }) => {
            calls.push(`revoke ${input.id}`);
            return { ...CREATED, key: undefined, revokedAt: '2026-11-21T00:00:00.000Z' } as unknown as ApiKey;
          }),
          copyKey: fromPromise<void, { key: string }>(async ({ input }) => {
            calls.push(`copy ${input.key}`);
          }),
        },
      }),
    );
    actor.start();
    return { actor, calls };
  };
  const idle = (a: ReturnType<typeof start>['actor']) => nextIn(a, { ready: 'idle' });

  it('creates, shows the key once, copies it, then revokes it after a confirmation', async () => {
    const { actor, calls } = start();
    await idle(actor);
    actor.send({ type: 'CREATE', name: 'x'.repeat(41) });
    expect(actor.getSnapshot().context.nameError).toBe(API_KEY_MESSAGES.nameTooLong);
    expect(calls).toEqual([]);
    actor.send({ type: 'CREATE', name: 'Research' });
    await idle(actor);
    expect(actor.getSnapshot().context.created?.key).toBe(KEY);
    actor.send({ type: 'COPY' });
    await idle(actor);
    expect(actor.getSnapshot().context.copied).toBe(true);
    actor.send({ type: 'REVOKE', id: 'k2' });
    expect(calls).toEqual(['create Research', `copy ${KEY}`]);
    actor.send({ type: 'CONFIRM' });
    await idle(actor);
    expect(calls.at(-1)).toBe('revoke k2');
    const c = actor.getSnapshot().context;
    expect(c.created).toBeNull();
    expect(c.keys.find((k) => k.id === 'k2')!.revokedAt).not.toBeNull();
  });

  it("shows the server's message when creating is refused", async () => {
    const { actor } = start({ createFails: true });
    await idle(actor);
    actor.send({ type: 'CREATE', name: 'Eleventh' });
    await idle(actor);
    expect(actor.getSnapshot().context).toMatchObject({ error: API_KEY_MESSAGES.tooMany, created: null });
  });

  it('scales usage bars to the busiest day', () => {
    const bars = usageBars([
      { day: '2026-11-19', requests: 0, refused: 0 },
      { day: '2026-11-20', requests: 4, refused: 0 },
      { day: '2026-11-21', requests: 1, refused: 1 },
    ]);
    expect(bars.map((b) => b.share)).toEqual([0, 1, 0.5]);
    expect(bars[2]!.label).toBe('2026-11-21: 1 request, 1 refused');
  });
});
