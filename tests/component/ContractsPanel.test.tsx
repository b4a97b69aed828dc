import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AddContractBody, ChainInfo, MonitoredContract } from '../../api/chains';
import {
  PROJECT_CONTRACTS_MESSAGES as M,
  projectContractsMachine,
} from '../../machines/projects/contracts/projectContracts.machine';
import { copyMachine } from '../../machines/ui/copy/copy.machine';
import { ContractsView, dataSource } from '../../src/features/project/ContractsPanel';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const NEW = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const onChain: MonitoredContract = {
  chainId: 31337,
  chain: 'Devnet',
  address: ADDRESS,
  label: 'USDX',
  source: 'chain',
  monitoredSince: '2026-12-01T00:00:00.000Z',
  deploymentBlock: 1,
  progress: {
    backfillPercent: 62.5,
    nextBlock: 1235,
    headBlock: 1300,
    lagBlocks: 65,
    lastBlockAt: '2026-12-06T05:07:00.000Z',
  },
};
const demo: MonitoredContract = {
  ...onChain,
  address: '0x0000000000000000000000000000000000000001',
  label: 'Vault',
  source: 'demo',
  progress: null,
};
const CHAINS: ChainInfo[] = [
  { id: 31337, name: 'Devnet', kind: 'evm' },
  { id: 0, name: 'Bitcoin', kind: 'other' },
];

type Actors = {
  load?: () => Promise<{ contracts: MonitoredContract[]; admin: boolean }>;
  add?: (body: AddContractBody) => Promise<MonitoredContract>;
  remove?: (chainId: number, address: string) => Promise<void>;
  copy?: (text: string) => Promise<void>;
};
function renderPanel(actors: Actors) {
  const logic = projectContractsMachine.provide({
    actors: {
      load: fromPromise(actors.load ?? (async () => ({ contracts: [onChain, demo], admin: false }))),
      loadChains: fromPromise(async () => CHAINS),
      add: fromPromise(({ input }: { input: { projectId: string; body: AddContractBody } }) =>
        actors.add!(input.body),
      ),
      remove: fromPromise(({ input }: { input: { projectId: string; chainId: number; address: string } }) =>
        actors.remove!(input.chainId, input.address),
      ),
      copy: fromPromise(({ input }: { input: { text: string } }) => actors.copy!(input.text)),
    },
  });
  // Copying an address is the shared Address component's own machine, given the same stub.
  const copyLogic = copyMachine.provide({
    actors: { write: fromPromise(({ input }: { input: { text: string } }) => actors.copy!(input.text)) },
  });
  render(<ContractsView projectId="usdx" logic={logic} copyLogic={copyLogic} />);
  return userEvent.setup();
}

describe('dataSource', () => {
  it('says where a contract’s figures come from', () => {
    expect(dataSource(onChain)).toEqual([
      'On chain: Devnet, block 1,234, Dec 6, 2026, 05:07 UTC',
      'Backfill 62%',
      '65 blocks behind',
    ]);
    expect(
      dataSource({ ...onChain, progress: { ...onChain.progress!, backfillPercent: 100, lagBlocks: 1 } }),
    ).toEqual(['On chain: Devnet, block 1,234, Dec 6, 2026, 05:07 UTC', '1 block behind']);
    expect(
      dataSource({ ...onChain, progress: { ...onChain.progress!, backfillPercent: 100, lagBlocks: 0 } }),
    ).toEqual(['On chain: Devnet, block 1,234, Dec 6, 2026, 05:07 UTC']);
    expect(dataSource({ ...onChain, progress: null })).toEqual([
      'On chain: Devnet, waiting for the first block',
    ]);
    expect(dataSource(demo)).toEqual(['Demo data']);
  });
});

