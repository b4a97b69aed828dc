import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Portfolio } from '../../api/portfolio';
import { PORTFOLIO_MESSAGES, portfolioMachine } from '../../machines/portfolio/portfolio.machine';
import { describePaths, pending } from './harness';

const portfolio = (totalUsd: number) =>
  ({ wallets: [], projects: [], holdings: [], exposure: { totalUsd } }) as unknown as Portfolio;
const LOADED = portfolio(100);
const SAVED = portfolio(200);
const REMOVED = portfolio(50);
const IMPORTED = portfolio(900);
const refused = Object.assign(new Error('Enter at most $1,000,000,000,000.'), { code: 'ValidationError' });

const machine = portfolioMachine.provide({
  actors: {
    load: pending() as never,
    setHolding: pending() as never,
    deleteHolding: pending() as never,
    importWallets: pending() as never,
  },
});

const total = (s: AnyMachineSnapshot) => (s.context.data as Portfolio | null)?.exposure.totalUsd;

describePaths('portfolio', machine, {
  events: (s) => [
    { type: 'RETRY' },
    { type: 'PICK_PROJECT', project: { id: 'uni', name: 'Uniswap' } },
    { type: 'EDIT_AMOUNT', value: '2,500' },
    { type: 'EDIT_AMOUNT', value: 'abc' },
    { type: 'SUBMIT' },
    { type: 'REMOVE', projectId: 'uni' },
    { type: 'IMPORT' },
    ...(s.matches('loading')
      ? [
          { type: 'xstate.done.actor.load', output: LOADED },
          { type: 'xstate.error.actor.load', error: new Error('offline') },
        ]
      : []),
    ...(s.matches({ ready: 'saving' })
      ? [
          { type: 'xstate.done.actor.setHolding', output: SAVED },
          { type: 'xstate.error.actor.setHolding', error: refused },
        ]
      : []),
    ...(s.matches({ ready: 'removing' })
      ? [
          { type: 'xstate.done.actor.deleteHolding', output: REMOVED },
          { type: 'xstate.error.actor.deleteHolding', error: new Error('offline') },
        ]
      : []),
    ...(s.matches({ ready: 'importing' })
      ? [
          {
            type: 'xstate.done.actor.importWallets',
            output: { imported: 3, unknownWallets: ['0xabc'], portfolio: IMPORTED },
          },
          { type: 'xstate.error.actor.importWallets', error: new Error('offline') },
        ]
      : []),
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.project?.id ?? null,
      s.context.amount,
      total(s) ?? null,
      s.context.notice,
      s.context.error,
    ]),
  limit: 5000,
  states: {
    'portfolio.loading': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.children.load).toBeDefined();
    },
    'portfolio.failed': (s) => {
      expect(s.hasTag('failed')).toBe(true);
      expect(s.context.data).toBeNull();
    },
    'portfolio.ready.idle': (s) => {
      expect(s.hasTag('busy')).toBe(false);
      // The portfolio shown is the last answer's, and the message names what that answer did.
      const NOTICE_OF_TOTAL = new Map<number, string>([
        [200, PORTFOLIO_MESSAGES.saved('Uniswap')],
        [50, PORTFOLIO_MESSAGES.removed],
        [900, `${PORTFOLIO_MESSAGES.imported(3)} ${PORTFOLIO_MESSAGES.unknownWallets(1)}`],
      ]);
      expect([100, 200, 50, 900]).toContain(total(s));
      if (s.context.notice !== null) expect(s.context.notice).toBe(NOTICE_OF_TOTAL.get(total(s)!));
      if (s.context.error !== null) {
        expect([refused.message, PORTFOLIO_MESSAGES.failed]).toContain(s.context.error);
        expect(s.context.notice).toBeNull();
      }
      // A saved holding empties the form; a refused one keeps it for another try.
      if (s.context.notice === PORTFOLIO_MESSAGES.saved('Uniswap')) {
        expect(s.context.project).toBeNull();
        expect(s.context.amount).toBe('');
      }
      if (s.context.error === refused.message) expect(s.context.project).toEqual({ id: 'uni', name: 'Uniswap' });
    },
    'portfolio.ready.saving': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.project).toEqual({ id: 'uni', name: 'Uniswap' });
      expect(s.context.amount).toBe('2,500');
      expect(s.context.notice).toBeNull();
    },
    'portfolio.ready.removing': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.removing).toBe('uni');
    },
    'portfolio.ready.importing': (s) => expect(s.children.importWallets).toBeDefined(),
  },
});
