import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contracts, projects } from '../db/schema/index';
import { importProjects } from '../cli/import';
import { startMonitoring } from '../indexer/index';
import { enqueueRefresh } from '../monitoring/refresh';
import type { DemoContract, DemoDeployment } from './devnet';
import { DEVNET_NAME } from './start';

/**
 * The devnet's demonstration projects: invented names, and contracts deployed from OpenZeppelin Contracts and a Safe
 * on the embedded devnet, monitored from their deployment block like any contract an admin adds. Created once (an
 * existing project is left as it is; its contracts are linked again if they went missing).
 */
const DEMO_PROJECTS = [
  {
    id: 'tidemark-usd',
    name: 'Tidemark USD',
    tokenTickers: ['TMUSD'],
    kind: 'Stablecoin',
    description:
      'A demonstration stablecoin on the embedded devnet: an ERC-20 with minter and pauser roles behind a transparent proxy, whose proxy admin is owned by a 60-second timelock. Every on-chain figure here is read by the indexer; the market and social figures are demo data.',
    contractKeys: ['tmusd', 'tmusd-proxy-admin', 'timelock'],
  },
  {
    id: 'lumenfold-vault',
    name: 'Lumenfold Vault',
    tokenTickers: ['LFVT'],
    kind: 'Yield',
    description:
      'A demonstration vault token on the embedded devnet: an ownable ERC-20 whose owner is a Safe multisig (2 of 3). Every on-chain figure here is read by the indexer; the market and social figures are demo data.',
    contractKeys: ['lfvt', 'safe'],
  },
] as const;

export async function linkDemoProjects(db: Db, deployment: DemoDeployment): Promise<void> {
  const byKey = new Map(deployment.contracts.map((c) => [c.key, c]));
  const existing = new Set(
    (await db.select({ id: projects.id }).from(projects)).map((p) => p.id).filter((id) => id.length > 0),
  );
  const missing = DEMO_PROJECTS.filter((p) => !existing.has(p.id));
  if (missing.length > 0) {
    const result = await importProjects(
      db,
      missing.map((p) => ({
        id: p.id,
        name: p.name,
        tokenTickers: [...p.tokenTickers],
        chains: [DEVNET_NAME],
        kind: p.kind,
        description: p.description,
        website: null,
      })),
    );
    if (result.errors.length > 0)
      throw new Error(`demo projects: ${result.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  }
  for (const project of DEMO_PROJECTS) {
    for (const key of project.contractKeys) {
      const c = byKey.get(key);
      if (c) await linkContract(db, project.id, deployment.chainId, c);
    }
  }
}

async function linkContract(db: Db, projectId: string, chainId: number, c: DemoContract) {
  const address = c.address.toLowerCase();
  await db
    .insert(contracts)
    .values({
      address,
      projectId,
      chain: DEVNET_NAME,
      label: c.label,
      privilegedAddresses: [],
      privilegedFunctions: [],
      privilegedTransactions: [],
      chainId,
      abi: c.abi as unknown[],
      monitoredSince: sql`now()` as unknown as Date,
      deploymentBlock: c.deploymentBlock,
      source: 'chain',
    })
    .onConflictDoNothing();
  await startMonitoring(db, { address, chainId, deploymentBlock: c.deploymentBlock });
  await enqueueRefresh(db, chainId, address, 'start');
}
