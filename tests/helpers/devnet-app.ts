import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { linkDemoProjects } from '../../server/chains/demoProjects';
import { startDevnet, type DemoContract, type Devnet } from '../../server/chains/devnet';
import type { ChainEntry } from '../../server/chains/plugin';
import { DEVNET_NAME } from '../../server/chains/start';
import { ensureFollowJobs } from '../../server/indexer/index';
import { createTestApp, type TestApp } from './app';

export type DevnetApp = {
  devnet: Devnet;
  t: TestApp;
  /** A demo contract the devnet deployed, by its key. */
  contract: (key: string) => DemoContract;
  /** Closes the server, then what `opts.rpcUrls` started (`others`), then stops the devnet and removes its data. */
  close: (...others: ({ close: () => Promise<void> } | undefined)[]) => Promise<void>;
};

/**
 * The server as `npm start` runs it on the embedded devnet: the devnet with its demo contracts deployed, the demo
 * projects linked to them, their follow jobs queued and the job runner polling fast.
 */
export async function startDevnetApp(opts: {
  /** Names the devnet's temporary data folder. */
  dataDirPrefix: string;
  env?: Record<string, string>;
  /** The job runner's wait after a failed job. */
  backoffMs?: number;
  /** The URLs the server reads the devnet through (e.g. fault proxies in front of it); its own URL by default. */
  rpcUrls?: (devnet: Devnet) => Promise<string[]>;
}): Promise<DevnetApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), opts.dataDirPrefix));
  let devnet: Devnet | undefined;
  let t: TestApp | undefined;
  try {
    devnet = await startDevnet({ dataDir, port: 0 });
    const chains: ChainEntry[] = [
      {
        id: devnet.chainId,
        name: DEVNET_NAME,
        kind: 'evm',
        rpcUrls: opts.rpcUrls ? await opts.rpcUrls(devnet) : [devnet.rpcUrl],
        confirmations: 0,
        pollMs: 100,
        devnet: true,
      },
    ];
    const jobs = { loop: true, pollMs: 50, scheduleMs: 3_600_000 };
    t = await createTestApp(opts.env, {
      server: { chains, jobs: opts.backoffMs === undefined ? jobs : { ...jobs, backoffMs: opts.backoffMs } },
    });
    await linkDemoProjects(t.app.db, devnet.deployment);
    await ensureFollowJobs(t.app.db, [devnet.chainId]);
  } catch (error) {
    await t?.close();
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started = { devnet, t };
  return {
    ...started,
    contract: (key) => started.devnet.deployment.contracts.find((c) => c.key === key)!,
    close: async (...others) => {
      await started.t.close();
      for (const other of others) await other?.close();
      await started.devnet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
