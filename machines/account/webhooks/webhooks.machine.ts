import { and, assertEvent, assign, setup, type DoneActorEvent } from 'xstate';
import type { CreateWebhookBody, WebhookDelivery, WebhookList } from '../../../api/webhooks';
import { listSectionStates } from '../../core/list-section/listSection';
import type {
  CreateOutput,
  ReplayOutput,
  TestOutput,
  WebhooksContext,
  WebhooksEvent,
  WebhooksMessage,
  WebhooksTag,
} from './webhooks.types';
import { notProvided, withError } from '../../core/requests';

type ErrorLike = { message?: unknown; fields?: unknown };
const errorMessage = (error: unknown): WebhooksMessage => {
  const e = (error ?? {}) as ErrorLike;
  const fields = e.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : undefined;
  return {
    kind: 'error',
    text: typeof e.message === 'string' && e.message ? e.message : 'Something went wrong.',
    ...(fields ? { fields } : {}),
  };
};

/** "Test delivered (HTTP 200)." or "Test failed: HTTP 500 …". */
export const testMessage = (d: WebhookDelivery): WebhooksMessage =>
  d.status === 'delivered'
    ? { kind: 'success', text: `Test delivered (HTTP ${d.responseCode ?? '?'}).` }
    : { kind: 'error', text: `Test failed: ${d.error ?? `HTTP ${d.responseCode ?? '?'}`}` };

export const WEBHOOK_FLOW_MESSAGES = {
  created: 'Webhook added. Copy its signing secret now: it is not shown again.',
  deleted: 'Webhook deleted.',
  noKey: 'Create an API key first: webhooks belong to an API key’s owner.',
  limit: 'You have reached the webhook limit. Delete one first.',
  copyFailed: 'Could not copy. Select the secret and copy it by hand.',
  replayed: 'Delivery queued: it is sent again now, and retried if it fails.',
} as const;

type WriteEvent = Extract<WebhooksEvent, { type: 'CREATE' | 'TEST' | 'DELETE' | 'REPLAY' }>;

/**
 * A write from the list (create, test, delete, replay), one state each: the list stays shown, busy and tagged with
 * the write; the request (`src`) gets what the click (the event `on`) carried, its payload; the answer goes to
 * `done` as `{ output }`, a failure to showError, and either way back to the list. Curried so the answer's type can
 * be named while the names are inferred.
 */
const write =
  <Output>() =>
  <
    const Type extends WriteEvent['type'],
    const Src extends string,
    const Tag extends string,
    const Done extends string,
  >(options: {
    on: Type;
    src: Src;
    tag: Tag;
    done: Done;
  }) => ({
    tags: ['ready' as const, 'busy' as const, options.tag],
    invoke: {
      src: options.src,
      input: ({ event }: { event: WebhooksEvent }) => {
        assertEvent(event, options.on);
        const { type: _type, ...payload } = event as unknown as Extract<WriteEvent, { type: Type }>;
        return payload as Omit<Extract<WriteEvent, { type: Type }>, 'type'>;
      },
      onDone: {
        target: 'ready' as const,
        actions: {
          type: options.done,
          params: ({ event }: { event: DoneActorEvent<Output> }) => ({ output: event.output }),
        },
      },
      onError: { target: 'ready' as const, actions: { type: 'showError' as const, params: withError } },
    },
  });

/**
 * The Webhooks section of Account Settings: loads the caller's webhooks, then runs one write at a time — create
 * (the secret is kept to show once), send a test ping, delete, replay a failed delivery — each answering with the
 * fresh list.
 * Copying the secret is an injected actor (the clipboard). API calls arrive through `.provide()`.
 */
