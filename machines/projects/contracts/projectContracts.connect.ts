import type { MonitoredContract } from '../../../api/chains';
import type { ContractField, ProjectContractsSnapshot } from './projectContracts.types';

const sameContract = (c: MonitoredContract, key: { chainId: number; address: string } | null) =>
  key !== null && c.chainId === key.chainId && c.address.toLowerCase() === key.address.toLowerCase();

/** The Contracts panel as components render it: booleans and data, no state names. */
export function connectProjectContracts(snapshot: ProjectContractsSnapshot) {
  const { contracts, admin, chains, form, fieldErrors, error, notice, target, copied } = snapshot.context;
  return {
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.hasTag('error'),
    ready: snapshot.hasTag('ready'),
    busy: snapshot.hasTag('busy'),
    reloading: snapshot.hasTag('reloading'),
    contracts,
    admin,
    /** The add form is open (its code loads only then). */
    formOpen: snapshot.hasTag('form'),
    chainsLoading: snapshot.hasTag('chainsLoading'),
    chainsFailed: snapshot.hasTag('chainsError'),
    submitting: snapshot.hasTag('submitting'),
    chains: chains.filter((c) => c.kind === 'evm'),
    form,
    fieldError: (field: ContractField) => fieldErrors[field],
    error,
    notice,
    /** What the last copy of an address did, in words. */
    copied,
    /** The contract whose removal waits for a confirmation, or null. */
    confirming: snapshot.hasTag('confirming')
      ? (contracts.find((c) => sameContract(c, target)) ?? null)
      : null,
    /** The contract being removed, or null. */
    removing: snapshot.hasTag('removing') ? (contracts.find((c) => sameContract(c, target)) ?? null) : null,
    canAdd: admin && snapshot.matches('idle'),
    canRemove: admin && snapshot.matches('idle'),
  };
}
