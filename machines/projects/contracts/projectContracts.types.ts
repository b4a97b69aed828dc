import type { SnapshotFrom } from 'xstate';
import type { ChainInfo, MonitoredContract } from '../../../api/chains';
import type { Tags } from '../../core/tags';
import type { connectProjectContracts } from './projectContracts.connect';
import type { projectContractsMachine } from './projectContracts.machine';

/** The add form as typed: every field a string, checked on submit. */
export type ContractForm = {
  chainId: string;
  address: string;
  label: string;
  abi: string;
  fromBlock: string;
};
export type ContractField = keyof ContractForm;
export type ContractKey = { chainId: number; address: string };

/** What the load actor answers: the project's contracts, and whether the viewer may change them. */
export type ContractsLoad = { contracts: MonitoredContract[]; admin: boolean };

export type ProjectContractsContext = {
  projectId: string;
  contracts: MonitoredContract[];
  admin: boolean;
  chains: ChainInfo[];
  form: ContractForm;
  /** Problems per field, shown next to it. */
  fieldErrors: Partial<Record<ContractField, string>>;
  /** What went wrong, in words (aria-live). */
  error: string | null;
  /** What went right ("Contract added. …"), in words (aria-live). */
  notice: string | null;
  /** The contract asked to be removed (confirm, then removing). */
  target: ContractKey | null;
  /** What the last copy to the clipboard did, in words, or null. */
  copied: string | null;
};

export type ProjectContractsEvent =
  | { type: 'RETRY' }
  | { type: 'OPEN_ADD' }
  | { type: 'CHANGE'; field: ContractField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'REMOVE'; chainId: number; address: string }
  | { type: 'CONFIRM' }
  | { type: 'COPY'; address: string };

export type ProjectContractsInput = { projectId: string };

/**
 * `loading` the list loads; `error` the load failed; `ready` it shows; `form` the add form is open, with its chains
 * `chainsLoading` or `chainsError`; `confirming` a removal waits for CONFIRM; `busy` a write is on the way
 * (`submitting`, `removing`) or the list loads again after one (`reloading`).
 */
export type ProjectContractsTag = Tags<
  'loading' | 'error' | 'ready' | 'busy',
  'form' | 'chainsLoading' | 'chainsError' | 'submitting' | 'confirming' | 'removing' | 'reloading'
>;

export type ProjectContractsSnapshot = SnapshotFrom<typeof projectContractsMachine>;
/** What ContractsPanel and AddContractForm render (projectContracts.connect). */
export type ProjectContractsView = ReturnType<typeof connectProjectContracts>;
