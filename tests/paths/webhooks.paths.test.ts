import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { Webhook, WebhookDelivery, WebhookList } from '../../api/webhooks';
import { connectWebhooks } from '../../machines/account/webhooks/webhooks.connect';
import { WEBHOOK_FLOW_MESSAGES, webhooksMachine } from '../../machines/account/webhooks/webhooks.machine';
import type { WebhooksContext, WebhooksSnapshot } from '../../machines/account/webhooks/webhooks.types';
import { describePaths, pendingActors, type StepEffect } from './harness';

const machine = webhooksMachine.provide({
  actors: pendingActors('load', 'create', 'test', 'remove', 'replay', 'copy'),
});

const hook = (id: string, deliveries: WebhookDelivery[] = []): Webhook => ({
  id,
  url: `https://hooks.example.com/${id}`,
  events: ['score'],
  watchlists: [{ id: 'l1', name: 'DeFi' }],
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  deliveries,
});
const delivered: WebhookDelivery = {
  id: 1,
  event: 'ping',
  status: 'delivered',
  responseCode: 200,
  attempts: 1,
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  deliveredAt: '2026-01-01T00:00:00.000Z',
};
const list = (ids: string[], hasApiKey = true): WebhookList => ({
  items: ids.map((id) => hook(id)),
  watchlists: [{ id: 'l1', name: 'DeFi' }],
  hasApiKey,
  limit: 2,
});
const EMPTY = list([]);
const NO_KEY = list([], false);
const FULL = list(['w1', 'w2']);
const ONE = list(['w1']);

const view = (s: AnyMachineSnapshot) => connectWebhooks(s as WebhooksSnapshot);

const failedDelivery: WebhookDelivery = {
  ...delivered,
  id: 2,
  status: 'failed',
  responseCode: 500,
  deliveredAt: null,
};
const REFUSED = { message: 'url: refused', fields: { url: 'refused' } };
const GONE = { message: 'No such webhook.' };
const BLANK = new Error('');
const CONFLICT = { message: 'Only a failed delivery can be replayed.' };

/** A few lists, so the guards' every branch is reachable: no key, room, full. */
function events(s: AnyMachineSnapshot) {
  const user = [
    {
      type: 'CREATE',
      body: { url: 'https://hooks.example.com/new', events: ['score'], watchlistIds: ['l1'] },
    },
    { type: 'TEST', id: 'w1' },
    { type: 'DELETE', id: 'w1' },
    { type: 'REPLAY', id: 2 },
    { type: 'COPY_SECRET' },
    { type: 'HIDE_SECRET' },
    { type: 'RETRY' },
    { type: 'DISMISS' },
  ];
  if (s.hasTag('loading'))
    return [
      { type: 'xstate.done.actor.0.webhooks.loading', output: EMPTY },
      { type: 'xstate.done.actor.0.webhooks.loading', output: NO_KEY },
      { type: 'xstate.done.actor.0.webhooks.loading', output: FULL },
      { type: 'xstate.error.actor.0.webhooks.loading', error: { message: 'Offline' } },
    ];
  if (s.hasTag('creating'))
    return [
      {
        type: 'xstate.done.actor.0.webhooks.creating',
        output: { webhookId: 'w1', secret: 'whsec_abc', list: ONE },
      },
      { type: 'xstate.error.actor.0.webhooks.creating', error: REFUSED },
    ];
  if (s.hasTag('testing'))
    return [
      { type: 'xstate.done.actor.0.webhooks.testing', output: { delivery: delivered, list: ONE } },
      { type: 'xstate.done.actor.0.webhooks.testing', output: { delivery: failedDelivery, list: ONE } },
      { type: 'xstate.error.actor.0.webhooks.testing', error: BLANK },
    ];
  if (s.hasTag('deleting'))
    return [
      { type: 'xstate.done.actor.0.webhooks.deleting', output: EMPTY },
      { type: 'xstate.error.actor.0.webhooks.deleting', error: GONE },
    ];
  if (s.hasTag('replaying'))
    return [
      {
        type: 'xstate.done.actor.0.webhooks.replaying',
        output: { delivery: { ...failedDelivery, status: 'pending' }, list: ONE },
      },
      { type: 'xstate.error.actor.0.webhooks.replaying', error: CONFLICT },
    ];
  if (s.hasTag('copying'))
    return [
      { type: 'xstate.done.actor.0.webhooks.copying' },
      { type: 'xstate.error.actor.0.webhooks.copying', error: new Error('denied') },
    ];
  return user;
}

