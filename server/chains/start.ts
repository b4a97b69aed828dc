import { parseChainsConfig, DEVNET_POLL_MS } from './config';
import { startDevnet, startTraffic, type Devnet, type Traffic } from './devnet';
import type { ChainEntry } from './plugin';

export type ChainsStart = {
  chains: ChainEntry[];
  devnet?: Devnet;
  /** Stops the traffic simulator and the devnet (which writes its state file). */
  stop: () => Promise<void>;
};

/** The embedded devnet's name in lists and sentences. */
export const DEVNET_NAME = 'Devnet';

/**
 * The chains of this instance, from CHAINS / CHAINS_FILE (server/chains/config.ts). With none configured and outside
 * production the embedded devnet starts (anvil on loopback, demo contracts deployed once, a small traffic simulator
 * unless DEVNET_TRAFFIC=off). `CHAINS=off` reads no chain.
 */
export async function startChains(
  opts: { dataDir: string; production: boolean; env?: Record<string, string | undefined> },
  log: (message: string) => void,
): Promise<ChainsStart> {
  const env = opts.env ?? process.env;
  const parsed = parseChainsConfig(env);
  if (!parsed.devnet) {
    return { chains: parsed.chains.map((c) => ({ ...c, kind: 'evm' as const })), stop: async () => {} };
  }
  if (opts.production) {
    log(
      'No chain configured (CHAINS or CHAINS_FILE): nothing is monitored; the devnet never runs in production.',
    );
    return { chains: [], stop: async () => {} };
  }
  const port = env.DEVNET_PORT ? Number(env.DEVNET_PORT) : undefined;
  const devnet = await startDevnet({ dataDir: opts.dataDir, port });
  log(
    `Embedded devnet (anvil) at ${devnet.rpcUrl}, chain id ${devnet.chainId}: demo contracts ${
      devnet.deployed ? 'deployed' : 'found'
    } in ${Math.round(devnet.timings.totalMs)} ms`,
  );
  const trafficOff = ['off', 'false', '0', 'no'].includes((env.DEVNET_TRAFFIC ?? '').toLowerCase());
  let traffic: Traffic | undefined;
  if (!trafficOff) traffic = startTraffic(devnet, { log });
  return {
    chains: [
      {
        id: devnet.chainId,
        name: DEVNET_NAME,
        kind: 'evm',
        rpcUrls: [devnet.rpcUrl],
        // A devnet does not reorganise: what is mined is read at once.
        confirmations: 0,
        pollMs: DEVNET_POLL_MS,
        devnet: true,
      },
    ],
    devnet,
    stop: async () => {
      await traffic?.stop();
      await devnet.stop();
    },
  };
}
