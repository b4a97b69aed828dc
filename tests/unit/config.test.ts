import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'sentinel-config-'));

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, seedProjects: 2000, production: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated secret in DATA_DIR across starts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(loadConfig({ DATA_DIR: dir }).authSecret);
  });

  it('refuses production without AUTH_SECRET and SMTP_URL, naming both', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /AUTH_SECRET and SMTP_URL/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), DATA_DIR: dataDir() }),
    ).toThrow(/SMTP_URL/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:25',
    });
    expect(ok.production).toBe(true);
  });

  it('refuses a SMTP_URL nodemailer cannot send through, without echoing it (it may hold a password)', () => {
    for (const value of ['mail.example.com:25', 'http://mail.example.com', 'smtp//user:secret@mail']) {
      const load = () => loadConfig({ SMTP_URL: value, DATA_DIR: dataDir() });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(load).not.toThrow(/secret/);
    }
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465', DATA_DIR: dataDir() }).smtpUrl,
    ).toBe('smtps://user:secret@mail.example.com:465');
  });

  it('rejects a PORT or SEED_PROJECTS that is not a whole number', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_PROJECTS: '-3', DATA_DIR: dataDir() })).toThrow(/SEED_PROJECTS/);
  });

  it('trusts no proxy unless TRUST_PROXY names one', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8, ::1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['1', 'yes', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/8', '127.0.0.1,']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  // Loading the server's modules through tsx took 23 s in CI beside the other suites.
  it('npm start exits with a clear message in production without the secrets', { timeout: 120_000 }, () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir() };
    delete env.AUTH_SECRET;
    delete env.SMTP_URL;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Refusing to start with NODE_ENV=production: set AUTH_SECRET and SMTP_URL');
  });
});