const ctx = (s: AnyMachineSnapshot) => s.context as WebhooksContext;
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;
/** The machine's own actions (not XState's starting and stopping of requests). */
const own = (step: StepEffect) => step.actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));
/** What the section shows for each error a request can end with. */
const shownFor = new Map<unknown, WebhooksContext['message']>([
  [REFUSED, { kind: 'error', text: 'url: refused', fields: { url: 'refused' } }],
  [GONE, { kind: 'error', text: 'No such webhook.' }],
  [CONFLICT, { kind: 'error', text: 'Only a failed delivery can be replayed.' }],
  // No message of its own: the generic one.
  [BLANK, { kind: 'error', text: 'Something went wrong.' }],
]);

/** Only `changes` changed; the section stayed where it was and started nothing. */
const onlyContext = (step: StepEffect, changes: Partial<WebhooksContext>) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });
  expect(step.after.value).toEqual(step.before.value);
  expect(requests(step.after)).toEqual([]);
  expect(own(step)).toEqual([]);
};
/** A request is over: the section is usable again, no button shows progress. */
const settled = (step: StepEffect) => {
  const v = view(step.after);
  expect(v).toMatchObject({
    ready: true,
    busy: false,
    copying: false,
    testingId: null,
    deletingId: null,
    replayingId: null,
  });
  expect(requests(step.after)).toEqual([]);
  expect(ctx(step.after).pendingId).toBeNull();
};
/** A request is answered: `list` is shown with `message`, besides `changes`; nothing is pending any more. */
const showsList = (
  step: StepEffect,
  list: WebhookList,
  message: WebhooksContext['message'] | undefined,
  changes: Partial<WebhooksContext> = {},
) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), list, ...changes, message, pendingId: null });
  expect(view(step.after).items).toEqual(list.items);
  settled(step);
};
/** A write refused: the server's reason shows, nothing is pending, the list is as it was. */
const refused = (step: StepEffect) => showsList(step, ctx(step.before).list!, shownFor.get(step.event.error));
/** A write starts: that one request, with what the user asked, and the previous message goes. */
const writes = (step: StepEffect, id: string, input: unknown, pendingId: string | null) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), message: null, pendingId });
  expect(view(step.after)).toMatchObject({ ready: true, busy: true, message: null });
  expect(requests(step.after)).toEqual([id]);
  expect(requestInput(step.after, id)).toEqual(input);
};

