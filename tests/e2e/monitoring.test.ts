import { keccak256, toBytes } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChainInfo } from '../../api/chains';
import { sendAsOwner } from '../../server/chains/devnet';
import type { DemoDeployment } from '../../server/chains/devnet';
import { csrfToken, signUpAndSignIn } from './accounts';
import { DESKTOP, scrollThrough, serverAndBrowser } from './harness';
import { quietPage } from './site-helpers';
import { eventually } from './ui-model';

/**
 * `npm start` as a newcomer runs it: no chain configured, so the embedded devnet starts with its demo contracts and
 * demo projects. A tester sends a privileged action to the devnet (its RPC URL is in GET /api/chains) and watches it
 * arrive: on the project page and in a watcher's bell, within seconds.
 */
// CHAINS unset (''): the devnet, on a free port; its own traffic off so the test's action is the only one.
const run = serverAndBrowser({ CHAINS: '', DEVNET_PORT: '0', DEVNET_TRAFFIC: 'off', JOBS_POLL_MS: '100' });
let chain: ChainInfo;

beforeAll(async () => {
  const chains = (await (await fetch(`${run.server.url}/api/chains`)).json()) as ChainInfo[];
  chain = chains.find((c) => c.name === 'Devnet')!;
});

describe('monitoring the embedded devnet in a real browser', () => {
  it('a grantRole sent to the devnet shows on the project page and in the watcher’s bell', async () => {
    expect(chain).toMatchObject({
      id: 31337,
      kind: 'evm',
      rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    // A new account is offered the onboarding survey and the cookie notice: both answered, so neither covers the page.
    const { context, page } = await quietPage(run.browser, run.server.url, DESKTOP);
    await signUpAndSignIn(page, 'chain-watcher');
    const csrf = await csrfToken(page.request);
    const created = await page.request.post('/api/watchlist/create', {
      data: { name: 'Devnet', projects: ['tidemark-usd'] },
      headers: { 'x-csrf-token': csrf },
    });
    expect(created.status(), await created.text()).toBe(200);

    // The demo project's contracts are read on chain from their deployment block.
    await page.goto('/projects/tidemark-usd');
    await scrollThrough(page);
    const contractsPanel = page.getByRole('region', { name: 'Contracts' });
    await contractsPanel
      .getByText(/^On chain: Devnet, block \d+/)
      .first()
      .waitFor();

    // A privileged action, sent as the devnet's first account (the demo contracts' admin).
    const tmusd = (
      (await (await fetch(`${run.server.url}/api/projects/tidemark-usd/contracts`)).json()) as {
        address: string;
        label: string;
      }[]
    ).find((c) => c.label.includes('TMUSD'))!;
    const grantee = '0x00000000000000000000000000000000000000bb';
    const abi = [
      {
        type: 'function',
        name: 'grantRole',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'role', type: 'bytes32' },
          { name: 'account', type: 'address' },
        ],
        outputs: [],
      },
    ] as const satisfies DemoDeployment['contracts'][number]['abi'];
    const receipt = await sendAsOwner(chain.rpcUrl!, {
      to: tmusd.address as `0x${string}`,
      abi,
      functionName: 'grantRole',
      args: [keccak256(toBytes('MINTER_ROLE')), grantee],
    });

    // The watcher's bell counts it.
    await eventually(async () => {
      const res = await page.request.get('/api/notifications/unread-count');
      expect(((await res.json()) as { unread: number }).unread).toBeGreaterThanOrEqual(1);
    }, 20_000);
    await page.goto('/my/watchlists');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    await page.locator('[data-part="bell"]:visible').click();
    const popover = page.getByRole('region', { name: 'Notifications' });
    await popover
      .getByText(/MINTER_ROLE/)
      .first()
      .waitFor();

    // The project page lists the transaction among the token's privileged transactions.
    await page.goto('/projects/tidemark-usd');
    await scrollThrough(page);
    await page.getByRole('tab', { name: /Tidemark USD \(TMUSD\)/ }).click();
    await page
      .getByRole('region', { name: 'Recent privileged transactions table' })
      .getByText(/grantRole/)
      .first()
      .waitFor();
    const txs = (await (
      await fetch(`${run.server.url}/api/skynet/privileged-transaction?address=${tmusd.address}`)
    ).json()) as { hash: string }[];
    expect(txs.map((t) => t.hash)).toContain(receipt.transactionHash);
    await context.close();
  });
});
