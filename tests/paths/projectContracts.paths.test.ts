import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { ChainInfo, MonitoredContract } from '../../api/chains';
import { connectProjectContracts } from '../../machines/projects/contracts/projectContracts.connect';
import {
  EMPTY_FORM,
  PROJECT_CONTRACTS_MESSAGES as M,
  projectContractsMachine,
} from '../../machines/projects/contracts/projectContracts.machine';
import type {
  ProjectContractsContext,
  ProjectContractsSnapshot,
} from '../../machines/projects/contracts/projectContracts.types';
import { describePaths, pendingActors, type StepEffect } from './harness';

const machine = projectContractsMachine.provide({
  actors: pendingActors('load', 'loadChains', 'add', 'remove', 'copy'),
});

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const contract = (address: string, source: 'chain' | 'demo'): MonitoredContract => ({
  chainId: 31337,
  chain: 'Devnet',
  address,
  label: source === 'chain' ? 'USDX' : 'Vault',
  source,
  monitoredSince: '2026-12-01T00:00:00.000Z',
  deploymentBlock: 1,
  progress:
    source === 'chain'
      ? {
          backfillPercent: 100,
          nextBlock: 43,
          headBlock: 42,
          lagBlocks: 0,
          lastBlockAt: '2026-12-06T05:00:00.000Z',
        }
      : null,
});
const ONE = [contract(ADDRESS, 'chain')];
const TWO = [...ONE, contract(OTHER, 'demo')];
const CHAINS: ChainInfo[] = [
  { id: 31337, name: 'Devnet', kind: 'evm' },
  { id: 0, name: 'Bitcoin', kind: 'other' },
];

/** The server refuses the address (400 with fields), the caller is no admin (403), or the server is not reached. */
const BAD_ADDRESS = {
  status: 400,
  message: 'address: No contract at this address',
  fields: { address: 'No contract at this address' },
};
const FORBIDDEN = { status: 403, message: 'Forbidden' };
const OFFLINE = new TypeError('Failed to fetch');
const SERVER = { status: 500, message: '' };

const view = (s: AnyMachineSnapshot) => connectProjectContracts(s as ProjectContractsSnapshot);
const ctx = (s: AnyMachineSnapshot) => s.context as ProjectContractsContext;
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;

const LOAD = 'xstate.done.actor.0.projectContracts.loading';
const RELOAD = 'xstate.done.actor.0.projectContracts.reloading';

function events(s: AnyMachineSnapshot) {
  if (s.hasTag('loading'))
    return [
      { type: LOAD, output: { contracts: ONE, admin: true } },
      { type: LOAD, output: { contracts: TWO, admin: false } },
      { type: 'xstate.error.actor.0.projectContracts.loading', error: OFFLINE },
    ];
  if (s.hasTag('reloading'))
    return [
      { type: RELOAD, output: { contracts: TWO, admin: true } },
      { type: 'xstate.error.actor.0.projectContracts.reloading', error: SERVER },
    ];
  if (s.hasTag('chainsLoading'))
    return [
      { type: 'xstate.done.actor.0.projectContracts.adding.chains', output: CHAINS },
      { type: 'xstate.error.actor.0.projectContracts.adding.chains', error: OFFLINE },
      { type: 'CANCEL' },
    ];
  if (s.hasTag('submitting'))
    return [
      { type: 'xstate.done.actor.0.projectContracts.adding.submitting', output: contract(OTHER, 'chain') },
      { type: 'xstate.error.actor.0.projectContracts.adding.submitting', error: BAD_ADDRESS },
      { type: 'xstate.error.actor.0.projectContracts.adding.submitting', error: FORBIDDEN },
      { type: 'xstate.error.actor.0.projectContracts.adding.submitting', error: OFFLINE },
      { type: 'CANCEL' },
    ];
  if (s.hasTag('removing'))
    return [
      { type: 'xstate.done.actor.0.projectContracts.removing' },
      { type: 'xstate.error.actor.0.projectContracts.removing', error: FORBIDDEN },
      { type: 'xstate.error.actor.0.projectContracts.removing', error: OFFLINE },
    ];
  const user = [
    { type: 'RETRY' },
    { type: 'OPEN_ADD' },
    { type: 'CANCEL' },
    { type: 'CONFIRM' },
    { type: 'REMOVE', chainId: 31337, address: ADDRESS },
    // Not in the list: nothing to remove.
    { type: 'REMOVE', chainId: 1, address: ADDRESS },
  ];
  // Copying works the same in every state: a viewer's list (no admin actions) keeps the exploration small.
  if (s.matches('idle') && !ctx(s).admin)
    user.push({ type: 'COPY', address: ADDRESS } as never, { type: 'xstate.done.actor.copy' }, {
      type: 'xstate.error.actor.copy',
      error: new Error('denied'),
    } as never);
  if (s.hasTag('form')) {
    const f = ctx(s).form;
    // A valid form (chain, address, and the optional fields) and each field's mistake.
    if (f.chainId === '') user.push({ type: 'CHANGE', field: 'chainId', value: '31337' } as never);
    else if (f.address === '') {
      user.push({ type: 'CHANGE', field: 'address', value: ADDRESS } as never);
      user.push({ type: 'CHANGE', field: 'address', value: '0x12' } as never);
    } else if (f.abi === '' && f.address === ADDRESS) {
      user.push({ type: 'CHANGE', field: 'abi', value: '[{"type":"function","name":"pause"}]' } as never);
      user.push({ type: 'CHANGE', field: 'abi', value: '{"not":"an array"}' } as never);
      user.push({ type: 'CHANGE', field: 'fromBlock', value: '-1' } as never);
      user.push({ type: 'CHANGE', field: 'label', value: 'x'.repeat(81) } as never);
    }
    user.push({ type: 'SUBMIT' });
  }
  return user;
}

