import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChainsConfigError, parseChainsConfig } from '../../server/chains/config';

describe('parseChainsConfig', () => {
  it('starts the devnet when no chain is configured, and nothing with CHAINS=off', () => {
    expect(parseChainsConfig({})).toEqual({ devnet: true, chains: [] });
    expect(parseChainsConfig({ CHAINS: 'off' })).toEqual({ devnet: false, chains: [] });
  });

  it('reads inline JSON with defaults (2 confirmations, 2 s polls)', () => {
    // Every setting given: read as it is.
    const base = {
      id: 8453,
      name: 'Base',
      rpcUrls: ['https://base.example'],
      confirmations: 5,
      pollMs: 1000,
      explorer: 'https://basescan.example',
    };
    const config = parseChainsConfig({
      CHAINS: JSON.stringify([
        { id: 1, name: 'Ethereum', rpcUrls: ['https://eth.example/rpc', 'https://backup.example'] },
        base,
      ]),
    });
    expect(config).toEqual({
      devnet: false,
      chains: [
        {
          id: 1,
          name: 'Ethereum',
          rpcUrls: ['https://eth.example/rpc', 'https://backup.example'],
          confirmations: 2,
          pollMs: 2000,
        },
        base,
      ],
    });
  });

  it('reads CHAINS_FILE', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chains-'));
    try {
      const file = path.join(dir, 'chains.json');
      writeFileSync(file, JSON.stringify([{ id: 10, name: 'Optimism', rpcUrls: ['http://127.0.0.1:8545'] }]));
      expect(parseChainsConfig({ CHAINS_FILE: file }).chains.map((c) => c.id)).toEqual([10]);
      expect(() => parseChainsConfig({ CHAINS_FILE: path.join(dir, 'missing.json') })).toThrow(
        /CHAINS_FILE .* cannot be read/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the wrong field', () => {
    const bad = (chains: unknown) => () => parseChainsConfig({ CHAINS: JSON.stringify(chains) });
    expect(bad([{ id: 1, name: 'x', rpcUrls: [] }])).toThrow(/CHAINS\[0\]\.rpcUrls/);
    expect(bad([{ id: 1, name: 'x', rpcUrls: ['ftp://x.example'] }])).toThrow(/CHAINS\[0\]\.rpcUrls\[0\]/);
    expect(bad([{ id: -1, name: 'x', rpcUrls: ['http://a.example'] }])).toThrow(/CHAINS\[0\]\.id/);
    expect(bad([{ id: 1, rpcUrls: ['http://a.example'] }])).toThrow(/CHAINS\[0\]\.name/);
    expect(bad([{ id: 1, name: 'x', rpcUrls: ['http://a.example'], confirmations: 1.5 }])).toThrow(
      /confirmations/,
    );
    expect(
      bad([
        { id: 1, name: 'a', rpcUrls: ['http://a.example'] },
        { id: 1, name: 'b', rpcUrls: ['http://b.example'] },
      ]),
    ).toThrow(/CHAINS\[1\]\.id: chain 1 is listed twice/);
    expect(() => parseChainsConfig({ CHAINS: '[{' })).toThrow(ChainsConfigError);
    expect(() => parseChainsConfig({ CHAINS: '[]', CHAINS_FILE: '/x' })).toThrow(/not both/);
  });
});
