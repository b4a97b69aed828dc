import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlagService } from '../../server/flags/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

const on = { on: true, off: false };
/** A flag file whose flags each target one context field. */
function targetingFlags(email: string, username: string) {
  return {
    flags: {
      byRole: {
        state: 'ENABLED',
        variants: on,
        defaultVariant: 'off',
        targeting: { if: [{ '===': [{ var: 'role' }, 'admin'] }, 'on', 'off'] },
      },
      byEmail: {
        state: 'ENABLED',
        variants: on,
        defaultVariant: 'off',
        targeting: { if: [{ '===': [{ var: 'email' }, email] }, 'on', 'off'] },
      },
      byUsername: {
        state: 'ENABLED',
        variants: on,
        defaultVariant: 'off',
        targeting: { if: [{ '===': [{ var: 'targetingKey' }, username] }, 'on', 'off'] },
      },
      colour: { state: 'ENABLED', variants: { red: 'red', blue: 'blue' }, defaultVariant: 'blue' },
      retired: { state: 'DISABLED', variants: on, defaultVariant: 'on' },
    },
  };
}

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'flags-test-'));
const values = (body: { flags: { key: string; value?: unknown }[] }) =>
  Object.fromEntries(body.flags.map((f) => [f.key, f.value]));

describe('the repository flags.json', () => {
  const service = createFlagService(path.resolve('flags.json'), { watch: false });
  afterAll(() => service.close());

  it('has portfolio off, extendedUserSetting on, impersonationTool only for role admin', () => {
    const user = { targetingKey: 'u1', email: 'u@example.com', role: 'user' };
    const admin = { targetingKey: 'a1', email: 'a@example.com', role: 'admin' };
    expect(service.isEnabled('portfolio', user)).toBe(false);
    expect(service.isEnabled('portfolio', admin)).toBe(false);
    expect(service.isEnabled('extendedUserSetting', user)).toBe(true);
    expect(service.isEnabled('extendedUserSetting', {})).toBe(true);
    expect(service.isEnabled('impersonationTool', admin)).toBe(true);
    expect(service.isEnabled('impersonationTool', user)).toBe(false);
    expect(service.isEnabled('impersonationTool', {})).toBe(false);
  });
});

describe('OFREP over the session', () => {
  let t: TestApp;
  let dir: string;
  let alice: Client;
  let admin: Client;
  let bob: Client;
  beforeAll(async () => {
    dir = tmp();
    // The file is written once the accounts exist (targeting needs their ids); until then an empty flag set.
    writeFileSync(path.join(dir, 'flags.json'), JSON.stringify({ flags: {} }));
    t = await createTestApp({ FLAGS_FILE: path.join(dir, 'flags.json'), ADMIN_EMAILS: 'root@example.com' });
    alice = await signIn(t.app, { email: 'alice@example.com' });
    bob = await signIn(t.app, { email: 'bob@example.com' });
    admin = await signIn(t.app, { email: 'root@example.com' });
    const changed = new Promise<void>((resolve) => t.app.flags.onChange(resolve));
    writeFileSync(
      path.join(dir, 'flags.json'),
      JSON.stringify(targetingFlags('alice@example.com', bob.username)),
    );
    await changed;
  }, 120_000);
  afterAll(async () => t?.close());

  const bulk = (client: Client, body: unknown = { context: {} }, headers: Record<string, string> = {}) =>
    client.inject({ method: 'POST', url: '/ofrep/v1/evaluate/flags', payload: body as object, headers });

  it('targets by role, email and username (targetingKey)', async () => {
    const anon = values((await bulk(anonymous(t.app))).json());
    expect(anon).toMatchObject({ byRole: false, byEmail: false, byUsername: false, colour: 'blue' });
    expect(values((await bulk(alice)).json())).toMatchObject({
      byRole: false,
      byEmail: true,
      byUsername: false,
    });
    expect(values((await bulk(bob)).json())).toMatchObject({
      byRole: false,
      byEmail: false,
      byUsername: true,
    });
    expect(values((await bulk(admin)).json())).toMatchObject({
      byRole: true,
      byEmail: false,
      byUsername: false,
    });
  });

  it('ignores the role, email and targetingKey the client claims', async () => {
    const claimed = { context: { role: 'admin', email: 'alice@example.com', targetingKey: bob.username } };
    const res = await bulk(anonymous(t.app), claimed);
    expect(res.statusCode).toBe(200);
    expect(values(res.json())).toMatchObject({ byRole: false, byEmail: false, byUsername: false });
    const single = await anonymous(t.app).inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/byRole',
      payload: claimed,
    });
    expect(single.json()).toMatchObject({ key: 'byRole', value: false });
  });

  it('answers the bulk call in the OFREP shape, leaving disabled flags out', async () => {
    const res = await bulk(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.flags).toContainEqual({
      key: 'byRole',
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'on',
      metadata: {},
    });
    expect(body.flags).toContainEqual(
      expect.objectContaining({ key: 'colour', value: 'blue', variant: 'blue' }),
    );
    expect(body.flags.map((f: { key: string }) => f.key)).not.toContain('retired');
  });

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await bulk(alice);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await bulk(alice, { context: {} }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another identity evaluates differently, so the same tag does not match.
    const other = await bulk(bob, { context: {} }, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('evaluates one flag, 404 FLAG_NOT_FOUND for an unknown key, reason DISABLED without a value', async () => {
    const one = await alice.inject({ method: 'POST', url: '/ofrep/v1/evaluate/flags/byEmail', payload: {} });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      key: 'byEmail',
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'on',
      metadata: {},
    });

    const missing = await alice.inject({ method: 'POST', url: '/ofrep/v1/evaluate/flags/nope', payload: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ key: 'nope', errorCode: 'FLAG_NOT_FOUND', error: 'FlagNotFound' });

    const retired = await alice.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/retired',
      payload: {},
    });
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toEqual({ key: 'retired', reason: 'DISABLED', metadata: {} });
  });

  it('refuses a malformed context with 400 INVALID_CONTEXT', async () => {
    const res = await bulk(alice, { context: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT', error: 'ValidationError' });
    expect(res.json().fields).toHaveProperty('context');
    const one = await alice.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/byRole',
      payload: { context: [1, 2] },
    });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ key: 'byRole', errorCode: 'INVALID_CONTEXT' });
    const bad = await alice.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers without a body at all (anonymous context)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ofrep/v1/evaluate/flags' });
    expect(res.statusCode).toBe(200);
    expect(values(res.json())).toMatchObject({ byRole: false, colour: 'blue' });
  });

  it('decides on the server with app.flags.evaluate', () => {
    expect(t.app.flags.evaluate('byRole', { role: 'admin' })).toMatchObject({ value: true, variant: 'on' });
    expect(t.app.flags.evaluate('unknown', {})).toMatchObject({ errorCode: 'FLAG_NOT_FOUND' });
  });
});

