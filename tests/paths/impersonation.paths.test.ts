import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { connectImpersonation } from '../../machines/auth/impersonation/impersonation.connect';
import { impersonationMachine } from '../../machines/auth/impersonation/impersonation.machine';
import type { ImpersonationEvent } from '../../machines/auth/impersonation/impersonation.types';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';
import { answersIn } from './answers';

/** The shortcut and open-request listeners the app provides: whether each running one listens. */
const listening = new Map<AnyActorRef, boolean>();
const machine = impersonationMachine.provide({
  actors: {
    switchUser: pending() as never,
    exitImpersonation: pending() as never,
    openRequests: fromCallback(({ self, input, receive }) => {
      listening.set(self, (input as { enabled: boolean }).enabled);
      receive((e) => listening.set(self, (e as unknown as { enabled: boolean }).enabled));
      return () => {
        listening.delete(self);
      };
    }),
  },
});
const openRequests = (s: AnyMachineSnapshot) => s.children.openRequests as AnyActorRef | undefined;

const USER_ID = 'b1e4c7d2-0000-4000-8000-000000000001';
const ADMIN_ID = 'a-admin';

/**
 * Failed calls and the exact text the admin then sees (spec §8: an unknown id → "User doesn't exist."; a refusal
 * below 500 shows the server's message; anything else the unknown-error text). `exitText` is what a failed exit
 * shows: there is no id to correct there, so a 404 / UserNotFound shows the unknown-error text.
 */
const failures = [
  {
    name: 'unknown user (404)',
    error: Object.assign(new Error('User does not exist'), { status: 404, code: 'UserNotFound' }),
    text: "User doesn't exist.",
    exitText: 'Something went wrong.',
  },
  {
    name: 'unknown user (code only)',
    error: Object.assign(new Error('not found'), { code: 'UserNotFound' }),
    text: "User doesn't exist.",
    exitText: 'Something went wrong.',
  },
  {
    name: 'refused (403)',
    error: Object.assign(new Error('Only admins with the impersonation tool can impersonate users.'), {
      status: 403,
    }),
    text: 'Only admins with the impersonation tool can impersonate users.',
    exitText: 'Only admins with the impersonation tool can impersonate users.',
  },
  {
    name: 'server error (500)',
    error: Object.assign(new Error('Internal Server Error: stack trace'), { status: 500 }),
    text: 'Something went wrong.',
    exitText: 'Something went wrong.',
  },
  {
    name: 'unknown user (404 without a code)',
    error: Object.assign(new Error('Not Found'), { status: 404 }),
    text: "User doesn't exist.",
    exitText: 'Something went wrong.',
  },
  {
    name: 'rejected without a reason',
    error: undefined,
    text: 'Something went wrong.',
    exitText: 'Something went wrong.',
  },
  {
    name: 'network error',
    error: new TypeError('Failed to fetch'),
    text: 'Something went wrong.',
    exitText: 'Something went wrong.',
  },
];

/** What ImpersonationLayer shows: the tool dialog, disabled controls while busy, the error text, the id input. */
const view = (s: AnyMachineSnapshot) => ({
  dialogOpen: s.hasTag('open'),
  busy: s.hasTag('busy'),
  error: s.hasTag('error') ? (s.context.error as string | null) : null,
  userId: s.context.userId as string,
});

const IDS = { input: 'impersonation-user-id', error: 'impersonation-error' };
const SUBJECT = 'target@example.com';
/** What the view's handlers send: `sending` runs one of them. */
const { send, sends: sending } = handlerEvents<ImpersonationEvent>();
/** The view ImpersonationLayer renders for a session (impersonating or not); its handlers' events go to `send`. */
const connected = (s: AnyMachineSnapshot, adminId: string | null, subject = SUBJECT) =>
  connectImpersonation(s as Parameters<typeof connectImpersonation>[0], send, {
    adminId,
    subject,
    ids: IDS,
  });

/**
 * What ImpersonationLayer shows in any state. The dialog shows while the tool is open and enabled (opened while
 * the flag is off, it stays hidden); an error shows in it, the input marked invalid and described by it, or, with
 * the dialog not shown, in the banner. While a call is in flight the input, Cancel and Exit are disabled; Switch
 * User is enabled only in the open tool with an id and nothing in flight. The banner shows while impersonating,
 * names the user ('a user' without an email), and its Exit goes back to the admin. The controls send their events.
 */
