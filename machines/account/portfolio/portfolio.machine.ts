import { assertEvent, assign, setup } from 'xstate';
import { HOLDING_MAX_USD, type Portfolio, type WalletImport } from '../../../api/portfolio';
import { listSectionStates } from '../../core/list-section/listSection';
import type { PortfolioContext, PortfolioEvent, PortfolioTag } from './portfolio.types';
import { notProvided, withError } from '../../core/requests';

/** Messages of the holdings editor. */
export const PORTFOLIO_MESSAGES = {
  saved: (name: string) => `${name} saved.`,
  removed: 'Holding removed.',
  imported: (n: number) =>
    n === 0
      ? 'No new holdings found in your wallets.'
      : `Imported ${n} ${n === 1 ? 'holding' : 'holdings'} from your wallets.`,
  unknownWallets: (n: number) => `${n} ${n === 1 ? 'wallet is' : 'wallets are'} not in our token index yet.`,
  failed: 'That did not work. Please try again.',
} as const;

/** The amount typed in the form, as a number of dollars when it is a valid holding amount. */
export const parseAmount = (text: string): number | null => {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(value) && value > 0 && value <= HOLDING_MAX_USD ? value : null;
};

/** The server's message for a refused write (HttpError.message), or the generic one. */
const failure = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' && error instanceof Error
    ? error.message
    : PORTFOLIO_MESSAGES.failed;

/**
 * The portfolio page: loads the portfolio, then edits holdings one write at a time (set a project's amount, remove
 * one, import from the wallets). Every write answers with the whole portfolio, which replaces the shown one.
 * Actors: load, setHolding, deleteHolding, importWallets.
 */
export const portfolioMachine = setup({
  types: {
    context: {} as PortfolioContext,
    events: {} as PortfolioEvent,
    tags: {} as PortfolioTag,
  },
  actors: {
    load: notProvided<Portfolio>('load'),
    setHolding: notProvided<Portfolio, { projectId: string; amountUsd: number }>('setHolding'),
    deleteHolding: notProvided<Portfolio, { projectId: string }>('deleteHolding'),
    importWallets: notProvided<WalletImport>('importWallets'),
  },
  guards: {
    formComplete: ({ context }) => context.project !== null && parseAmount(context.amount) !== null,
  },
  actions: {
    clearMessages: assign({ notice: null, error: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failure(params.error) })),
    storePortfolio: assign((_, params: { data: Portfolio }) => ({ data: params.data })),
    pickProject: assign(({ event }) => {
      assertEvent(event, 'PICK_PROJECT');
      return { project: event.project };
    }),
    editAmount: assign(({ event }) => {
      assertEvent(event, 'EDIT_AMOUNT');
      return { amount: event.value };
    }),
    markRemoving: assign(({ event }) => {
      assertEvent(event, 'REMOVE');
      return { removing: event.projectId };
    }),
    forgetRemoving: assign({ removing: null }),
    showSaved: assign(({ context }, params: { portfolio: Portfolio }) => ({
      data: params.portfolio,
      notice: PORTFOLIO_MESSAGES.saved(context.project!.name),
      project: null,
      amount: '',
    })),
    showRemoved: assign((_, params: { portfolio: Portfolio }) => ({
      data: params.portfolio,
      notice: PORTFOLIO_MESSAGES.removed,
      removing: null,
    })),
    showImported: assign((_, params: { result: WalletImport }) => {
      const { imported, unknownWallets, portfolio } = params.result;
      const unknown =
        unknownWallets.length > 0 ? ` ${PORTFOLIO_MESSAGES.unknownWallets(unknownWallets.length)}` : '';
      return { data: portfolio, notice: `${PORTFOLIO_MESSAGES.imported(imported)}${unknown}` };
    }),
  },
}).createMachine({
  id: 'portfolio',
  context: { data: null, project: null, amount: '', removing: null, notice: null, error: null },
  initial: 'loading',
  states: {
    ...listSectionStates<Portfolio>()({ id: 'load', store: 'storePortfolio' }),
    ready: {
      initial: 'idle',
      states: {
        idle: {
          // The form changes only while nothing is being written: a save's answer names the project it saved.
          on: {
            PICK_PROJECT: { actions: 'pickProject' },
            EDIT_AMOUNT: { actions: 'editAmount' },
            SUBMIT: { guard: 'formComplete', target: 'saving', actions: 'clearMessages' },
            REMOVE: {
              target: 'removing',
              actions: ['clearMessages', 'markRemoving'],
            },
            IMPORT: { target: 'importing', actions: 'clearMessages' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'setHolding',
            src: 'setHolding',
            input: ({ context }) => ({
              projectId: context.project!.id,
              amountUsd: parseAmount(context.amount)!,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'showSaved', params: ({ event }) => ({ portfolio: event.output }) },
            },
            onError: { target: 'idle', actions: { type: 'showFailure', params: withError } },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'deleteHolding',
            src: 'deleteHolding',
            input: ({ context }) => ({ projectId: context.removing! }),
            onDone: {
              target: 'idle',
              actions: { type: 'showRemoved', params: ({ event }) => ({ portfolio: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'showFailure', params: withError }, 'forgetRemoving'],
            },
          },
        },
        importing: {
          tags: ['busy'],
          invoke: {
            id: 'importWallets',
            src: 'importWallets',
            onDone: {
              target: 'idle',
              actions: { type: 'showImported', params: ({ event }) => ({ result: event.output }) },
            },
            onError: { target: 'idle', actions: { type: 'showFailure', params: withError } },
          },
        },
      },
    },
  },
});
