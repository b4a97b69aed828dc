import { assertEvent, assign, setup, spawnChild } from 'xstate';
import type { AddContractBody, ChainInfo, MonitoredContract } from '../../../api/chains';
import { listSectionStates } from '../../core/list-section/listSection';
import type {
  ContractField,
  ContractForm,
  ContractsLoad,
  ProjectContractsContext,
  ProjectContractsEvent,
  ProjectContractsInput,
  ProjectContractsTag,
} from './projectContracts.types';
import { notProvided, withError } from '../../core/requests';

export const PROJECT_CONTRACTS_MESSAGES = {
  added: 'Contract added. Monitoring starts now.',
  removed: 'Contract removed. Its monitoring has stopped.',
  forbidden: 'Only admins can change a project’s contracts.',
  network: 'Could not reach the server. Check your connection and try again.',
  generic: 'Something went wrong. Try again.',
  loadFailed: 'The contracts could not be loaded.',
  reloadFailed: 'The list could not be refreshed. Reload the page to see the latest.',
  chainsFailed: 'The chains could not be loaded.',
  chooseChain: 'Choose a chain',
  address: 'Enter a contract address: 0x followed by 40 hex characters',
  labelLength: 'At most 80 characters',
  abi: 'The ABI must be a JSON array',
  fromBlock: 'Enter a block number of 0 or more',
  fix: 'Check the fields marked below.',
  copied: 'Address copied.',
  copyFailed: 'Could not copy. Select the address and copy it by hand.',
} as const;

export const EMPTY_FORM: ContractForm = { chainId: '', address: '', label: '', abi: '', fromBlock: '' };

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The request body for a form, or the problems per field (checked as the server checks them). */
export function formToBody(
  form: ContractForm,
): { body: AddContractBody } | { fields: Partial<Record<ContractField, string>> } {
  const fields: Partial<Record<ContractField, string>> = {};
  const chainId = Number(form.chainId);
  if (!form.chainId || !Number.isInteger(chainId) || chainId <= 0)
    fields.chainId = PROJECT_CONTRACTS_MESSAGES.chooseChain;
  const address = form.address.trim();
  if (!EVM_ADDRESS.test(address)) fields.address = PROJECT_CONTRACTS_MESSAGES.address;
  const label = form.label.trim();
  if (label.length > 80) fields.label = PROJECT_CONTRACTS_MESSAGES.labelLength;
  let abi: Record<string, unknown>[] | undefined;
  if (form.abi.trim()) {
    try {
      const parsed: unknown = JSON.parse(form.abi);
      if (
        Array.isArray(parsed) &&
        parsed.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e))
      )
        abi = parsed as Record<string, unknown>[];
      else fields.abi = PROJECT_CONTRACTS_MESSAGES.abi;
    } catch {
      fields.abi = PROJECT_CONTRACTS_MESSAGES.abi;
    }
  }
  const fromBlockText = form.fromBlock.trim();
  const fromBlock = Number(fromBlockText);
  if (fromBlockText && !(/^\d+$/.test(fromBlockText) && Number.isSafeInteger(fromBlock)))
    fields.fromBlock = PROJECT_CONTRACTS_MESSAGES.fromBlock;
  if (Object.keys(fields).length > 0) return { fields };
  return {
    body: {
      chainId,
      address,
      ...(label ? { label } : {}),
      ...(abi ? { abi } : {}),
      ...(fromBlockText ? { fromBlock } : {}),
    },
  };
}

type ErrorLike = { status?: unknown; message?: unknown; fields?: unknown };
/** A failed request in words: a 403 says who may do it; no HTTP status means the server was not reached. */
export function errorText(error: unknown): string {
  const e = (error ?? {}) as ErrorLike;
  if (typeof e.status !== 'number') return PROJECT_CONTRACTS_MESSAGES.network;
  if (e.status === 403) return PROJECT_CONTRACTS_MESSAGES.forbidden;
  return typeof e.message === 'string' && e.message ? e.message : PROJECT_CONTRACTS_MESSAGES.generic;
}

