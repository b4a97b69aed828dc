import { createPublicClient, http, keccak256, toBytes, type Address } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAsOwner, type DemoContract, type Devnet } from '../../server/chains/devnet';
import { importProjects } from '../../server/cli/import';
import type { TestApp } from '../helpers/app';
import { eventually } from '../helpers/chain';
import { startDevnetApp, type DevnetApp } from '../helpers/devnet-app';
import { anonymous, signIn, type Client } from '../helpers/signed-in';

/**
 * The whole path on a real chain: the embedded devnet with its demo contracts, the server with its job runner
 * polling (as `npm start` runs it), a watcher of the demo project. A privileged action sent to the devnet must show
 * in the skynet API, on the project's contracts and as the watcher's notification within seconds.
 */
let chain: DevnetApp;
let devnet: Devnet;
let t: TestApp;
let watcher: Client;
let admin: Client;

const contract = (key: string): DemoContract => chain.contract(key);

beforeAll(async () => {
  chain = await startDevnetApp({
    dataDirPrefix: 'sentinel-e2e-chain-',
    env: { ADMIN_EMAILS: 'chain-admin@example.com' },
  });
  ({ devnet, t } = chain);
  watcher = await signIn(t.app);
  admin = await signIn(t.app, { email: 'chain-admin@example.com' });
  const res = await watcher.inject({
    method: 'POST',
    url: '/api/watchlist/create',
    payload: { name: 'Chain', projects: ['tidemark-usd'] },
  });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => chain?.close());

describe('a privileged action on the devnet', () => {
  it('lists the devnet with its RPC URL, and the demo contracts monitored from their deployment block', async () => {
    const chains = await anonymous(t.app).inject({ method: 'GET', url: '/api/chains' });
    expect(chains.json()).toEqual([
      expect.objectContaining({ id: 31337, name: 'Devnet', kind: 'evm', rpcUrl: devnet.rpcUrl }),
    ]);
    const tmusd = contract('tmusd');
    const list = await eventually(async () => {
      const res = await anonymous(t.app).inject({
        method: 'GET',
        url: '/api/projects/tidemark-usd/contracts',
      });
      const body = res.json() as {
        address: string;
        source: string;
        progress: { backfillPercent: number } | null;
      }[];
      return body.every((c) => c.progress?.backfillPercent === 100) ? body : undefined;
    }, 'backfill of the demo contracts');
    expect(list.map((c) => c.address).sort()).toEqual(
      // Shown EIP-55 checksummed, as the deployment names them.
      ['tmusd', 'tmusd-proxy-admin', 'timelock'].map((k) => contract(k).address).sort(),
    );
    const token = list.find((c) => c.address === tmusd.address)!;
    expect(token).toMatchObject({
      chainId: 31337,
      chain: 'Devnet',
      source: 'chain',
      deploymentBlock: tmusd.deploymentBlock,
    });
  });

  it('appears in /api/skynet/privileged-transaction and notifies the watcher', async () => {
    const tmusd = contract('tmusd');
    const grantee = '0x00000000000000000000000000000000000000aa' as Address;
    const receipt = await sendAsOwner(devnet.rpcUrl, {
      to: tmusd.address,
      abi: tmusd.abi,
      functionName: 'grantRole',
      args: [keccak256(toBytes('MINTER_ROLE')), grantee],
    });
    const txs = await eventually(async () => {
      const res = await anonymous(t.app).inject({
        method: 'GET',
        url: `/api/skynet/privileged-transaction?address=${tmusd.address}`,
      });
      const body = res.json() as { hash: string; function: string; from: string }[];
      return body.some((x) => x.hash === receipt.transactionHash) ? body : undefined;
    }, 'the privileged transaction in the skynet API');
    expect(txs.find((x) => x.hash === receipt.transactionHash)).toMatchObject({
      function: expect.stringMatching(/^grantRole/),
      from: devnet.deployment.accounts.owner.toLowerCase(),
    });
    // The watcher may hear of Tidemark USD for other reasons first (a score change, the demo traffic's own admin
    // actions): wait for the notification of this transaction.
    const note = await eventually(async () => {
      const res = await watcher.inject({ method: 'GET', url: '/api/notifications' });
      const items = (res.json() as { items: { projectName: string; title: string; body: string }[] }).items;
      return items.find((n) => n.body.includes(receipt.transactionHash));
    }, "the watcher's notification of the transaction");
    expect(note.projectName).toBe('Tidemark USD');
    expect(note.title).toMatch(/^Privileged transaction at Tidemark USD: .*MINTER/);
  });

  it('an admin adds a contract of the devnet, and it is monitored from its deployment block', async () => {
    const lfvt = contract('lfvt');
    const client = createPublicClient({ chain: foundry, transport: http(devnet.rpcUrl) });
    expect(await client.getCode({ address: lfvt.address })).toMatch(/^0x6/);
    const res = await admin.inject({
      method: 'POST',
      url: '/api/admin/projects/tidemark-usd/contracts',
      payload: { chainId: 31337, address: lfvt.address, label: 'Vault token' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ fields: { address: expect.any(String) } });

    const safe = contract('safe-singleton');
    const added = await admin.inject({
      method: 'POST',
      url: '/api/admin/projects/tidemark-usd/contracts',
      payload: { chainId: 31337, address: safe.address, label: 'Safe singleton' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // Stored at once; a job finds the deployment block on the chain, then reads from it.
    expect(added.json()).toMatchObject({ address: safe.address, source: 'chain' });
    const read = await eventually(async () => {
      const res = await anonymous(t.app).inject({
        method: 'GET',
        url: '/api/projects/tidemark-usd/contracts',
      });
      const c = (res.json() as { address: string; deploymentBlock: number | null; progress: unknown }[]).find(
        (x) => x.address === safe.address,
      );
      return c?.progress ? c : undefined;
    }, 'the added contract started from its deployment block');
    expect(read.deploymentBlock).toBe(safe.deploymentBlock);
    const forbidden = await watcher.inject({
      method: 'DELETE',
      url: `/api/admin/projects/tidemark-usd/contracts/31337/${safe.address}`,
    });
    expect(forbidden.statusCode).toBe(403);
    const removed = await admin.inject({
      method: 'DELETE',
      url: `/api/admin/projects/tidemark-usd/contracts/31337/${safe.address}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await anonymous(t.app).inject({
      method: 'GET',
      url: '/api/projects/tidemark-usd/contracts',
    });
    expect((after.json() as { address: string }[]).map((c) => c.address)).not.toContain(
      safe.address.toLowerCase(),
    );
  });

  it('npm run import marks a contract monitored while the server runs; it finds its deployment block and reads it', async () => {
    const singleton = contract('safe-singleton');
    const result = await importProjects(t.app.db, [
      {
        id: 'imported-safe',
        name: 'Imported Safe',
        tokenTickers: ['ISAFE'],
        chains: ['Devnet'],
        contracts: [
          {
            address: singleton.address,
            chain: 'Devnet',
            label: 'Safe singleton',
            monitor: true,
            chainId: 31337,
          },
        ],
      },
    ]);
    expect(result.errors).toEqual([]);
    const bad = await importProjects(t.app.db, [
      {
        id: 'imported-bad',
        name: 'Imported Bad',
        tokenTickers: ['IBAD'],
        chains: ['Devnet'],
        contracts: [{ address: singleton.address, chain: 'Devnet', label: 'x', monitor: true }],
      },
    ]);
    expect(bad.errors).toEqual([
      expect.objectContaining({
        field: 'contracts.0.chainId',
        message: 'A monitored contract needs the chain id it is on',
      }),
    ]);
    // No restart: the running server's follow job notices the new monitored contract and a job finds where it was
    // deployed.
    const list = await eventually(async () => {
      const res = await anonymous(t.app).inject({
        method: 'GET',
        url: '/api/projects/imported-safe/contracts',
      });
      const body = res.json() as {
        deploymentBlock: number | null;
        progress: { backfillPercent: number } | null;
      }[];
      return body[0]?.progress?.backfillPercent === 100 ? body : undefined;
    }, 'the imported contract read to the head');
    expect(list[0]).toMatchObject({
      source: 'chain',
      chainId: 31337,
      deploymentBlock: singleton.deploymentBlock,
    });
  });
});