function expectConnected(s: AnyMachineSnapshot) {
  const { dialogOpen, busy, error, userId } = view(s);
  const shown = dialogOpen && (s.context.toolEnabled as boolean);
  const v = connected(s, ADMIN_ID);
  expect(v.open).toBe(shown);
  expect(v.busy).toBe(busy);
  expect(v.error).toBe(error);
  expect(v.texts).toEqual({
    title: 'Impersonation Tool',
    label: 'User id',
    cancel: 'Cancel',
    submit: 'Switch User',
    exit: 'Exit Impersonation',
  });

  // The tool's dialog.
  const dialog = v.getDialogProps();
  expect(dialog).toMatchObject({ open: shown, 'data-scope': 'impersonation-tool' });
  expect(v.getLabelProps()).toEqual({ htmlFor: IDS.input });
  const input = v.getInputProps();
  expect(input).toEqual({
    id: IDS.input,
    'data-part': 'user-id',
    value: userId,
    onChange: input.onChange,
    autoComplete: 'off',
    spellCheck: false,
    maxLength: 100,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? IDS.error : undefined,
    disabled: busy,
    'data-autofocus': true,
  });
  expect(v.getErrorProps()).toEqual({ id: IDS.error, role: 'alert', 'data-part': 'error' });
  const cancel = v.getCancelButtonProps();
  expect(cancel).toMatchObject({ type: 'button', 'data-part': 'cancel', disabled: busy });
  const canSwitch = s.hasTag('open') && !busy && userId.trim() !== '';
  expect(v.getSubmitButtonProps()).toEqual({ type: 'submit', 'data-part': 'submit', disabled: !canSwitch });
  expect(sending(() => input.onChange({ target: { value: USER_ID } }))).toEqual([
    { type: 'CHANGE', value: USER_ID },
  ]);
  let prevented = false;
  expect(sending(() => v.getFormProps().onSubmit({ preventDefault: () => void (prevented = true) }))).toEqual(
    [{ type: 'SUBMIT' }],
  );
  expect(prevented).toBe(true);
  expect(sending(() => cancel.onClick())).toEqual([{ type: 'CLOSE' }]);
  expect(sending(() => dialog.onClose())).toEqual([{ type: 'CLOSE' }]);

  // The banner, while impersonating.
  expect(v.bannerShown).toBe(true);
  expect(v.subjectText).toBe(SUBJECT);
  expect(v.bannerError).toBe(shown ? null : error);
  expect(v.getBannerProps()).toEqual({
    role: 'region',
    'aria-label': 'Impersonation',
    'data-scope': 'impersonation-banner',
  });
  expect(v.getBannerErrorProps()).toEqual({ role: 'alert', 'data-part': 'error' });
  const exit = v.getExitButtonProps();
  expect(exit).toMatchObject({ type: 'button', 'data-part': 'exit', disabled: busy });
  expect(sending(() => exit.onClick())).toEqual([{ type: 'EXIT', adminId: ADMIN_ID }]);
  expect(connected(s, ADMIN_ID, '').subjectText).toBe('a user');

  // Not impersonating: no banner, and nothing to exit to.
  const admin = connected(s, null);
  expect(admin.bannerShown).toBe(false);
  expect(sending(() => admin.getExitButtonProps().onClick())).toEqual([]);
}

const child = (s: AnyMachineSnapshot, id: 'switchUser' | 'exitImpersonation') =>
  s.children[id] as AnyActorRef | undefined;
/** The payload a running call was started with. */
const callInput = (s: AnyMachineSnapshot, id: 'switchUser' | 'exitImpersonation') =>
  (child(s, id)?.getSnapshot() as { input: unknown } | undefined)?.input;
const reloads = (step: StepEffect) => step.actions.filter((a) => a.type === 'reloadPage').length;

/** The calls running (the open-request listener runs all along). */
const calls = (s: AnyMachineSnapshot) => Object.keys(s.children).filter((id) => id !== 'openRequests');

/** No call is running or started and the page does not reload. */
function expectNoCall(step: StepEffect) {
  expect(calls(step.after)).toEqual([]);
  expect(reloads(step)).toBe(0);
  expect(step.sent).toEqual([]);
}

/** Typing shows what was typed and clears a shown error; nothing is called. */
function expectTyped(step: StepEffect) {
  expect(view(step.after)).toEqual({ dialogOpen: true, busy: false, error: null, userId: step.event.value });
  expectNoCall(step);
}