/** Only `changes` changed; the panel stayed where it was and started nothing. */
const onlyContext = (step: StepEffect, changes: Partial<ProjectContractsContext>) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });
  expect(step.after.value).toEqual(step.before.value);
  expect(requests(step.after)).toEqual(requests(step.before));
};
/** The list shows, nothing is in flight, and the admin's actions match the role. */
const settled = (step: StepEffect) => {
  const v = view(step.after);
  expect(step.after.value).toBe('idle');
  expect(v).toMatchObject({ ready: true, busy: false, formOpen: false, confirming: null, removing: null });
  expect(v.canAdd).toBe(ctx(step.after).admin);
  expect(requests(step.after)).toEqual([]);
};

describePaths('projectContracts', machine, {
  events,
  input: { projectId: 'usdx' },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.contracts.length,
      s.context.admin,
      s.context.chains.length,
      s.context.form,
      Object.keys(s.context.fieldErrors).sort(),
      s.context.error,
      s.context.notice,
      s.context.target,
      s.context.copied,
      Object.keys(s.children).sort(),
    ]),
  transitions: {
    // The clipboard gets the full address; the previous outcome goes until this one is known.
    'projectContracts|COPY': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), copied: null });
      expect(step.after.value).toEqual(step.before.value);
      expect(requests(step.after)).toContain('copy');
      expect(requestInput(step.after, 'copy')).toEqual({ text: ADDRESS });
      expect(view(step.after).copied).toBeNull();
    },
    'projectContracts|xstate.done.actor.copy': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), copied: M.copied });
      expect(step.after.value).toEqual(step.before.value);
      expect(view(step.after).copied).toBe('Address copied.');
    },
    'projectContracts|xstate.error.actor.copy': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), copied: M.copyFailed });
      expect(step.after.value).toEqual(step.before.value);
      expect(view(step.after).copied).toBe(M.copyFailed);
    },
    // The list and the role arrive; the contracts show.
    'projectContracts.loading|xstate.done.actor.0.projectContracts.loading': (step) => {
      const output = step.event.output as { contracts: MonitoredContract[]; admin: boolean };
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...output });
      expect(view(step.after)).toMatchObject({
        loading: false,
        contracts: output.contracts,
        admin: output.admin,
      });
      settled(step);
    },
    'projectContracts.loading|xstate.error.actor.0.projectContracts.loading': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: M.loadFailed });
      expect(view(step.after)).toMatchObject({
        loadFailed: true,
        loading: false,
        ready: false,
        contracts: [],
      });
      expect(requests(step.after)).toEqual([]);
    },
    'projectContracts.failed|RETRY': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: null, notice: null });
      expect(view(step.after)).toMatchObject({ loading: true, loadFailed: false, error: null });
      expect(requests(step.after)).toEqual(['0.projectContracts.loading']);
      expect(requestInput(step.after, '0.projectContracts.loading')).toEqual({ projectId: 'usdx' });
    },
    // Only an admin opens the form: empty, and the chains load once.
    'projectContracts.idle|OPEN_ADD': (step) => {
      const before = ctx(step.before);
      expect(before.admin).toBe(true);
      expect(ctx(step.after)).toEqual({
        ...before,
        form: EMPTY_FORM,
        fieldErrors: {},
        error: null,
        notice: null,
      });
      expect(view(step.after).formOpen).toBe(true);
      if (before.chains.length > 0) {
        expect(step.after.value).toEqual({ adding: 'editing' });
        expect(requests(step.after)).toEqual([]);
      } else {
        expect(view(step.after).chainsLoading).toBe(true);
        expect(requests(step.after)).toEqual(['0.projectContracts.adding.chains']);
      }
    },
    'projectContracts.adding.chains|always': (step) => {
      expect(ctx(step.after).chains.length).toBeGreaterThan(0);
      expect(view(step.after)).toMatchObject({ formOpen: true, chainsLoading: false });
    },
    // Only EVM chains are offered: a contract address is an EVM address.
    'projectContracts.adding.chains|xstate.done.actor.0.projectContracts.adding.chains': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), chains: CHAINS });
      expect(view(step.after).chains.map((c) => c.name)).toEqual(['Devnet']);
      expect(step.after.value).toEqual({ adding: 'editing' });
      expect(requests(step.after)).toEqual([]);
    },
    'projectContracts.adding.chains|xstate.error.actor.0.projectContracts.adding.chains': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: M.chainsFailed });
      expect(view(step.after)).toMatchObject({ chainsFailed: true, formOpen: true, error: M.chainsFailed });
      expect(requests(step.after)).toEqual([]);
    },
    'projectContracts.adding.chainsFailed|RETRY': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: null, notice: null });
      expect(view(step.after).chainsLoading).toBe(true);
      expect(requests(step.after)).toEqual(['0.projectContracts.adding.chains']);
    },
    // A typed value lands in its field and that field's problem goes; the others stay.
    'projectContracts.adding.editing|CHANGE': (step) => {
      const { field, value } = step.event as unknown as { field: keyof typeof EMPTY_FORM; value: string };
      const before = ctx(step.before);
      const { [field]: _gone, ...rest } = before.fieldErrors;
      onlyContext(step, { form: { ...before.form, [field]: value }, fieldErrors: rest });
      expect(view(step.after).fieldError(field)).toBeUndefined();
    },
    // A valid form is sent as the API's body; a mistake is named next to its field and nothing is sent.
    'projectContracts.adding.editing|SUBMIT|0': (step) => {
      const form = ctx(step.before).form;
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), fieldErrors: {}, error: null });
      expect(view(step.after)).toMatchObject({ submitting: true, busy: true, formOpen: true });
      expect(requests(step.after)).toEqual(['0.projectContracts.adding.submitting']);
      expect(requestInput(step.after, '0.projectContracts.adding.submitting')).toEqual({
        projectId: 'usdx',
        body: {
          chainId: 31337,
          address: ADDRESS,
          ...(form.abi ? { abi: [{ type: 'function', name: 'pause' }] } : {}),
        },
      });
    },
    'projectContracts.adding.editing|SUBMIT|1': (step) => {
      const form = ctx(step.before).form;
      const expected: Record<string, string> = {};
      if (form.chainId === '') expected.chainId = M.chooseChain;
      if (form.address !== ADDRESS) expected.address = M.address;
      if (form.abi.startsWith('{')) expected.abi = M.abi;
      if (form.fromBlock === '-1') expected.fromBlock = M.fromBlock;
      if (form.label.length > 80) expected.label = M.labelLength;
      expect(Object.keys(expected).length).toBeGreaterThan(0);
      onlyContext(step, { fieldErrors: expected, error: M.fix });
      for (const [field, text] of Object.entries(expected))
        expect(view(step.after).fieldError(field as keyof typeof EMPTY_FORM)).toBe(text);
    },
    'projectContracts.adding|CANCEL': (step) => {
      expect(ctx(step.after)).toEqual({
        ...ctx(step.before),
        form: EMPTY_FORM,
        fieldErrors: {},
        error: null,
      });
      settled(step);
    },
    // A request on its way is not taken back: the form stays, busy.
    'projectContracts.adding.submitting|CANCEL': (step) => {
      onlyContext(step, {});
      expect(view(step.after)).toMatchObject({ submitting: true, formOpen: true });
    },
    // Added: the form empties and closes, the notice says so, and the list loads again.
    'projectContracts.adding.submitting|xstate.done.actor.0.projectContracts.adding.submitting': (step) => {
      expect(ctx(step.after)).toEqual({
        ...ctx(step.before),
        form: EMPTY_FORM,
        fieldErrors: {},
        notice: M.added,
      });
      expect(view(step.after)).toMatchObject({
        formOpen: false,
        reloading: true,
        busy: true,
        notice: M.added,
      });
      expect(requests(step.after)).toEqual(['0.projectContracts.reloading']);
      expect(requestInput(step.after, '0.projectContracts.reloading')).toEqual({ projectId: 'usdx' });
    },
    // Refused: the form stays as typed; a field the server names shows its problem next to it.
    'projectContracts.adding.submitting|xstate.error.actor.0.projectContracts.adding.submitting': (step) => {
      const error = step.event.error;
      const expected =
        error === BAD_ADDRESS
          ? {
              fieldErrors: { address: 'No contract at this address' },
              error: 'address: No contract at this address',
            }
          : error === FORBIDDEN
            ? { fieldErrors: {}, error: M.forbidden }
            : { fieldErrors: {}, error: M.network };
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...expected });
      expect(step.after.value).toEqual({ adding: 'editing' });
      expect(view(step.after)).toMatchObject({ submitting: false, busy: false, formOpen: true });
      expect(view(step.after).fieldError('address')).toBe(expected.fieldErrors.address);
      expect(requests(step.after)).toEqual([]);
    },
    // Only a listed contract, and only for an admin, asks to confirm.
    'projectContracts.idle|REMOVE': (step) => {
      expect(step.event.chainId).toBe(31337);
      expect(ctx(step.after)).toEqual({
        ...ctx(step.before),
        target: { chainId: 31337, address: ADDRESS },
        error: null,
        notice: null,
      });
      expect(view(step.after).confirming?.address).toBe(ADDRESS);
      expect(view(step.after).canRemove).toBe(false);
      expect(requests(step.after)).toEqual([]);
    },
    'projectContracts.confirmingRemove|CANCEL': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), target: null });
      settled(step);
    },
    'projectContracts.confirmingRemove|CONFIRM': (step) => {
      expect(ctx(step.after)).toEqual(ctx(step.before));
      expect(view(step.after)).toMatchObject({ busy: true, confirming: null });
      expect(view(step.after).removing?.address).toBe(ADDRESS);
      expect(requests(step.after)).toEqual(['0.projectContracts.removing']);
      expect(requestInput(step.after, '0.projectContracts.removing')).toEqual({
        projectId: 'usdx',
        chainId: 31337,
        address: ADDRESS,
      });
    },
    'projectContracts.removing|xstate.done.actor.0.projectContracts.removing': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), target: null, notice: M.removed });
      expect(view(step.after)).toMatchObject({ reloading: true, removing: null, notice: M.removed });
      expect(requests(step.after)).toEqual(['0.projectContracts.reloading']);
    },
    // Not removed: the list is as it was and the reason is said.
    'projectContracts.removing|xstate.error.actor.0.projectContracts.removing': (step) => {
      const text = step.event.error === FORBIDDEN ? M.forbidden : M.network;
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), target: null, error: text });
      expect(view(step.after).contracts).toEqual(ctx(step.before).contracts);
      settled(step);
    },
    'projectContracts.reloading|xstate.done.actor.0.projectContracts.reloading': (step) => {
      const output = step.event.output as { contracts: MonitoredContract[]; admin: boolean };
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...output });
      // The notice of what was done stays to be read.
      expect(view(step.after).notice).toBe(ctx(step.before).notice);
      settled(step);
    },
    // The change was made; only the list is stale, and the panel says so.
    'projectContracts.reloading|xstate.error.actor.0.projectContracts.reloading': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), error: M.reloadFailed });
      settled(step);
    },
  },
  states: {
    'projectContracts.idle': (s) => {
      const v = view(s);
      expect(v).toMatchObject({
        ready: true,
        busy: false,
        formOpen: false,
        confirming: null,
        removing: null,
      });
      expect(v.canRemove).toBe(v.admin);
    },
  },
});
