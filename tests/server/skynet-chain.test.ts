import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainLogs,
  chainTransactions,
  contracts,
  privilegedEvents,
  projectMonitoring,
  projects,
} from '../../server/db/schema/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { projectRow } from '../helpers/projects';

/**
 * The skynet endpoints answer a project with monitored contracts from the chain tables, and a demo project from its
 * seeded figures, with the same shapes. (tests/chains/monitoring.test.ts does the same against a real chain.)
 */

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const TOKEN = A(0xaaa);
const DEMO = A(0xbbb);
const project = (id: string) =>
  projectRow(id, { tokenTickers: [id.toUpperCase()], chains: ['Devnet'], logo: '', score: 70, tier: 'A' });
const monitoring = (projectId: string) => ({
  projectId,
  topCallers: [{ name: 'Demo caller', count: 9, address: A(1) }],
  topEvents: [{ name: 'Borrow', count: 7 }],
  topFunctionCalls: [{ name: 'borrow', count: 5 }],
  exchanges: [],
});

let t: TestApp;
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json() as unknown;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.insert(projects).values([project('chained'), project('demo')]);
  await db.insert(projectMonitoring).values([monitoring('chained'), monitoring('demo')]);
  const at = new Date('2026-12-01T00:00:00Z');
  await db.insert(contracts).values([
    {
      address: TOKEN,
      projectId: 'chained',
      chain: 'Devnet',
      label: 'Token',
      privilegedAddresses: [
        {
          address: A(5),
          role: 'owner',
          isContract: true,
          classification: { kind: 'safe', threshold: 2, owners: [A(6), A(7), A(8)], label: 'Safe 2 of 3' },
        } as { address: string; role: string; isContract: boolean },
      ],
      privilegedFunctions: [{ signature: 'pause()', modifier: 'onlyOwner', risk: 'medium' }],
      privilegedTransactions: [
        { hash: '0xdemo', function: 'borrow()', from: A(9), timestamp: at.toISOString() },
      ],
      chainId: 31337,
      monitoredSince: at,
      deploymentBlock: 1,
      source: 'chain',
    },
    {
      address: DEMO,
      projectId: 'demo',
      chain: 'Ethereum',
      label: 'Token',
      privilegedAddresses: [{ address: A(3), role: 'owner', isContract: false }],
      privilegedFunctions: [],
      privilegedTransactions: [
        { hash: '0xdemo', function: 'mint()', from: A(4), timestamp: at.toISOString() },
      ],
    },
  ]);
  const tx = (hash: string, from: string, functionName: string | null, selector: string, block: number) => ({
    chainId: 31337,
    hash,
    blockNumber: block,
    transactionIndex: 0,
    from,
    to: TOKEN,
    selector,
    functionName,
    success: true,
    timestamp: new Date(at.getTime() + block * 1000),
  });
  await db
    .insert(chainTransactions)
    .values([
      tx('0x01', A(10), 'transfer(address,uint256)', '0xa9059cbb', 2),
      tx('0x02', A(10), 'transfer(address,uint256)', '0xa9059cbb', 3),
      tx('0x03', A(11), null, '0x12345678', 4),
      tx('0x04', A(12), 'pause()', '0x8456cb59', 5),
    ]);
  const log = (block: number, eventName: string | null) => ({
    chainId: 31337,
    blockNumber: block,
    logIndex: 0,
    transactionHash: `0x0${block - 1}`,
    address: TOKEN,
    topic0: '0xfeed',
    eventName,
    args: {},
    timestamp: new Date(at.getTime() + block * 1000),
  });
  await db.insert(chainLogs).values([log(2, 'Transfer'), log(3, 'Transfer'), log(4, null), log(5, 'Paused')]);
  await db.insert(privilegedEvents).values({
    chainId: 31337,
    address: TOKEN,
    blockNumber: 5,
    logIndex: 0,
    transactionHash: '0x04',
    kind: 'pause',
    severity: 'high',
    function: 'pause()',
    from: A(12),
    sentence: 'CHAINED paused by 0x0000…000c',
    occurredAt: new Date(at.getTime() + 5000),
  });
});

afterAll(async () => {
  await t?.close();
});

describe('skynet for a monitored project', () => {
  it('top lists come from the indexed transactions and logs', async () => {
    expect(await get('/api/skynet/top-callers?projectId=chained')).toEqual([
      { name: '0x0000…000a', count: 2, address: A(10) },
      { name: '0x0000…000b', count: 1, address: A(11) },
      { name: '0x0000…000c', count: 1, address: A(12) },
    ]);
    expect(await get('/api/skynet/top-events?projectId=chained')).toEqual([
      { name: 'Transfer', count: 2 },
      { name: '0xfeed', count: 1 },
      { name: 'Paused', count: 1 },
    ]);
    expect(await get('/api/skynet/top-function-calls?projectId=chained&count=2')).toEqual([
      { name: 'transfer(address,uint256)', count: 2 },
      { name: '0x12345678', count: 1 },
    ]);
  });

  it('privileged transactions come from privileged_events; addresses keep the three API fields', async () => {
    expect(await get(`/api/skynet/privileged-transaction?address=${TOKEN}`)).toEqual([
      { hash: '0x04', function: 'pause()', from: A(12), timestamp: '2026-12-01T00:00:05.000Z' },
    ]);
    expect(await get(`/api/skynet/privileged-address?address=${TOKEN}`)).toEqual([
      { address: A(5), role: 'owner', isContract: true },
    ]);
    expect(await get(`/api/skynet/privileged-function?address=${TOKEN}`)).toEqual([
      { signature: 'pause()', modifier: 'onlyOwner', risk: 'medium' },
    ]);
  });
});

describe('skynet for a demo project', () => {
  it('keeps answering from the seeded figures', async () => {
    expect(await get('/api/skynet/top-callers?projectId=demo')).toEqual([
      { name: 'Demo caller', count: 9, address: A(1) },
    ]);
    expect(await get('/api/skynet/top-events?projectId=demo')).toEqual([{ name: 'Borrow', count: 7 }]);
    expect(await get(`/api/skynet/privileged-transaction?address=${DEMO}`)).toEqual([
      { hash: '0xdemo', function: 'mint()', from: A(4), timestamp: '2026-12-01T00:00:00.000Z' },
    ]);
    expect(await get(`/api/skynet/privileged-address?address=${DEMO}`)).toEqual([
      { address: A(3), role: 'owner', isContract: false },
    ]);
  });
});