/**
 * Switch User: the switch call gets the entered id without surrounding spaces; the dialog is busy and the error
 * of an earlier switch is cleared.
 */
function expectSwitchStarted(step: StepEffect) {
  const entered = step.before.context.userId as string;
  expect(entered.trim()).not.toBe('');
  expect(callInput(step.after, 'switchUser')).toEqual({ userId: entered.trim() });
  expect(child(step.after, 'exitImpersonation')).toBeUndefined();
  expect(view(step.after)).toEqual({ dialogOpen: true, busy: true, error: null, userId: entered });
  expect(step.after.context.error).toBeNull();
  expect(reloads(step)).toBe(0);
}

/** Exit Impersonation: the exit call gets the admin id the banner sent; any earlier error is gone. */
function expectExitStarted(step: StepEffect) {
  expect(callInput(step.after, 'exitImpersonation')).toEqual({ adminId: step.event.adminId });
  expect(child(step.after, 'switchUser')).toBeUndefined();
  expect(view(step.after)).toEqual({ dialogOpen: false, busy: true, error: null, userId: '' });
  expect(reloads(step)).toBe(0);
}

/** A call succeeded: the page reloads once and the machine is done. */
function expectReload(step: StepEffect) {
  expect(reloads(step)).toBe(1);
  expect(step.after.status).toBe('done');
  expect(view(step.after)).toMatchObject({ dialogOpen: false, busy: true, error: null });
}

/** A call failed with `error`: the view is as `shown`, and nothing else is called or reloaded. */
function expectFailed(step: StepEffect, error: unknown, shown: ReturnType<typeof view>) {
  expect(step.event.error).toBe(error);
  expect(view(step.after)).toEqual(shown);
  expectNoCall(step);
}

/** A step from a state showing an error: the error shown was `text`, then `check` holds. */
const afterError = (text: string, check: (step: StepEffect) => void) => (step: StepEffect) => {
  expect(view(step.before).error).toBe(text);
  check(step);
};

