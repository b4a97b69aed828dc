import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Webhook, WebhookDelivery, WebhookList } from '../../api/webhooks';
import { connectWebhooks, type WebhooksSnapshot } from '../../machines/webhooks/webhooks.connect';
import { WEBHOOK_FLOW_MESSAGES, webhooksMachine } from '../../machines/webhooks/webhooks.machine';
import { describePaths, pending } from './harness';

const machine = webhooksMachine.provide({
  actors: {
    load: pending() as never,
    create: pending() as never,
    test: pending() as never,
    remove: pending() as never,
    copy: pending() as never,
  },
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

/** A few lists, so the guards' every branch is reachable: no key, room, full. */
function events(s: AnyMachineSnapshot) {
  const user = [
    {
      type: 'CREATE',
      body: { url: 'https://hooks.example.com/new', events: ['score'], watchlistIds: ['l1'] },
    },
    { type: 'TEST', id: 'w1' },
    { type: 'DELETE', id: 'w1' },
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
      {
        type: 'xstate.error.actor.0.webhooks.creating',
        error: { message: 'url: refused', fields: { url: 'refused' } },
      },
    ];
  if (s.hasTag('testing'))
    return [
      { type: 'xstate.done.actor.0.webhooks.testing', output: { delivery: delivered, list: ONE } },
      { type: 'xstate.error.actor.0.webhooks.testing', error: new Error('') },
    ];
  if (s.hasTag('deleting'))
    return [
      { type: 'xstate.done.actor.0.webhooks.deleting', output: EMPTY },
      { type: 'xstate.error.actor.0.webhooks.deleting', error: { message: 'No such webhook.' } },
    ];
  if (s.hasTag('copying'))
    return [
      { type: 'xstate.done.actor.0.webhooks.copying' },
      { type: 'xstate.error.actor.0.webhooks.copying', error: new Error('denied') },
    ];
  return user;
}

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
  states: {
    'webhooks.loading': (s) => {
      expect(view(s).loading).toBe(true);
      expect(view(s).ready).toBe(false);
    },
    'webhooks.failed': (s) => {
      expect(view(s).loadFailed).toBe(true);
      expect(s.context.message).toEqual({ kind: 'error', text: 'Offline' });
    },
    'webhooks.ready': (s) => {
      const v = view(s);
      expect(v.ready && !v.busy).toBe(true);
      expect(v.canAdd).toBe(v.hasApiKey && v.items.length < v.limit);
      const text = s.context.message?.text;
      if (text === WEBHOOK_FLOW_MESSAGES.created)
        expect(v.secret).toEqual({ webhookId: 'w1', value: 'whsec_abc' });
      if (text === WEBHOOK_FLOW_MESSAGES.noKey) expect(v.hasApiKey).toBe(false);
      if (text === WEBHOOK_FLOW_MESSAGES.limit) expect(v.atLimit).toBe(true);
      if (text === 'url: refused') expect(v.fieldError('url')).toBe('refused');
      if (text?.startsWith('Test ')) expect(text).toBe('Test delivered (HTTP 200).');
      if (text === WEBHOOK_FLOW_MESSAGES.deleted) expect(v.secret).toBeNull();
      if (s.context.copied) expect(v.secret).not.toBeNull();
      expect(v.testingId).toBeNull();
      expect(v.deletingId).toBeNull();
    },
    'webhooks.creating': (s) => {
      expect(view(s).creating && view(s).busy).toBe(true);
      expect(s.context.message).toBeNull();
    },
    'webhooks.testing': (s) => expect(view(s).testingId).toBe('w1'),
    'webhooks.deleting': (s) => expect(view(s).deletingId).toBe('w1'),
    'webhooks.copying': (s) => {
      expect(view(s).copying).toBe(true);
      expect(s.context.secret?.value).toBe('whsec_abc');
    },
  },
});