const FORM_FIELDS: readonly ContractField[] = ['chainId', 'address', 'label', 'abi', 'fromBlock'];
/** The server's problems per field, for the fields the form has. */
export function errorFields(error: unknown): Partial<Record<ContractField, string>> {
  const fields = ((error ?? {}) as ErrorLike).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Partial<Record<ContractField, string>> = {};
  for (const f of FORM_FIELDS) {
    const v = (fields as Record<string, unknown>)[f];
    if (typeof v === 'string') out[f] = v;
  }
  return out;
}

type KeyLike = { chainId: number | null; address: string };
const sameKey = (a: KeyLike | null, b: KeyLike | null) =>
  a !== null && b !== null && a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase();

/**
 * A project's monitored contracts: loads the list (and whether the viewer is an admin); an admin adds a contract
 * (the chains load when the form opens; the form is checked before it is sent, and the server's field errors are
 * shown next to the fields) or removes one after confirming. After an add or a remove the list loads again.
 * API calls arrive through `.provide()`.
 */
export const projectContractsMachine = setup({
  types: {
    context: {} as ProjectContractsContext,
    events: {} as ProjectContractsEvent,
    input: {} as ProjectContractsInput,
    tags: {} as ProjectContractsTag,
  },
  actors: {
    load: notProvided<ContractsLoad, { projectId: string }>('load'),
    loadChains: notProvided<ChainInfo[]>('loadChains'),
    add: notProvided<MonitoredContract, { projectId: string; body: AddContractBody }>('add'),
    remove: notProvided<void, { projectId: string; chainId: number; address: string }>('remove'),
    copy: notProvided<void, { text: string }>('copy'),
  },
  guards: {
    isAdmin: ({ context }) => context.admin,
    hasChains: ({ context }) => context.chains.length > 0,
    formValid: ({ context }) => 'body' in formToBody(context.form),
    listed: ({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return context.admin && context.contracts.some((c) => sameKey(c, event));
    },
  },
  actions: {
    storeLoad: assign((_, params: { data: ContractsLoad }) => ({
      contracts: params.data.contracts,
      admin: params.data.admin,
    })),
    loadFailed: assign({ error: PROJECT_CONTRACTS_MESSAGES.loadFailed }),
    reloadFailed: assign({ error: PROJECT_CONTRACTS_MESSAGES.reloadFailed }),
    clearMessages: assign({ error: null, notice: null }),
    openForm: assign({ form: EMPTY_FORM, fieldErrors: {}, error: null, notice: null }),
    storeChains: assign({ chains: (_, params: { chains: ChainInfo[] }) => params.chains }),
    chainsFailed: assign({ error: PROJECT_CONTRACTS_MESSAGES.chainsFailed }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const { [event.field]: _gone, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors };
    }),
    refuseForm: assign(({ context }) => {
      const checked = formToBody(context.form);
      return {
        fieldErrors: 'fields' in checked ? checked.fields : {},
        error: PROJECT_CONTRACTS_MESSAGES.fix,
      };
    }),
    startSubmit: assign({ fieldErrors: {}, error: null }),
    submitFailed: assign((_, params: { error: unknown }) => ({
      fieldErrors: errorFields(params.error),
      error: errorText(params.error),
    })),
    added: assign({ form: EMPTY_FORM, fieldErrors: {}, notice: PROJECT_CONTRACTS_MESSAGES.added }),
    closeForm: assign({ form: EMPTY_FORM, fieldErrors: {}, error: null }),
    pickTarget: assign(({ event }) => {
      assertEvent(event, 'REMOVE');
      return { target: { chainId: event.chainId, address: event.address }, error: null, notice: null };
    }),
    dropTarget: assign({ target: null }),
    removed: assign({ target: null, notice: PROJECT_CONTRACTS_MESSAGES.removed }),
    removeFailed: assign((_, params: { error: unknown }) => ({
      target: null,
      error: errorText(params.error),
    })),
    startCopy: spawnChild('copy', {
      id: 'copy',
      input: ({ event }) => {
        assertEvent(event, 'COPY');
        return { text: event.address };
      },
    }),
    clearCopied: assign({ copied: null }),
    markCopied: assign({ copied: PROJECT_CONTRACTS_MESSAGES.copied }),
    copyFailed: assign({ copied: PROJECT_CONTRACTS_MESSAGES.copyFailed }),
  },
}).createMachine({
  id: 'projectContracts',
  context: ({ input }) => ({
    projectId: input.projectId,
    contracts: [],
    admin: false,
    chains: [],
    form: EMPTY_FORM,
    fieldErrors: {},
    error: null,
    notice: null,
    target: null,
    copied: null,
  }),
  initial: 'loading',
  // Copying an address works whatever else is going on; its outcome is said in the panel's status line.
  on: {
    COPY: { actions: ['clearCopied', 'startCopy'] },
    'xstate.done.actor.copy': { actions: 'markCopied' },
    'xstate.error.actor.copy': { actions: 'copyFailed' },
  },
  states: {
    ...listSectionStates<ContractsLoad>()({
      store: 'storeLoad',
      shown: 'idle',
      failed: 'loadFailed',
      retry: 'clearMessages',
      input: ({ context }: { context: { projectId: string } }) => ({ projectId: context.projectId }),
    }),
    idle: {
      tags: ['ready'],
      on: {
        OPEN_ADD: { guard: 'isAdmin', target: 'adding', actions: 'openForm' },
        REMOVE: { guard: 'listed', target: 'confirmingRemove', actions: 'pickTarget' },
      },
    },
    adding: {
      initial: 'chains',
      on: { CANCEL: { target: 'idle', actions: 'closeForm' } },
      states: {
        chains: {
          always: { guard: 'hasChains', target: 'editing' },
          tags: ['ready', 'form', 'chainsLoading'],
          invoke: {
            src: 'loadChains',
            onDone: {
              target: 'editing',
              actions: { type: 'storeChains', params: ({ event }) => ({ chains: event.output }) },
            },
            onError: { target: 'chainsFailed', actions: 'chainsFailed' },
          },
        },
        chainsFailed: {
          tags: ['ready', 'form', 'chainsError'],
          on: { RETRY: { target: 'chains', actions: 'clearMessages' } },
        },
        editing: {
          tags: ['ready', 'form'],
          on: {
            CHANGE: { actions: 'change' },
            SUBMIT: [
              { guard: 'formValid', target: 'submitting', actions: 'startSubmit' },
              { actions: 'refuseForm' },
            ],
          },
        },
        submitting: {
          tags: ['ready', 'form', 'busy', 'submitting'],
          // A request on its way is not taken back: the form stays until it answers.
          on: { CANCEL: {} },
          invoke: {
            src: 'add',
            input: ({ context }) => {
              const checked = formToBody(context.form);
              return { projectId: context.projectId, body: 'body' in checked ? checked.body : ({} as never) };
            },
            onDone: { target: '#projectContracts.reloading', actions: 'added' },
            onError: { target: 'editing', actions: { type: 'submitFailed', params: withError } },
          },
        },
      },
    },
    confirmingRemove: {
      tags: ['ready', 'confirming'],
      on: {
        CONFIRM: { target: 'removing' },
        CANCEL: { target: 'idle', actions: 'dropTarget' },
      },
    },
    removing: {
      tags: ['ready', 'busy', 'removing'],
      invoke: {
        src: 'remove',
        input: ({ context }) => ({
          projectId: context.projectId,
          chainId: context.target?.chainId ?? 0,
          address: context.target?.address ?? '',
        }),
        onDone: { target: 'reloading', actions: 'removed' },
        onError: { target: 'idle', actions: { type: 'removeFailed', params: withError } },
      },
    },
    reloading: {
      tags: ['ready', 'busy', 'reloading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: {
          target: 'idle',
          actions: { type: 'storeLoad', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'idle', actions: 'reloadFailed' },
      },
    },
  },
});