describe('reloading FLAGS_FILE', () => {
  it('picks up edits and replacements, and keeps the last good flags when the file breaks', async () => {
    const dir = tmp();
    const file = path.join(dir, 'flags.json');
    const flag = (variant: 'on' | 'off') => ({
      flags: { beta: { state: 'ENABLED', variants: on, defaultVariant: variant } },
    });
    writeFileSync(file, JSON.stringify(flag('off')));
    const service = createFlagService(file, { debounceMs: 10 });
    const nextChange = () =>
      new Promise<void>((resolve) => {
        const off = service.onChange(() => {
          off();
          resolve();
        });
      });
    try {
      expect(service.isEnabled('beta')).toBe(false);
      const v1 = service.version;

      // In-place edit.
      let changed = nextChange();
      writeFileSync(file, JSON.stringify(flag('on')));
      await changed;
      expect(service.isEnabled('beta')).toBe(true);
      expect(service.version).not.toBe(v1);

      // Atomic replacement (how editors and deploys write files).
      changed = nextChange();
      writeFileSync(path.join(dir, 'next.tmp'), JSON.stringify(flag('off')));
      renameSync(path.join(dir, 'next.tmp'), file);
      await changed;
      expect(service.isEnabled('beta')).toBe(false);

      // A broken file is refused; the flags stay as they were.
      writeFileSync(file, '{ "flags": { "beta": { "state": "SOMETIMES" } } }');
      expect(service.reload()).toBe(false);
      expect(service.isEnabled('beta')).toBe(false);
      expect(readFileSync(file, 'utf8')).toContain('SOMETIMES');
    } finally {
      service.close();
    }
  });

  it('refuses to start on an invalid flag file', () => {
    const file = path.join(tmp(), 'flags.json');
    writeFileSync(file, '{ not json');
    expect(() => createFlagService(file, { watch: false })).toThrow(/not a valid flagd flag definition/);
  });

  it('serves the reloaded flags over OFREP', { timeout: 120_000 }, async () => {
    const dir = tmp();
    const file = path.join(dir, 'flags.json');
    writeFileSync(
      file,
      JSON.stringify({ flags: { beta: { state: 'ENABLED', variants: on, defaultVariant: 'off' } } }),
    );
    const t = await createTestApp({ FLAGS_FILE: file });
    try {
      const ask = async () =>
        (await t.app.inject({ method: 'POST', url: '/ofrep/v1/evaluate/flags/beta', payload: {} })).json()
          .value;
      expect(await ask()).toBe(false);
      const changed = new Promise<void>((resolve) => t.app.flags.onChange(resolve));
      writeFileSync(
        file,
        JSON.stringify({ flags: { beta: { state: 'ENABLED', variants: on, defaultVariant: 'on' } } }),
      );
      await changed;
      expect(await ask()).toBe(true);
    } finally {
      await t.close();
    }
  });
});
