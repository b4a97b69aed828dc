import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { API_KEY_MESSAGES, type ApiKey, type CreatedApiKey } from '../../api/apiKeys';
import { connectApiKeys, usageBars } from '../../machines/api-keys/apiKeys.connect';
import { apiKeysMachine, type ApiKeysContext } from '../../machines/api-keys/apiKeys.machine';
import { describePaths } from './harness';

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

/** What the stubbed actors were last started with (each replay starts them afresh). */
const sent: { create?: unknown; revoke?: unknown; copyKey?: unknown } = {};
const never = () => new Promise<never>(() => undefined);
const recording = <I>(name: keyof typeof sent) =>
  fromPromise<never, I>(({ input }) => {
    sent[name] = input;
    return never();
  });

describePaths(
  'apiKeys',
  apiKeysMachine.provide({
    actors: {
      load: fromPromise(never) as never,
      create: recording<{ name: string }>('create') as never,
      revoke: recording<{ id: string }>('revoke') as never,
      copyKey: recording<{ key: string }>('copyKey') as never,
    },
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
        { type: 'REVOKE', id: 'k1' },
        { type: 'REVOKE', id: 'k0' },
        ...(c.created ? [{ type: 'REVOKE', id: c.created.id }] : []),
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'COPY' },
        { type: 'HIDE_KEY' },
        { type: 'DISMISS' },
        { type: 'RETRY' },
        ...(s.matches('loading')
          ? [
              { type: 'xstate.done.actor.load', output: LOADED },
              { type: 'xstate.error.actor.load', error: new Error('offline') },
            ]
          : []),
        ...(s.matches({ ready: 'creating' })
          ? [
              { type: 'xstate.done.actor.create', output: CREATED },
              { type: 'xstate.error.actor.create', error: TOO_MANY },
            ]
          : []),
        ...(s.matches({ ready: 'revoking' })
          ? [
              {
                type: 'xstate.done.actor.revoke',
                output: {
                  ...c.keys.find((k) => k.id === c.confirmId)!,
                  revokedAt: '2026-11-21T00:00:00.000Z',
                },
              },
              { type: 'xstate.error.actor.revoke', error: new Error('offline') },
            ]
          : []),
        ...(s.matches({ ready: 'copying' })
          ? [
              { type: 'xstate.done.actor.copyKey', output: undefined },
              { type: 'xstate.error.actor.copyKey', error: new Error('denied') },
            ]
          : []),
      ];
    },
    states: {
      'apiKeys.loading': (s) => {
        expect(connectApiKeys(s as never)).toMatchObject({ loading: true, ready: false, keys: [] });
        expect(s.children.load).toBeDefined();
      },
      'apiKeys.failed': (s) => {
        expect(ctx(s).error).toBe(API_KEY_MESSAGES.loadFailed);
        expect(connectApiKeys(s as never)).toMatchObject({ failed: true, ready: false });
      },
      'apiKeys.ready': (s) => {
        const c = ctx(s);
        expect(s.hasTag('ready')).toBe(true);
        // The list never carries a secret: the key exists only in `created`, while it is shown.
        expect(JSON.stringify(c.keys)).not.toContain(KEY);
        for (const k of c.keys) expect(k).not.toHaveProperty('key');
        expect(c.keys.map((k) => k.id)).toEqual(expect.arrayContaining(['k1', 'k0']));
        if (c.created) {
          expect(c.created).toEqual({ id: 'k2', name: 'Research', key: KEY });
          expect(c.keys[0]!.id).toBe('k2');
          expect(connectApiKeys(s as never).created?.key).toBe(KEY);
        } else {
          expect(c.copied).toBe(false);
        }
        // A revoked key's secret is gone from the screen.
        if (c.keys.some((k) => k.id === 'k2' && k.revokedAt)) expect(c.created).toBeNull();
      },
      'apiKeys.ready.idle': (s) => {
        const c = ctx(s);
        expect(s.hasTag('busy')).toBe(false);
        expect(c.confirmId).toBeNull();
        expect([
          null,
          API_KEY_MESSAGES.tooMany,
          API_KEY_MESSAGES.revokeFailed,
          API_KEY_MESSAGES.copyFailed,
        ]).toContain(c.error);
        expect([null, API_KEY_MESSAGES.nameRequired]).toContain(c.nameError);
        if (c.copied) expect(c.created).not.toBeNull();
        if (c.error === API_KEY_MESSAGES.copyFailed) expect(c.copied).toBe(false);
      },
      'apiKeys.ready.creating': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        // The name as the server takes it (trimmed); no key on screen while a new one is made.
        expect(sent.create).toEqual({ name: 'Research' });
        expect(ctx(s)).toMatchObject({ created: null, error: null, nameError: null });
        expect(connectApiKeys(s as never).creating).toBe(true);
      },
      'apiKeys.ready.confirming': (s) => {
        const id = ctx(s).confirmId;
        expect(['k1', 'k2']).toContain(id);
        expect(ctx(s).keys.find((k) => k.id === id)!.revokedAt).toBeNull();
        expect(connectApiKeys(s as never).confirmingId).toBe(id);
      },
      'apiKeys.ready.revoking': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(sent.revoke).toEqual({ id: ctx(s).confirmId });
        expect(connectApiKeys(s as never).revokingId).toBe(ctx(s).confirmId);
      },
      'apiKeys.ready.copying': () => {
        expect(sent.copyKey).toEqual({ key: KEY });
      },
    },
  },
);

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
  const idle = (a: ReturnType<typeof start>['actor']) =>
    new Promise<void>((resolve) => {
      const sub = a.subscribe((s) => {
        if (s.matches({ ready: 'idle' })) {
          sub.unsubscribe();
          resolve();
        }
      });
    });

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
