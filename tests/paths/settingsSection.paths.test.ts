import { expect, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { settingsSectionMachine } from '../../machines/account/settings-section/settingsSection.machine';
import {
  connectEmailSettings,
  connectSettingsSection,
} from '../../machines/account/settings-section/settingsSection.connect';
import type {
  SettingsSectionEvent,
  SettingsSectionContext,
} from '../../machines/account/settings-section/settingsSection.types';
import { describePaths, pending, type StepEffect } from './harness';

const machine = settingsSectionMachine.provide({
  actors: { load: pending() as never, mutate: pending() as never },
});

type Ctx = SettingsSectionContext & { loads: boolean };
const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
/** The requests in flight, by actor id. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();
const requestInput = (s: AnyMachineSnapshot, id: string) =>
  (s.children[id] as AnyActorRef | undefined)?.getSnapshot().input as unknown;

const OFFLINE = { message: 'Offline' };
const INVALID = { message: 'walletAddress: Invalid', fields: { walletAddress: 'Invalid' } };
const BLANK = new Error('');
/** What the user reads for each error the server can give. */
const shownFor = new Map<unknown, Ctx['message']>([
  [OFFLINE, { kind: 'error', text: 'Offline' }],
  [INVALID, { kind: 'error', text: 'walletAddress: Invalid', fields: { walletAddress: 'Invalid' } }],
  // No message of its own: the generic one, and no field errors.
  [BLANK, { kind: 'error', text: 'Something went wrong.' }],
]);

const EMAIL_SETTINGS = {
  email: 'ada@example.com',
  settings: { securityAlerts: true, watchlistUpdates: false, productNews: true, newsletter: false },
};
/** A link's answer names no address; these settings were saved with an alert mail mode (the ones above, before it). */
const LINK_SETTINGS = {
  settings: {
    securityAlerts: false,
    watchlistUpdates: true,
    productNews: false,
    newsletter: true,
    alertMail: 'daily',
  },
};

function events(s: AnyMachineSnapshot) {
  const user = [
    { type: 'SUBMIT', action: 'add', payload: { walletAddress: '0x1' } },
    { type: 'SUBMIT', action: 'remove', payload: { id: 'w1' } },
    { type: 'RETRY' },
    { type: 'DISMISS' },
  ];
  if (s.hasTag('loading'))
    return [
      ...user,
      { type: 'xstate.done.actor.load', output: ['w1'] },
      // The email link's notification settings (UnsubscribePage).
      { type: 'xstate.done.actor.load', output: EMAIL_SETTINGS },
      { type: 'xstate.done.actor.load', output: LINK_SETTINGS },
      { type: 'xstate.error.actor.load', error: OFFLINE },
    ];
  if (s.hasTag('busy'))
    return [
      ...user,
      { type: 'xstate.done.actor.mutate', output: { message: 'Wallet added.', data: ['w1', 'w2'] } },
      { type: 'xstate.done.actor.mutate', output: { message: 'Password changed.' } },
      { type: 'xstate.error.actor.mutate', error: INVALID },
      { type: 'xstate.error.actor.mutate', error: BLANK },
    ];
  return user;
}

/** The machine's own actions (not XState's starting and stopping of requests). */
const own = (step: StepEffect) => step.actions.filter((a) => !a.type.startsWith('xstate.'));

/** Nothing ran but the context changes named; no request left running or started. */
const onlyContext = (step: StepEffect, changes: Partial<Ctx>) => {
  expect(ctx(step.after)).toEqual({ ...ctx(step.before), ...changes });
  expect(own(step)).toEqual([]);
  expect(requests(step.after)).toEqual([]);
};

type Snapshot = Parameters<typeof connectSettingsSection>[0];
/** The view models of a snapshot (a section's, and the email link's settings), with what their getters send. */
const connected = (s: AnyMachineSnapshot) => {
  const sent: SettingsSectionEvent[] = [];
  const send = vi.fn((event: SettingsSectionEvent) => void sent.push(event));
  return {
    v: connectSettingsSection(s as Snapshot, send),
    email: connectEmailSettings(s as Snapshot, send),
    sent,
  };
};

/** What the user sees in any state: loading, the load's failure, the data, the last outcome and the controls. */
const viewChecks = (s: AnyMachineSnapshot) => {
  const { v, sent } = connected(s);
  const { data, message, action } = ctx(s);
  expect(v.loading).toBe(s.hasTag('loading'));
  expect(v.loadFailed).toBe(s.hasTag('error'));
  expect(v.busy).toBe(s.hasTag('busy'));
  expect(v.data).toEqual(data);
  expect(v.pendingAction).toBe(v.busy ? action : null);
  expect(v.getSkeletonProps()).toEqual({ className: 'skeleton settings-skeleton', 'aria-busy': 'true' });
  if (message) {
    expect(v.message).toEqual({ kind: message.kind, text: message.text });
    expect(v.getMessageProps()).toEqual({
      className: `settings-message is-${message.kind}`,
      role: message.kind === 'error' ? 'alert' : 'status',
    });
    expect(v.fieldError('walletAddress')).toBe(message.fields?.walletAddress ?? null);
  } else {
    expect(v.message).toBeNull();
    expect(v.getMessageProps()).toBeNull();
    expect(v.fieldError('walletAddress')).toBeNull();
  }
  // A field the server named is invalid; the others are not.
  expect(v.getFieldProps('walletAddress')).toEqual({
    name: 'walletAddress',
    'aria-invalid': message?.fields?.walletAddress !== undefined,
  });
  expect(v.getFieldProps('chain')).toEqual({ name: 'chain', 'aria-invalid': false });
  expect(v.getSubmitButtonProps()).toEqual({
    type: 'submit',
    className: 'btn btn-primary',
    disabled: v.busy,
  });
  const dismiss = v.getDismissButtonProps();
  expect(dismiss).toEqual({
    type: 'button',
    className: 'settings-dismiss',
    'aria-label': 'Dismiss',
    onClick: expect.any(Function),
  });
  dismiss.onClick();
  const retry = v.getRetryButtonProps();
  expect(retry).toEqual({
    type: 'button',
    className: 'btn btn-secondary btn-sm',
    onClick: expect.any(Function),
  });
  retry.onClick();
  v.submit('add', { walletAddress: '0x1' });
  v.submit('remove');
  // A form's submit: the browser's own submit is stopped, and the write carries what the form's reader took.
  const form = { walletAddress: '0x2' };
  const addForm = v.getFormProps('add', (f: typeof form) => ({ ...f }));
  expect(addForm).toEqual({ noValidate: true, onSubmit: expect.any(Function) });
  const preventDefault = vi.fn();
  addForm.onSubmit({ preventDefault, currentTarget: form });
  expect(preventDefault).toHaveBeenCalledOnce();
  v.getFormProps('remove', () => undefined).onSubmit({ preventDefault, currentTarget: form });
  expect(preventDefault).toHaveBeenCalledTimes(2);
  expect(sent.splice(0)).toEqual([
    { type: 'DISMISS' },
    { type: 'RETRY' },
    { type: 'SUBMIT', action: 'add', payload: { walletAddress: '0x1' } },
    { type: 'SUBMIT', action: 'remove' },
    { type: 'SUBMIT', action: 'add', payload: { walletAddress: '0x2' } },
    { type: 'SUBMIT', action: 'remove' },
  ]);
};

/**
 * Notification settings (the email link's on UnsubscribePage, the signed-in user's on Account Settings): the heading,
 * a toggle per kind of mail and the alert mail's mode, when they loaded.
 */
const emailChecks = (s: AnyMachineSnapshot) => {
  const { email, sent } = connected(s);
  const { data } = ctx(s);
  const loaded = [EMAIL_SETTINGS, LINK_SETTINGS].find((settings) => settings === data) ?? null;
  expect(email.shown).toBe(data !== null);
  expect(email.invalidText).toBe(ctx(s).message?.text ?? 'This link is not valid.');
  expect(email.heading).toBe(
    data === EMAIL_SETTINGS ? 'Emails to ada@example.com' : 'Emails from Sentinel Ratings',
  );
  expect(email.headingId).toBe('email-settings');
  expect(email.getFieldsetProps()).toEqual({ className: 'settings-toggles', disabled: s.hasTag('busy') });
  expect(email.toggles).toEqual([
    { key: 'securityAlerts', label: 'Security alerts for projects I watch' },
    { key: 'watchlistUpdates', label: 'Watchlist score changes' },
    { key: 'productNews', label: 'Product news' },
    { key: 'newsletter', label: 'Newsletter' },
  ]);
  expect(email.unsubscribeText).toBe('Unsubscribe from all');
  const unsubscribe = email.getUnsubscribeButtonProps();
  expect(unsubscribe).toMatchObject({
    type: 'button',
    className: 'btn btn-primary',
    disabled: s.hasTag('busy'),
  });
  unsubscribe.onClick();
  if (data === null) {
    // Nothing loaded yet: the alert mail's default mode.
    expect(email.getAlertMailSelectProps()).toEqual({ value: 'instant', onChange: expect.any(Function) });
  }
  if (!loaded) return expect(sent).toEqual([{ type: 'SUBMIT', action: 'unsubscribe' }]);
  expect(email.toggles.map(({ key }) => email.getToggleProps(key))).toEqual(
    email.toggles.map(({ key }) => ({
      type: 'checkbox',
      checked: loaded.settings[key],
      onChange: expect.any(Function),
    })),
  );
  email.getToggleProps('newsletter').onChange({ target: { checked: true } });
  // Settings saved before the alert mail's mode existed have none: the default one shows.
  const alertMail = email.getAlertMailSelectProps();
  expect(alertMail).toEqual({
    value: loaded === LINK_SETTINGS ? 'daily' : 'instant',
    onChange: expect.any(Function),
  });
  alertMail.onChange({ target: { value: 'weekly' } });
  expect(sent).toEqual([
    { type: 'SUBMIT', action: 'unsubscribe' },
    { type: 'SUBMIT', action: 'toggle', payload: { newsletter: true } },
    { type: 'SUBMIT', action: 'alertMail', payload: { alertMail: 'weekly' } },
  ]);
};

/** Every state's view. */
const inEveryState = (s: AnyMachineSnapshot) => {
  viewChecks(s);
  emailChecks(s);
};

for (const loads of [true, false]) {
  describePaths('settingsSection', machine, {
    input: { loads },
    events,
    states: {
      'settingsSection.loading': inEveryState,
      'settingsSection.failed': inEveryState,
      'settingsSection.ready': inEveryState,
      'settingsSection.writing': inEveryState,
    },
    transitions: {
      // A section with data loads it first; the others are ready at once, with nothing requested.
      'settingsSection.starting|always': (step) => {
        expect(ctx(step.after)).toEqual({ loads, data: null, message: null, action: null });
        expect(step.after.hasTag('loading')).toBe(loads);
        expect(step.after.hasTag('ready')).toBe(!loads);
        expect(requests(step.after)).toEqual(loads ? ['load'] : []);
      },
      'settingsSection.loading|xstate.done.actor.load': (step) => {
        onlyContext(step, { data: step.event.output });
        expect(step.after.hasTag('ready')).toBe(true);
        expect(step.after.hasTag('busy')).toBe(false);
      },
      'settingsSection.loading|xstate.error.actor.load': (step) => {
        onlyContext(step, { message: shownFor.get(step.event.error)! });
        expect(ctx(step.after).message).toEqual({ kind: 'error', text: 'Offline' });
        expect(step.after.hasTag('error')).toBe(true);
        expect(ctx(step.after).data).toBeNull();
      },
      // Retrying clears the error and loads again.
      'settingsSection.failed|RETRY': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), message: null });
        expect(step.after.hasTag('loading')).toBe(true);
        expect(requests(step.after)).toEqual(['load']);
      },
      // A write starts with the submitted action and payload; the previous message goes.
      'settingsSection.ready|SUBMIT': (step) => {
        expect(ctx(step.after)).toEqual({ ...ctx(step.before), action: step.event.action, message: null });
        expect(step.after.hasTag('busy')).toBe(true);
        expect(requests(step.after)).toEqual(['mutate']);
        expect(requestInput(step.after, 'mutate')).toEqual({
          action: step.event.action,
          payload: step.event.payload,
        });
      },
      'settingsSection.ready|DISMISS': (step) => {
        onlyContext(step, { message: null });
        expect(step.after.value).toBe('ready');
      },
      // Success: the server's message, and its new data when it sent some (else the data stays).
      // The app is told which write succeeded (the password form then empties itself).
      'settingsSection.writing|xstate.done.actor.mutate': (step) => {
        const output = step.event.output as { message: string; data?: unknown };
        expect(ctx(step.after)).toEqual({
          ...ctx(step.before),
          action: null,
          data: 'data' in output ? output.data : ctx(step.before).data,
          message: { kind: 'success', text: output.message },
        });
        expect(own(step)).toEqual([{ type: 'written', params: { action: ctx(step.before).action } }]);
        expect(requests(step.after)).toEqual([]);
        expect(step.after.hasTag('busy')).toBe(false);
        expect(step.after.hasTag('ready')).toBe(true);
      },
      // Failure: the server's message and field errors; the data is kept.
      'settingsSection.writing|xstate.error.actor.mutate': (step) => {
        onlyContext(step, { action: null, message: shownFor.get(step.event.error)! });
        expect(step.after.hasTag('busy')).toBe(false);
        expect(step.after.hasTag('ready')).toBe(true);
      },
    },
  });
}
