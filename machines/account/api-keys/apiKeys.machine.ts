import { assertEvent, assign, setup } from 'xstate';
import { serverMessage } from '../../../api/errors';
import { API_KEY_MESSAGES, checkApiKeyName, type ApiKey, type CreatedApiKey } from '../../../api/apiKeys';
import { listSectionStates } from '../../core/list-section/listSection';
import type { ApiKeysContext, ApiKeysEvent, ApiKeysTag } from './apiKeys.types';
import { notProvided, withError } from '../../core/requests';

const withoutSecret = ({ key: _secret, ...rest }: CreatedApiKey): ApiKey => rest;

/**
 * The "API keys" section of Account Settings: the user's keys load; CREATE (name checked first) calls
 * `create` and shows the new key once, with COPY (`copyKey`: the clipboard) and HIDE_KEY; REVOKE asks to CONFIRM
 * before `revoke` runs. One call at a time. Actors arrive through .provide(): load, create, revoke, copyKey.
 */
export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
    tags: {} as ApiKeysTag,
  },
  actors: {
    load: notProvided<ApiKey[]>('load'),
    create: notProvided<CreatedApiKey, { name: string }>('create'),
    revoke: notProvided<ApiKey, { id: string }>('revoke'),
    copyKey: notProvided<void, { key: string }>('copyKey'),
  },
  guards: {
    nameIsValid: ({ event }) => {
      assertEvent(event, 'CREATE');
      return 'name' in checkApiKeyName(event.name);
    },
    isActiveKey: ({ context, event }) => {
      assertEvent(event, 'REVOKE');
      return context.keys.some((k) => k.id === event.id && k.revokedAt === null);
    },
    hasNewKey: ({ context }) => context.created !== null,
  },
  actions: {
    storeKeys: assign((_, params: { data: ApiKey[] }) => ({ keys: params.data, error: null })),
    showLoadFailed: assign({ error: API_KEY_MESSAGES.loadFailed }),
    startCreate: assign(({ event }) => {
      assertEvent(event, 'CREATE');
      const checked = checkApiKeyName(event.name);
      return {
        name: 'name' in checked ? checked.name : '',
        created: null,
        copied: false,
        error: null,
        nameError: null,
      };
    }),
    showNameError: assign(({ event }) => {
      assertEvent(event, 'CREATE');
      const checked = checkApiKeyName(event.name);
      return { nameError: 'error' in checked ? checked.error : null, error: null };
    }),
    showCreated: assign(({ context }, created: CreatedApiKey) => ({
      keys: [withoutSecret(created), ...context.keys],
      created: { id: created.id, name: created.name, key: created.key },
      name: '',
    })),
    showCreateFailed: assign((_, params: { error: unknown }) => ({
      error: serverMessage(params.error, API_KEY_MESSAGES.createFailed),
      name: '',
    })),
    askToConfirm: assign(({ event }) => {
      assertEvent(event, 'REVOKE');
      return { confirmId: event.id, error: null };
    }),
    forgetConfirm: assign({ confirmId: null }),
    showRevoked: assign(({ context }, revoked: ApiKey) => ({
      keys: context.keys.map((k) => (k.id === revoked.id ? revoked : k)),
      // A revoked key's secret is no use to anyone: it goes from the screen too.
      created: context.created?.id === revoked.id ? null : context.created,
      confirmId: null,
    })),
    showRevokeFailed: assign((_, params: { error: unknown }) => ({
      error: serverMessage(params.error, API_KEY_MESSAGES.revokeFailed),
      confirmId: null,
    })),
    showCopied: assign({ copied: true, error: null }),
    showCopyFailed: assign({ copied: false, error: API_KEY_MESSAGES.copyFailed }),
    hideKey: assign({ created: null, copied: false }),
    clearError: assign({ error: null, nameError: null }),
  },
}).createMachine({
  id: 'apiKeys',
  context: {
    keys: [],
    created: null,
    name: '',
    confirmId: null,
    copied: false,
    error: null,
    nameError: null,
  },
  initial: 'loading',
  states: {
    ...listSectionStates<ApiKey[]>()({
      id: 'load',
      store: 'storeKeys',
      failed: 'showLoadFailed',
      retry: 'clearError',
    }),
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            CREATE: [
              { guard: 'nameIsValid', target: 'creating', actions: 'startCreate' },
              { actions: 'showNameError' },
            ],
            REVOKE: { guard: 'isActiveKey', target: 'confirming', actions: 'askToConfirm' },
            COPY: { guard: 'hasNewKey', target: 'copying' },
            HIDE_KEY: { actions: 'hideKey' },
            DISMISS: { actions: 'clearError' },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'create',
            src: 'create',
            input: ({ context }) => ({ name: context.name }),
            onDone: { target: 'idle', actions: { type: 'showCreated', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'showCreateFailed', params: withError } },
          },
        },
        confirming: {
          tags: ['confirming'],
          on: {
            CONFIRM: { target: 'revoking' },
            CANCEL: { target: 'idle', actions: 'forgetConfirm' },
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revoke',
            src: 'revoke',
            input: ({ context }) => ({ id: context.confirmId! }),
            onDone: { target: 'idle', actions: { type: 'showRevoked', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'showRevokeFailed', params: withError } },
          },
        },
        copying: {
          invoke: {
            id: 'copyKey',
            src: 'copyKey',
            input: ({ context }) => ({ key: context.created!.key }),
            onDone: { target: 'idle', actions: 'showCopied' },
            onError: { target: 'idle', actions: 'showCopyFailed' },
          },
        },
      },
    },
  },
});
