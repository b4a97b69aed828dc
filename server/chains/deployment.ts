import type { PublicClient } from 'viem';

/**
 * The block a contract was deployed in: the first block at which the address has code, found by bisection over
 * `eth_getCode` at past blocks (about log2(head) calls). Null when there is no code at the head. Needs a node that
 * keeps past state (an archive node, or any devnet); a pruned node's error surfaces to the caller.
 */
export async function findDeploymentBlock(
  client: PublicClient,
  address: `0x${string}`,
): Promise<bigint | null> {
  const head = await client.getBlockNumber();
  const hasCode = async (blockNumber: bigint) => {
    const code = await client.getCode({ address, blockNumber });
    return code !== undefined && code !== '0x';
  };
  if (!(await hasCode(head))) return null;
  let low = 0n; // highest block known without code (or 0)
  let high = head; // lowest block known with code
  if (await hasCode(0n)) return 0n;
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    if (await hasCode(mid)) high = mid;
    else low = mid;
  }
  return high;
}
