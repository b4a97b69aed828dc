import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { authProvidersMachine } from '../../machines/auth-providers/authProviders.machine';
import { describePaths, pending } from './harness';

const providers = [{ id: 'google', name: 'Google' }];

describePaths('authProviders', authProvidersMachine.provide({ actors: { loadProviders: pending() as never } }), {
  events: (s: AnyMachineSnapshot) => [
    { type: 'RETRY' },
    ...(s.hasTag('loading')
      ? [
          { type: 'xstate.done.actor.loadProviders', output: providers },
          { type: 'xstate.error.actor.loadProviders', error: new Error('offline') },
        ]
      : []),
  ],
  states: {
    'authProviders.loading': (s) => expect(s.context.providers).toEqual([]),
    'authProviders.loaded': (s) => expect(s.context.providers).toEqual(providers),
    'authProviders.failed': (s) => {
      expect(s.hasTag('loaded')).toBe(false);
      expect(s.context.providers).toEqual([]);
    },
  },
});
