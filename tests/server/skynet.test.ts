import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../api/projects';
import type { ActivityPoint, MetricLatest, PrivilegedTransaction, TopEntry } from '../../api/skynet';
import {
  ActivityPoint as ActivityPointSchema,
  MetricLatest as MetricLatestSchema,
} from '../../api/skynet.schemas';
import type { TestApp } from '../helpers/app';
import { createSeededApp } from '../helpers/seeded';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createSeededApp(40);
  // Ether is native to its chain (no contract); Uniswap's token has true contracts on several chains.
  address = (await get('/api/projects/uniswap')).json<ProjectDetail>().contracts[0]!.address;
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('skynet', () => {
  it('answers metric-latest for exchanges(projectId=…)', async () => {
    const res = await get(
      `/api/skynet/metric-latest?name=${encodeURIComponent('exchanges(projectId=ethereum)')}`,
    );
    expect(res.statusCode).toBe(200);
    const m = MetricLatestSchema.strict().parse(res.json<MetricLatest>());
    expect(m.projectId).toBe('ethereum');
    expect(m.value.length).toBeGreaterThan(1);
    expect(m.value[0]).toEqual({
      exchange: expect.any(String),
      volumeUsd: expect.any(Number),
      liquidityUsd: expect.any(Number),
      pairs: expect.any(Number),
    });
  });

  it('rejects another metric name and 404s an unknown project', async () => {
    const bad = await get('/api/skynet/metric-latest?name=volume(projectId=ethereum)');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('name');
    const missing = await get(
      `/api/skynet/metric-latest?name=${encodeURIComponent('exchanges(projectId=nope)')}`,
    );
    expect(missing.statusCode).toBe(404);
  });

  for (const list of ['top-callers', 'top-events', 'top-function-calls']) {
    it(`${list} gives 10 entries by default, busiest first, and honours count`, async () => {
      const res = await get(`/api/skynet/${list}?projectId=uniswap`);
      expect(res.statusCode).toBe(200);
      const entries = res.json<TopEntry[]>();
      // A token emits only the events and takes only the calls it has (UNI: 4 events, 5 calls): up to 10 of them.
      const all = (await get(`/api/skynet/${list}?projectId=uniswap&count=50`)).json<TopEntry[]>();
      expect(all.length).toBeGreaterThanOrEqual(4);
      expect(entries).toHaveLength(Math.min(10, all.length));
      if (list === 'top-callers') expect(entries).toHaveLength(10);
      const counts = entries.map((e) => e.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      // Addresses on an EVM chain are EIP-55 checksummed.
      if (list === 'top-callers') expect(entries[0]!.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect((await get(`/api/skynet/${list}?projectId=uniswap&count=3`)).json()).toHaveLength(3);
      expect((await get(`/api/skynet/${list}?projectId=uniswap&count=0`)).statusCode).toBe(400);
      expect((await get(`/api/skynet/${list}?projectId=nope`)).statusCode).toBe(404);
    });
  }

  it('lists privileged addresses and functions of a monitored contract (address case-insensitive)', async () => {
    const addrs = (
      await get(`/api/skynet/privileged-address?address=${address.toUpperCase().replace('0X', '0x')}`)
    ).json();
    expect(addrs.length).toBeGreaterThan(1);
    expect(addrs[0]).toEqual({
      address: expect.stringMatching(/^0x/),
      role: expect.any(String),
      isContract: expect.any(Boolean),
    });
    const fns = (await get(`/api/skynet/privileged-function?address=${address}`)).json();
    expect(fns.length).toBeGreaterThan(2);
    expect(['low', 'medium', 'high']).toContain(fns[0].risk);
    expect((await get('/api/skynet/privileged-function?address=0xdead')).statusCode).toBe(404);
    expect((await get('/api/skynet/privileged-address')).json().fields).toHaveProperty('address');
  });

  it('lists privileged transactions newest first, 20 by default', async () => {
    // Find a contract with more than 20 privileged transactions.
    let busy: string | undefined;
    for (const id of [
      'ethereum',
      'bitcoin',
      'tether',
      'binance-coin',
      'solana',
      'xrp',
      'usd-coin',
      'cardano',
    ]) {
      const res = await get(`/api/projects/${id}`);
      if (res.statusCode !== 200) continue;
      for (const c of res.json<ProjectDetail>().contracts) {
        const all = (await get(`/api/skynet/privileged-transaction?address=${c.address}&limit=200`)).json<
          PrivilegedTransaction[]
        >();
        if (all.length > 20) busy = c.address;
      }
      if (busy) break;
    }
    expect(busy).toBeDefined();
    const txs = (await get(`/api/skynet/privileged-transaction?address=${busy}`)).json<
      PrivilegedTransaction[]
    >();
    expect(txs).toHaveLength(20);
    const times = txs.map((x) => x.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect((await get(`/api/skynet/privileged-transaction?address=${busy}&limit=5`)).json()).toHaveLength(5);
    expect((await get(`/api/skynet/privileged-transaction?address=${busy}&limit=-1`)).statusCode).toBe(400);
  });

  it('gives daily social activity for the asked dates, in their order, 0 outside the data', async () => {
    const dates = ['2026-11-20', '2026-11-19', '2026-08-23', '2020-01-01'];
    const res = await get(
      `/api/skynet/twitter-activity-by-dates?projectId=ethereum&type=followers&dates=${dates.join(',')}`,
    );
    expect(res.statusCode).toBe(200);
    const points = res.json<ActivityPoint[]>();
    points.forEach((p) => ActivityPointSchema.strict().parse(p));
    expect(points.map((p) => p.date)).toEqual(dates);
    expect(points[0]!.value).toBeGreaterThan(0);
    expect(points[2]!.value).toBeGreaterThan(0); // 90th day back
    expect(points[3]!.value).toBe(0);
    for (const type of ['tweets', 'mentions']) {
      const r = await get(
        `/api/skynet/twitter-activity-by-dates?projectId=ethereum&type=${type}&dates=2026-11-20`,
      );
      expect(r.json()).toEqual([{ date: '2026-11-20', value: expect.any(Number) }]);
    }
  });

  it('validates type and dates', async () => {
    const badType = await get(
      '/api/skynet/twitter-activity-by-dates?projectId=ethereum&type=likes&dates=2026-11-20',
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields).toHaveProperty('type');
    const badDate = await get(
      '/api/skynet/twitter-activity-by-dates?projectId=ethereum&type=tweets&dates=2026-13-45',
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields).toHaveProperty('dates');
    const many = Array.from({ length: 367 }, () => '2026-01-01').join(',');
    const tooMany = await get(
      `/api/skynet/twitter-activity-by-dates?projectId=ethereum&type=tweets&dates=${many}`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(
      (await get('/api/skynet/twitter-activity-by-dates?projectId=nope&type=tweets&dates=2026-11-20'))
        .statusCode,
    ).toBe(404);
  });
});