describePaths('webhooks', machine, {
  events,
  // Context beyond the list's size and the flags does not make a new state worth exploring.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.list && [s.context.list.items.length, s.context.list.hasApiKey],
      s.context.secret !== null,
      s.context.copied,
      s.context.message?.kind ?? null,
    ]),
  transitions: {
    'webhooks.loading|xstate.done.actor.0.webhooks.loading': (step) => {
      const list = step.event.output as WebhookList;
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), list });
      const v = view(step.after);
      expect(v).toMatchObject({ loading: false, items: list.items, hasApiKey: list.hasApiKey, limit: 2 });
      expect(v.canAdd).toBe(list.hasApiKey && list.items.length < 2);
      settled(step);
    },
    'webhooks.loading|xstate.error.actor.0.webhooks.loading': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), message: { kind: 'error', text: 'Offline' } });
      expect(view(step.after)).toMatchObject({ loadFailed: true, loading: false, ready: false, items: [] });
      expect(requests(step.after)).toEqual([]);
    },
    'webhooks.failed|RETRY': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), message: null });
      expect(view(step.after)).toMatchObject({ loading: true, loadFailed: false, message: null });
      expect(requests(step.after)).toEqual(['0.webhooks.loading']);
    },
    // Without an API key, or at the limit, the add is refused with the reason and nothing is sent.
    'webhooks.ready|CREATE': (step) => {
      const list = ctx(step.before).list!;
      if (!list.hasApiKey)
        return onlyContext(step, { message: { kind: 'error', text: WEBHOOK_FLOW_MESSAGES.noKey } });
      if (list.items.length >= list.limit)
        return onlyContext(step, { message: { kind: 'error', text: WEBHOOK_FLOW_MESSAGES.limit } });
      writes(step, '0.webhooks.creating', { body: step.event.body }, null);
      expect(view(step.after).creating).toBe(true);
    },
    'webhooks.ready|TEST': (step) => {
      writes(step, '0.webhooks.testing', { id: step.event.id }, step.event.id as string);
      expect(view(step.after).testingId).toBe('w1');
      expect(view(step.after).deletingId).toBeNull();
    },
    'webhooks.ready|DELETE': (step) => {
      writes(step, '0.webhooks.deleting', { id: step.event.id }, step.event.id as string);
      expect(view(step.after).deletingId).toBe('w1');
      expect(view(step.after).testingId).toBeNull();
    },
    'webhooks.ready|REPLAY': (step) => {
      writes(step, '0.webhooks.replaying', { id: 2 }, '2');
      expect(view(step.after).replayingId).toBe(2);
      expect(view(step.after).testingId).toBeNull();
      expect(view(step.after).deletingId).toBeNull();
    },
    // Only a shown secret can be copied: the clipboard gets exactly it.
    'webhooks.ready|COPY_SECRET': (step) => {
      expect(ctx(step.before).secret).not.toBeNull();
      expect(ctx(step.after)).toEqual(ctx(step.before));
      expect(view(step.after).copying).toBe(true);
      expect(requests(step.after)).toEqual(['0.webhooks.copying']);
      expect(requestInput(step.after, '0.webhooks.copying')).toEqual({ text: 'whsec_abc' });
    },
    'webhooks.ready|HIDE_SECRET': (step) => {
      onlyContext(step, { secret: null, copied: false });
      expect(view(step.after).secret).toBeNull();
    },
    'webhooks.ready|DISMISS': (step) => {
      onlyContext(step, { message: null });
      expect(view(step.after).message).toBeNull();
    },
    // The new webhook is listed and its secret shown once, not yet copied.
    'webhooks.creating|xstate.done.actor.0.webhooks.creating': (step) => {
      expect(ctx(step.after)).toEqual({
        list: ONE,
        secret: { webhookId: 'w1', value: 'whsec_abc' },
        copied: false,
        message: { kind: 'success', text: WEBHOOK_FLOW_MESSAGES.created },
        pendingId: null,
      });
      expect(view(step.after).items.map((w) => w.id)).toEqual(['w1']);
      expect(view(step.after).secret).toEqual({ webhookId: 'w1', value: 'whsec_abc' });
      settled(step);
    },
    // The server's reason, with the field it names marked; the list is as it was.
    'webhooks.creating|xstate.error.actor.0.webhooks.creating': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), message: shownFor.get(step.event.error) });
      expect(view(step.after).fieldError('url')).toBe('refused');
      settled(step);
    },
    // The delivery's outcome is said: delivered with its HTTP code, or failed with the code.
    'webhooks.testing|xstate.done.actor.0.webhooks.testing': (step) => {
      const { delivery, list } = step.event.output as { delivery: WebhookDelivery; list: WebhookList };
      const message =
        delivery.status === 'delivered'
          ? { kind: 'success', text: 'Test delivered (HTTP 200).' }
          : { kind: 'error', text: 'Test failed: HTTP 500' };
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), list, message, pendingId: null });
      settled(step);
    },
    'webhooks.testing|xstate.error.actor.0.webhooks.testing': (step) => {
      refused(step);
      expect(view(step.after).fieldError('url')).toBeUndefined();
    },
    // The fresh list is shown; the secret goes with its webhook, and stays when another one was deleted.
    'webhooks.deleting|xstate.done.actor.0.webhooks.deleting': (step) => {
      const list = step.event.output as WebhookList;
      const before = ctx(step.before);
      const kept = before.secret !== null && list.items.some((w) => w.id === before.secret!.webhookId);
      showsList(
        step,
        list,
        { kind: 'success', text: WEBHOOK_FLOW_MESSAGES.deleted },
        {
          secret: kept ? before.secret : null,
        },
      );
    },
    'webhooks.deleting|xstate.error.actor.0.webhooks.deleting': refused,
    // The fresh list (the delivery pending again) and what happens next.
    'webhooks.replaying|xstate.done.actor.0.webhooks.replaying': (step) => {
      const { list } = step.event.output as { list: WebhookList };
      showsList(step, list, { kind: 'success', text: WEBHOOK_FLOW_MESSAGES.replayed });
    },
    // The server's reason (e.g. it is no longer failed); the list is as it was.
    'webhooks.replaying|xstate.error.actor.0.webhooks.replaying': refused,
    'webhooks.copying|xstate.done.actor.0.webhooks.copying': (step) => {
      expect(ctx(step.after)).toEqual({ ...ctx(step.before), copied: true });
      expect(view(step.after).copied).toBe(true);
      settled(step);
    },
    // The secret stays shown so it can be copied by hand.
    'webhooks.copying|xstate.error.actor.0.webhooks.copying': (step) => {
      expect(ctx(step.after)).toEqual({
        ...ctx(step.before),
        message: { kind: 'error', text: WEBHOOK_FLOW_MESSAGES.copyFailed },
      });
      expect(view(step.after).secret).toEqual(ctx(step.before).secret);
      settled(step);
    },
  },
  states: {
    // Whatever led here: the add button matches the key and the limit, and no button shows progress.
    'webhooks.ready': (s) => {
      const v = view(s);
      expect(v).toMatchObject({ ready: true, busy: false, copying: false });
      expect(v.canAdd).toBe(v.hasApiKey && v.items.length < v.limit);
      if (s.context.copied) expect(v.secret).not.toBeNull();
      expect(v.testingId).toBeNull();
      expect(v.deletingId).toBeNull();
      expect(v.replayingId).toBeNull();
    },
  },
});
