import { expect } from 'vitest';
import { searchMachine } from '../../machines/search/search.machine';
import { describePaths, pending } from './harness';

const options = [
  { id: 'eth', rank: 1, logo: '/logos/eth.svg', name: 'Ethereum', tokenTickers: ['ETH'] },
  { id: 'etc', rank: null, logo: '/logos/etc.svg', name: 'Ethereum Classic', tokenTickers: ['ETC'] },
];

describePaths('search', searchMachine.provide({ actors: { searchProjects: pending() as never } }), {
  input: { minLength: 2 },
  events: (s) => [
    { type: 'FOCUS' },
    { type: 'TYPE', keyword: 'e' },
    { type: 'TYPE', keyword: 'eth' },
    { type: 'NEXT' },
    { type: 'PREV' },
    { type: 'CHOOSE' },
    { type: 'SELECT', index: 1 },
    { type: 'SELECT', index: 7 },
    { type: 'CLOSE' },
    ...(s.hasTag('loading')
      ? [
          { type: 'xstate.done.actor.searchProjects', output: options },
          { type: 'xstate.done.actor.searchProjects', output: [] },
          { type: 'xstate.error.actor.searchProjects', error: new Error('offline') },
        ]
      : []),
  ],
  states: {
    'search.closed': (s) => expect(s.hasTag('open')).toBe(false),
    'search.open.loading': (s) => {
      expect(s.hasTag('open')).toBe(true);
      expect(s.hasTag('loading')).toBe(true);
    },
    'search.open.ready': (s) => {
      expect(s.hasTag('ready')).toBe(true);
      expect(s.context.highlighted).toBeLessThan(Math.max(1, s.context.options.length));
    },
    'search.open.failed': (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(s.context.options).toEqual([]);
    },
  },
});