describe('Contracts panel', () => {
  it('lists the contracts with their data source, copies an address, and offers no changes to a viewer', async () => {
    const copy = vi.fn(async () => undefined);
    const user = renderPanel({ copy });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('USDX')).toBeInTheDocument();
    expect(first.getByText('0x5FbD…0aa3')).toBeInTheDocument();
    // The full address is what a screen reader reads; the devnet has no explorer, so there is no link.
    expect(first.getByText(ADDRESS)).toHaveClass('visually-hidden');
    expect(first.queryByRole('link')).toBeNull();
    expect(first.getByText('On chain: Devnet, block 1,234, Dec 6, 2026, 05:07 UTC')).toBeInTheDocument();
    expect(first.getByText('Backfill 62%')).toBeInTheDocument();
    expect(first.getByText('65 blocks behind')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Demo data')).toBeInTheDocument();

    await user.click(first.getByRole('button', { name: 'Copy the address of USDX' }));
    expect(copy).toHaveBeenCalledWith(ADDRESS);
    // Said through the address's own live region.
    expect(await first.findByText('Copied')).toHaveAttribute('aria-live', 'polite');

    expect(screen.queryByRole('button', { name: 'Add contract' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('lets an admin add a contract: checks the form, shows the server’s field error, then reloads the list', async () => {
    const load = vi
      .fn<NonNullable<Actors['load']>>()
      .mockResolvedValueOnce({ contracts: [onChain], admin: true })
      .mockResolvedValue({
        contracts: [onChain, { ...onChain, address: NEW, label: 'Treasury' }],
        admin: true,
      });
    const add = vi
      .fn<NonNullable<Actors['add']>>()
      .mockRejectedValueOnce(
        Object.assign(new Error('address: No contract at this address'), {
          status: 400,
          fields: { address: 'No contract at this address' },
        }),
      )
      .mockResolvedValue({ ...onChain, address: NEW });
    const user = renderPanel({ load, add });

    await user.click(await screen.findByRole('button', { name: 'Add contract' }));
    const form = await screen.findByRole('form', { name: 'Add a contract' });
    const f = within(form);
    expect(f.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a chain', 'Devnet']);

    await user.click(f.getByRole('button', { name: 'Add contract' }));
    expect(f.getByText(M.chooseChain, { selector: 'span' })).toBeInTheDocument();
    expect(f.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(f.getByRole('alert')).toHaveTextContent(M.fix);
    expect(add).not.toHaveBeenCalled();

    await user.selectOptions(f.getByLabelText('Chain'), '31337');
    await user.type(f.getByLabelText('Address'), NEW);
    await user.type(f.getByLabelText('Label (optional)'), 'Treasury');
    await user.click(f.getByRole('button', { name: 'Add contract' }));
    expect(await f.findByText('No contract at this address')).toBeInTheDocument();
    expect(f.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(add).toHaveBeenLastCalledWith({ chainId: 31337, address: NEW, label: 'Treasury' });

    await user.click(f.getByRole('button', { name: 'Add contract' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(await screen.findByText('Treasury')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(M.added);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets an admin remove a contract after confirming, and says why a removal was refused', async () => {
    const load = vi
      .fn<NonNullable<Actors['load']>>()
      .mockResolvedValueOnce({ contracts: [onChain, demo], admin: true })
      .mockResolvedValue({ contracts: [demo], admin: true });
    const remove = vi
      .fn<NonNullable<Actors['remove']>>()
      .mockRejectedValueOnce(Object.assign(new Error('Forbidden'), { status: 403 }))
      .mockResolvedValue(undefined);
    const user = renderPanel({ load, remove });

    const removeUsdx = async () => {
      const item = within((await screen.findByText('USDX')).closest('li')!);
      await user.click(item.getByRole('button', { name: 'Remove' }));
      expect(item.getByText('Stop monitoring USDX?')).toBeInTheDocument();
      await user.click(item.getByRole('button', { name: 'Remove' }));
    };
    await removeUsdx();
    expect(await screen.findByRole('alert')).toHaveTextContent(M.forbidden);
    expect(remove).toHaveBeenCalledWith(31337, ADDRESS);

    await removeUsdx();
    await waitFor(() => expect(screen.queryByText('USDX')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent(M.removed);
  });
});