// One run per kind of failure, so each failure's text is checked on both calls; the tool starts enabled or not.
for (const [i, failure] of failures.entries()) {
  const toolEnabled = i % 2 === 0;
  describePaths('impersonation', machine, {
    input: { toolEnabled },
    events: (s) => [
      { type: 'TOOL_ENABLED', enabled: !s.context.toolEnabled },
      { type: 'OPEN' },
      { type: 'CLOSE' },
      { type: 'CHANGE', value: '' },
      // Pasted with spaces around it: the call gets the bare id.
      { type: 'CHANGE', value: `  ${USER_ID} ` },
      { type: 'SUBMIT' },
      { type: 'EXIT', adminId: ADMIN_ID },
      ...answersIn(s, { open: 'switching' }, 'switchUser', { outputs: [{}], errors: [failure.error] }),
      ...answersIn(s, 'exiting', 'exitImpersonation', { outputs: [{}], errors: [failure.error] }),
    ],
    transitions: {
      // The flag changed: the listener is told, and listens exactly while the tool is enabled; nothing else changes.
      'impersonation|TOOL_ENABLED': (step) => {
        const enabled = step.event.enabled as boolean;
        expect(step.after.context).toEqual({ ...step.before.context, toolEnabled: enabled });
        expect(step.after.value).toEqual(step.before.value);
        expect(openRequests(step.after)).toBe(openRequests(step.before));
        expect(step.sent).toEqual([{ to: 'openRequests', event: { type: 'LISTEN', enabled } }]);
        expect(listening.get(openRequests(step.after)!)).toBe(enabled);
        expect(reloads(step)).toBe(0);
      },
      // The tool opens empty, with nothing running.
      'impersonation.closed|OPEN': (step) => {
        expect(view(step.after)).toEqual({ dialogOpen: true, busy: false, error: null, userId: '' });
        expectNoCall(step);
      },
      'impersonation.closed|EXIT': expectExitStarted,
      'impersonation.exitFailed|EXIT': afterError(failure.exitText, expectExitStarted),
      // After a failed exit the admin can still open the tool: it opens empty, the exit error is gone.
      'impersonation.exitFailed|OPEN': (step) => {
        expect(view(step.before).error).toBe(failure.exitText);
        expect(step.after.matches({ open: 'editing' })).toBe(true);
        expect(view(step.after)).toEqual({ dialogOpen: true, busy: false, error: null, userId: '' });
        expect(step.after.context.error).toBeNull();
        expectNoCall(step);
      },
      // Cancel / Escape: the dialog closes and forgets the id and the error; no switch happens.
      'impersonation.open|CLOSE': (step) => {
        expect(view(step.after)).toEqual({ dialogOpen: false, busy: false, error: null, userId: '' });
        expectNoCall(step);
      },
      'impersonation.open.editing|CHANGE': expectTyped,
      'impersonation.open.failed|CHANGE': afterError(failure.text, expectTyped),
      'impersonation.open.editing|SUBMIT': expectSwitchStarted,
      // Switch User again after an error, with the same id: a new call, and the old error is no longer shown.
      'impersonation.open.failed|SUBMIT': afterError(failure.text, expectSwitchStarted),
      // Closing while the switch is on its way does nothing: the dialog stays, busy, and the call goes on.
      'impersonation.open.switching|CLOSE': (step) => {
        expect(step.after.value).toEqual(step.before.value);
        expect(view(step.after)).toEqual(view(step.before));
        expect(view(step.after).dialogOpen).toBe(true);
        expect(child(step.after, 'switchUser')).toBe(child(step.before, 'switchUser'));
        expect(child(step.after, 'switchUser')!.getSnapshot().status).toBe('active');
        expect(reloads(step)).toBe(0);
      },
      'impersonation.open.switching|xstate.done.actor.switchUser': expectReload,
      'impersonation.exiting|xstate.done.actor.exitImpersonation': expectReload,
      // The switch failed: the exact text shows in the dialog, the id stays for correcting, no reload.
      'impersonation.open.switching|xstate.error.actor.switchUser': (step) =>
        expectFailed(step, failure.error, {
          dialogOpen: true,
          busy: false,
          error: failure.text,
          userId: step.before.context.userId,
        }),
      // The exit failed: the text shows (in the banner, the dialog being closed), no reload, Exit can be retried.
      // An unknown user here is the admin's own account, so the unknown-error text shows, not "User doesn't exist.".
      'impersonation.exiting|xstate.error.actor.exitImpersonation': (step) => {
        expectFailed(step, failure.error, {
          dialogOpen: false,
          busy: false,
          error: failure.exitText,
          userId: '',
        });
        expect(failure.exitText).not.toBe("User doesn't exist.");
        expect(step.after.status).toBe('active');
      },
    },
    states: {
      // From the start the listener runs, and listens exactly while the tool is enabled (the input, then the
      // latest TOOL_ENABLED).
      'impersonation.closed': (s, step) => {
        if (step?.event.type === 'xstate.init') expect(s.context.toolEnabled).toBe(toolEnabled);
        expect(listening.get(openRequests(s)!)).toBe(s.context.toolEnabled);
        expectConnected(s);
      },
      'impersonation.open': (s) => {
        expect(listening.get(openRequests(s)!)).toBe(s.context.toolEnabled);
        expectConnected(s);
      },
      'impersonation.exiting': expectConnected,
      'impersonation.exitFailed': (s) => {
        expect(listening.get(openRequests(s)!)).toBe(s.context.toolEnabled);
        expectConnected(s);
      },
      'impersonation.reloading': expectConnected,
    },
  });
}

describe('impersonation: the tool flag', () => {
  it('is off unless the app says the tool is enabled', () => {
    expect(createActor(machine, { input: undefined }).getSnapshot().context.toolEnabled).toBe(false);
    expect(createActor(machine, { input: {} }).getSnapshot().context.toolEnabled).toBe(false);
    expect(createActor(machine, { input: { toolEnabled: true } }).getSnapshot().context.toolEnabled).toBe(
      true,
    );
  });
});

// What must not happen: these events take no transition, so the paths above never contain them.
describe('impersonation: Switch User without an id', () => {
  for (const value of ['', '   ']) {
    it(`starts no switch for ${JSON.stringify(value)}`, () => {
      const actor = createActor(machine, { input: {} }).start();
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'CHANGE', value });
      actor.send({ type: 'SUBMIT' });
      const s = actor.getSnapshot();
      expect(s.matches({ open: 'editing' })).toBe(true);
      expect(view(s)).toEqual({ dialogOpen: true, busy: false, error: null, userId: value });
      expect(calls(s)).toEqual([]);
      actor.stop();
    });
  }
});
