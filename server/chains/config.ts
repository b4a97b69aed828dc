import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Which chains the indexer reads. `CHAINS_FILE` names a JSON file, `CHAINS` holds the JSON inline; both hold an
 * array of chains. `CHAINS=off` reads no chain and starts no devnet; with neither set the embedded devnet should
 * start (server/chains/devnet.ts decides how).
 */

/** Blocks a real chain's data waits behind its head before it is read (a reorg deeper than this is still undone). */
export const DEFAULT_CONFIRMATIONS = 2;
/** How often the head is polled on a real chain. */
export const DEFAULT_POLL_MS = 2_000;
/** The devnet polls faster: a privileged action there is stored within about a second. */
export const DEVNET_POLL_MS = 250;

const chainSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1),
  rpcUrls: z
    .array(
      z
        .string()
        .url()
        .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL'),
    )
    .min(1),
  confirmations: z.number().int().min(0).max(1_000).optional(),
  pollMs: z.number().int().min(10).max(600_000).optional(),
  explorer: z.string().url().optional(),
});

export type ChainInput = z.infer<typeof chainSchema>;

/** One chain as the indexer uses it: defaults filled in. */
export type ChainConfig = {
  id: number;
  name: string;
  rpcUrls: string[];
  confirmations: number;
  pollMs: number;
  explorer?: string;
};

export type ChainsConfig =
  /** Chains were configured: read these, start no devnet. */
  | { devnet: false; chains: ChainConfig[] }
  /** Nothing configured: the devnet should start (it then hands its chain to the indexer). */
  | { devnet: true; chains: [] };

export class ChainsConfigError extends Error {
  override name = 'ChainsConfigError';
}

/** Fills a chain's defaults (confirmations 2, poll 2 s; the devnet passes its own). */
export function chainConfig(input: ChainInput): ChainConfig {
  return {
    id: input.id,
    name: input.name,
    rpcUrls: input.rpcUrls,
    confirmations: input.confirmations ?? DEFAULT_CONFIRMATIONS,
    pollMs: input.pollMs ?? DEFAULT_POLL_MS,
    ...(input.explorer ? { explorer: input.explorer } : {}),
  };
}

/** Names the field of a zod issue: `CHAINS[1].rpcUrls[0]`. */
function fieldOf(source: string, pathParts: readonly PropertyKey[]): string {
  return pathParts.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : `${acc}.${String(p)}`),
    source,
  );
}

/** Parses and checks the chains; throws ChainsConfigError naming the first wrong fields. */
export function parseChains(json: string, source: string): ChainConfig[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (err) {
    throw new ChainsConfigError(`${source} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = z.array(chainSchema).safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${fieldOf(source, i.path)}: ${i.message}`);
    throw new ChainsConfigError(`Invalid chain configuration: ${problems.join('; ')}`);
  }
  const seen = new Set<number>();
  parsed.data.forEach((c, i) => {
    if (seen.has(c.id)) throw new ChainsConfigError(`${source}[${i}].id: chain ${c.id} is listed twice`);
    seen.add(c.id);
  });
  return parsed.data.map(chainConfig);
}

/** Reads CHAINS_FILE or CHAINS from `env`. */
export function parseChainsConfig(env: Record<string, string | undefined> = process.env): ChainsConfig {
  const inline = env.CHAINS?.trim();
  const file = env.CHAINS_FILE?.trim();
  if (inline && inline.toLowerCase() === 'off') return { devnet: false, chains: [] };
  if (inline && file) throw new ChainsConfigError('Set CHAINS or CHAINS_FILE, not both');
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new ChainsConfigError(`CHAINS_FILE ${file} cannot be read: ${(err as Error).message}`);
    }
    return { devnet: false, chains: parseChains(text, 'CHAINS_FILE') };
  }
  if (inline) return { devnet: false, chains: parseChains(inline, 'CHAINS') };
  return { devnet: true, chains: [] };
}