export const webhooksMachine = setup({
  types: {
    context: {} as WebhooksContext,
    events: {} as WebhooksEvent,
    tags: {} as WebhooksTag,
  },
  actors: {
    load: notProvided<WebhookList>('load'),
    create: notProvided<CreateOutput, { body: CreateWebhookBody }>('create'),
    test: notProvided<TestOutput, { id: string }>('test'),
    remove: notProvided<WebhookList, { id: string }>('remove'),
    replay: notProvided<ReplayOutput, { id: number }>('replay'),
    copy: notProvided<void, { text: string }>('copy'),
  },
  guards: {
    hasKey: ({ context }) => context.list?.hasApiKey === true,
    belowLimit: ({ context }) => (context.list?.items.length ?? 0) < (context.list?.limit ?? 0),
    hasSecret: ({ context }) => context.secret !== null,
    hasKeyBelowLimit: and(['hasKey', 'belowLimit']),
  },
  actions: {
    storeList: assign({ list: (_, params: { data: WebhookList }) => params.data }),
    startWrite: assign(({ event }) => {
      assertEvent(event, ['CREATE', 'TEST', 'DELETE', 'REPLAY']);
      return { message: null, pendingId: event.type === 'CREATE' ? null : String(event.id) };
    }),
    showError: assign({
      message: (_, params: { error: unknown }) => errorMessage(params.error),
      pendingId: null,
    }),
    showCreated: assign((_, params: { output: CreateOutput }) => ({
      list: params.output.list,
      secret: { webhookId: params.output.webhookId, value: params.output.secret },
      copied: false,
      message: { kind: 'success' as const, text: WEBHOOK_FLOW_MESSAGES.created },
      pendingId: null,
    })),
    showTested: assign((_, params: { output: TestOutput }) => ({
      list: params.output.list,
      message: testMessage(params.output.delivery),
      pendingId: null,
    })),
    showReplayed: assign((_, params: { output: ReplayOutput }) => ({
      list: params.output.list,
      message: { kind: 'success' as const, text: WEBHOOK_FLOW_MESSAGES.replayed },
      pendingId: null,
    })),
    showDeleted: assign(({ context }, { output: list }: { output: WebhookList }) => ({
      list,
      // The secret of a deleted webhook is of no use any more.
      secret:
        context.secret && list.items.some((w) => w.id === context.secret!.webhookId) ? context.secret : null,
      message: { kind: 'success' as const, text: WEBHOOK_FLOW_MESSAGES.deleted },
      pendingId: null,
    })),
    refuseNoKey: assign({ message: { kind: 'error', text: WEBHOOK_FLOW_MESSAGES.noKey } }),
    refuseLimit: assign({ message: { kind: 'error', text: WEBHOOK_FLOW_MESSAGES.limit } }),
    markCopied: assign({ copied: true }),
    copyFailed: assign({ message: { kind: 'error', text: WEBHOOK_FLOW_MESSAGES.copyFailed } }),
    hideSecret: assign({ secret: null, copied: false }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'webhooks',
  context: { list: null, secret: null, copied: false, message: null, pendingId: null },
  initial: 'loading',
  states: {
    ...listSectionStates<WebhookList>()({ store: 'storeList', failed: 'showError', retry: 'clearMessage' }),
    ready: {
      tags: ['ready'],
      on: {
        CREATE: [
          { guard: 'hasKeyBelowLimit', target: 'creating', actions: 'startWrite' },
          { guard: 'hasKey', actions: 'refuseLimit' },
          { actions: 'refuseNoKey' },
        ],
        TEST: { target: 'testing', actions: 'startWrite' },
        DELETE: { target: 'deleting', actions: 'startWrite' },
        REPLAY: { target: 'replaying', actions: 'startWrite' },
        COPY_SECRET: { guard: 'hasSecret', target: 'copying' },
        HIDE_SECRET: { actions: 'hideSecret' },
        DISMISS: { actions: 'clearMessage' },
      },
    },
    creating: write<CreateOutput>()({ on: 'CREATE', src: 'create', tag: 'creating', done: 'showCreated' }),
    testing: write<TestOutput>()({ on: 'TEST', src: 'test', tag: 'testing', done: 'showTested' }),
    deleting: write<WebhookList>()({ on: 'DELETE', src: 'remove', tag: 'deleting', done: 'showDeleted' }),
    replaying: write<ReplayOutput>()({ on: 'REPLAY', src: 'replay', tag: 'replaying', done: 'showReplayed' }),
    copying: {
      tags: ['ready', 'copying'],
      invoke: {
        src: 'copy',
        input: ({ context }) => ({ text: context.secret?.value ?? '' }),
        onDone: { target: 'ready', actions: 'markCopied' },
        onError: { target: 'ready', actions: 'copyFailed' },
      },
    },
  },
});
