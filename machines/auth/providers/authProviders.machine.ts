import { assign, setup } from 'xstate';
import { notProvided } from '../../core/requests';

/** A social identity provider offered on the auth forms (from GET /api/auth/providers). */
export type SocialProvider = { id: string; name: string };

/**
 * Loads the sign-in providers once for the auth forms. Only social providers (type oauth) are kept;
 * a failed load shows no social buttons and can be retried. Tags: loading, loaded.
 */
export const authProvidersMachine = setup({
  types: {
    context: {} as { providers: SocialProvider[] },
    events: {} as { type: 'RETRY' },
    tags: {} as 'loading' | 'loaded',
  },
  actors: {
    loadProviders: notProvided<SocialProvider[]>('loadProviders'),
  },
  actions: {
    assignProviders: assign((_, params: { providers: SocialProvider[] | undefined }) => ({
      providers: params.providers ?? [],
    })),
  },
}).createMachine({
  id: 'authProviders',
  context: { providers: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadProviders',
        src: 'loadProviders',
        onDone: {
          target: 'loaded',
          actions: { type: 'assignProviders', params: ({ event }) => ({ providers: event.output }) },
        },
        onError: 'failed',
      },
    },
    loaded: { tags: ['loaded'] },
    failed: { on: { RETRY: 'loading' } },
  },
});
