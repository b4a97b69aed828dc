import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import {
  approveBody,
  formFor,
  incidentModerationMachine,
} from '../../machines/incidents/moderation/incidentModeration.machine';
import { connectIncidentModeration } from '../../machines/incidents/moderation/incidentModeration.connect';
import type {
  ModerationEvent,
  ApproveForm,
  ModerationContext,
  PendingReport,
} from '../../machines/incidents/moderation/incidentModeration.types';
import { staffScreen, isRefused } from './staffScreens';
import { describePaths, handlerEvents, pending, type StepEffect } from './harness';
import { sameCheckIn } from './stateChecks';
import { answersIn } from './answers';

const machine = incidentModerationMachine.provide({
  actors: { loadReports: pending() as never, approve: pending() as never, reject: pending() as never },
});

const ctx = (s: AnyMachineSnapshot) => s.context as ModerationContext;

const REPORTS: PendingReport[] = [
  {
    id: 7,
    projectName: '<img src=x onerror=alert(1)>',
    description: 'Bridge drained.',
    txHash: '0xabc',
    contactEmail: 'a@example.com',
    signedIn: true,
    createdAt: '2026-12-01T10:00:00.000Z',
  },
  {
    id: 9,
    projectName: 'Spam Coin',
    description: 'moon',
    txHash: null,
    contactEmail: null,
    signedIn: false,
    createdAt: '2026-12-02T10:00:00.000Z',
  },
];
const invalid = Object.assign(new Error('projectId: No rated project has this id.'), {
  status: 400,
  fields: { projectId: 'No rated project has this id' },
});
const forbidden = Object.assign(new Error('Only admins can do this.'), { status: 403 });
const COMPLETE: Partial<ApproveForm> = {
  occurredOn: '2026-11-30',
  type: 'exploit',
  lossUsd: '$1,200,000',
  chains: 'Ethereum, Base',
};

/** What the page renders (IncidentAdminPage): the screen, the queue, the open form and the messages. */
const view = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  const early = staffScreen(s, c.error);
  if (early) return early;
  return {
    screen: 'queue',
    reports: c.reports.map((r) => r.id),
    open: s.hasTag('approving') ? 'approve' : s.hasTag('rejecting') ? 'reject' : null,
    busy: s.hasTag('busy'),
    alert: c.error,
    notice: c.notice,
  };
};
/** The page's view model (ids under 'p', dates stood in for), and what its controls send. */
const connected = (s: AnyMachineSnapshot) => {
  const { send, sends } = handlerEvents<ModerationEvent>();
  const v = connectIncidentModeration(s as never, send, {
    idPrefix: 'p',
    formatDate: (d) => `on ${d.slice(0, 10)}`,
  });
  return { v, sends };
};
const SENT_TEXT: Record<number, string> = {
  7: 'Sent on 2026-12-01 by a signed-in user · contact a@example.com · transaction 0xabc',
  9: 'Sent on 2026-12-02',
};
const TEXT_FIELDS = [
  'projectName',
  'projectId',
  'occurredOn',
  'technique',
  'lossUsd',
  'returnedUsd',
  'chains',
  'sourceUrl',
];

/**
 * What every state shows through the view model, read from the state and context (not the tags the view reads):
 * the screen, the queue with each report's buttons, the open form with its fields, the server's message and the
 * fields it named, and the event each control sends.
 */
function expectView(s: AnyMachineSnapshot) {
  const { v, sends } = connected(s);
  const c = ctx(s);
  const expected = view(s);
  expect(v.screen).toBe(expected.screen);
  expect(v.title).toBe('Incident reports');
  expect(v.getMainProps()).toEqual({
    id: 'main',
    className: 'container incident-admin',
    'aria-busy': expected.screen === 'loading' ? 'true' : undefined,
  });
  if (expected.screen === 'forbidden') {
    expect(v.forbiddenText).toBe('Only admins can review incident reports.');
    return;
  }
  if (expected.screen === 'loadFailed') {
    expect(v.error).toBe(c.error);
    const retry = v.getRetryButtonProps();
    expect(retry).toMatchObject({ type: 'button', className: 'btn btn-secondary' });
    expect(sends(retry.onClick)).toEqual([{ type: 'RETRY' }]);
    return;
  }
  if (expected.screen !== 'queue') return;

  const inQueue = s.matches('queue');
  const approving = s.matches('approving');
  const rejecting = s.matches('rejecting');
  const submitting = s.matches({ approving: 'submitting' }) || s.matches({ rejecting: 'submitting' });
  expect(v.intro).toBe(
    'Reports sent through “Report Incident”, oldest first. Approving publishes an incident; rejecting needs a reason.',
  );
  expect(v.notice).toBe(c.notice);
  expect(v.emptyText).toBe(c.reports.length === 0 ? 'No reports are waiting.' : null);
  expect(v.busy).toBe(submitting);
  expect(v.open).toBe(approving ? 'approve' : rejecting ? 'reject' : null);
  expect(v.reports.map((r) => [r.id, r.headingId, r.projectName, r.description, r.sentText])).toEqual(
    c.reports.map((r) => [r.id, `p-r${r.id}`, r.projectName, r.description, SENT_TEXT[r.id]]),
  );
  for (const r of v.reports) {
    expect(r.getArticleProps()).toEqual({
      className: 'card report',
      'aria-labelledby': `p-r${r.id}`,
      'data-part': 'report',
    });
    const open = r.id === c.selected ? (approving ? 'approve' : rejecting ? 'reject' : null) : null;
    expect(r.form).toBe(open);
    // Approve… and Reject… work only from the queue (another report's form closes first).
    const approve = r.getApproveButtonProps();
    const reject = r.getRejectButtonProps();
    expect(approve).toMatchObject({ type: 'button', className: 'btn btn-primary', disabled: !inQueue });
    expect(reject).toMatchObject({ type: 'button', className: 'btn btn-secondary', disabled: !inQueue });
    expect(sends(approve.onClick)).toEqual([{ type: 'START_APPROVE', id: r.id }]);
    expect(sends(reject.onClick)).toEqual([{ type: 'START_REJECT', id: r.id }]);
    if (open) {
      const name = c.reports.find((x) => x.id === r.id)!.projectName;
      const form = r.getFormProps();
      expect(form['aria-label']).toBe(`${open === 'approve' ? 'Approve' : 'Reject'} the report on ${name}`);
      let prevented = false;
      expect(sends(() => form.onSubmit({ preventDefault: () => (prevented = true) }))).toEqual([
        { type: 'SUBMIT' },
      ]);
      expect(prevented).toBe(true);
    }
  }
  if (!approving && !rejecting) return;

  // The open form: the server's message, fields it named marked invalid, Submit while the machine takes it.
  const invalid = (name: string) =>
    c.fields[name] ? { 'aria-invalid': true, 'aria-describedby': `p-${name}-error` } : {};
  for (const name of [...TEXT_FIELDS, 'type', 'description', 'reason'])
    expect(v.fieldError(name)).toEqual(
      c.fields[name] ? { id: `p-${name}-error`, text: c.fields[name] } : null,
    );
  expect(v.error).toBe(c.error);
  expect(v.submitLabel).toBe(approving ? 'Publish incident' : 'Reject report');
  const complete = c.form.projectName.trim() !== '' && c.form.occurredOn !== '' && c.form.type !== '';
  const canSubmit = !submitting && (approving ? complete : c.reason.trim() !== '');
  expect(v.getSubmitButtonProps()).toEqual({
    type: 'submit',
    className: 'btn btn-primary',
    disabled: !canSubmit,
  });
  const cancel = v.getCancelButtonProps();
  expect(cancel).toMatchObject({ type: 'button', className: 'btn btn-secondary', disabled: submitting });
  expect(sends(cancel.onClick)).toEqual([{ type: 'CANCEL' }]);
  if (approving) {
    expect(v.approveFields.map((f) => [f.name, f.inputId])).toEqual(TEXT_FIELDS.map((n) => [n, `p-${n}`]));
    expect(v.approveFields.map((f) => f.label)).toEqual([
      'Project',
      'Rated project id (optional)',
      'Date',
      'Technique (optional)',
      'Loss in USD',
      'Funds returned in USD',
      'Chains (comma-separated)',
      'Source link',
    ]);
    for (const f of v.approveFields) {
      const input = v.getApproveInputProps(f.name);
      expect(input).toMatchObject({ id: `p-${f.name}`, value: c.form[f.name], ...invalid(f.name) });
      expect(sends(() => input.onChange({ target: { value: 'x' } }))).toEqual([
        { type: 'CHANGE', patch: { [f.name]: 'x' } },
      ]);
    }
    expect(v.getApproveInputProps('occurredOn')).toMatchObject({ type: 'date', required: true });
    expect(v.getApproveInputProps('sourceUrl')).toMatchObject({ type: 'url', required: undefined });
    expect(v.typeField).toMatchObject({ label: 'Type', inputId: 'p-type', placeholder: 'Choose…' });
    expect(v.typeField.options).toContain('exploit');
    const type = v.getTypeSelectProps();
    expect(type).toMatchObject({ id: 'p-type', value: c.form.type, required: true, ...invalid('type') });
    expect(sends(() => type.onChange({ target: { value: 'phishing' } }))).toEqual([
      { type: 'CHANGE', patch: { type: 'phishing' } },
    ]);
    const description = v.getDescriptionProps();
    expect(description).toMatchObject({ id: 'p-description', value: c.form.description });
    expect(sends(() => description.onChange({ target: { value: 'y' } }))).toEqual([
      { type: 'CHANGE', patch: { description: 'y' } },
    ]);
  } else {
    expect(v.reasonField).toEqual({ label: 'Reason (sent to the reporter)', inputId: 'p-reason' });
    const reason = v.getReasonProps();
    expect(reason).toMatchObject({
      id: 'p-reason',
      value: c.reason,
      required: true,
      maxLength: 1000,
      ...invalid('reason'),
    });
    expect(sends(() => reason.onChange({ target: { value: 'z' } }))).toEqual([
      { type: 'CHANGE_REASON', reason: 'z' },
    ]);
  }
}
const STATES = [
  'loading',
  'loadFailed',
  'forbidden',
  'queue',
  'approving.editing',
  'approving.submitting',
  'rejecting.editing',
  'rejecting.submitting',
];

const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();

/** A decision's request answered or failed: its actor stopped and none other started. */
const answered = (step: StepEffect, id: string) => {
  expect(requests(step.before)).toEqual([id]);
  expect(requests(step.after)).toEqual([]);
  expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: step.before.children[id] }]);
};

/** A refused caller sees only the "admins only" screen, terminal. */
const refused = (step: StepEffect) => {
  expect(view(step.after)).toEqual({ screen: 'forbidden' });
  expect(step.after.can({ type: 'RETRY' })).toBe(false);
  expect(step.after.can({ type: 'START_APPROVE', id: 7 })).toBe(false);
};

/** A decision failed otherwise: the form stays open with what was typed, the server's message and fields. */
const failedDecision = (step: StepEffect, open: 'approve' | 'reject') => {
  const error = step.event.error as { message?: string; fields?: Record<string, string> };
  expect(view(step.after)).toEqual({
    ...view(step.before),
    open,
    busy: false,
    alert: error.message ?? 'Something went wrong.',
  });
  expect(ctx(step.after).fields).toEqual(error.fields ?? {});
  const { v } = connected(step.after);
  expect(v.error).toBe(error.message ?? 'Something went wrong.');
  expect(v.getSubmitButtonProps().disabled).toBe(false);
  expect(v.getCancelButtonProps().disabled).toBe(false);
  if (error.fields?.projectId)
    expect(v.getApproveInputProps('projectId')).toMatchObject({
      'aria-invalid': true,
      'aria-describedby': 'p-projectId-error',
    });
  expect(ctx(step.after).form).toEqual(ctx(step.before).form);
  expect(ctx(step.after).reason).toEqual(ctx(step.before).reason);
};

/** A decision done: the report leaves the queue, a notice says what happened. */
const decided = (step: StepEffect, notice: string) => {
  const before = ctx(step.before);
  expect(view(step.after)).toEqual({
    screen: 'queue',
    reports: before.reports.filter((r) => r.id !== before.selected).map((r) => r.id),
    open: null,
    busy: false,
    alert: null,
    notice,
  });
  expect(ctx(step.after).selected).toBeNull();
  const { v } = connected(step.after);
  expect(v.notice).toBe(notice);
  expect(v.reports.every((r) => r.form === null && !r.getApproveButtonProps().disabled)).toBe(true);
};

const opens = (step: StepEffect, open: 'approve' | 'reject') => {
  const report = ctx(step.before).reports.find((r) => r.id === step.event.id)!;
  expect(ctx(step.after).selected).toBe(report.id);
  // The form starts from the report: its project and description; nothing else is guessed.
  expect(ctx(step.after).form).toEqual(formFor(report));
  expect(ctx(step.after).reason).toBe('');
  expect(view(step.after)).toMatchObject({ open, busy: false, alert: null, notice: null });
  expect(requests(step.after)).toEqual([]);
  // Only the chosen report shows a form, which starts with nothing to submit and no message.
  const { v } = connected(step.after);
  expect(v.reports.map((r) => r.form)).toEqual(
    ctx(step.after).reports.map((r) => (r.id === report.id ? open : null)),
  );
  expect(v.getSubmitButtonProps().disabled).toBe(true);
  expect(v.error).toBeNull();
};

for (const errors of [
  [invalid, forbidden],
  [new Error('Failed to fetch'), { status: 401 }],
  [{}, forbidden],
])
  describePaths('incidentModeration', machine, {
    events: (s) => [
      { type: 'START_APPROVE', id: 7 },
      { type: 'START_REJECT', id: 9 },
      { type: 'START_APPROVE', id: 404 },
      { type: 'CHANGE', patch: COMPLETE },
      { type: 'CHANGE', patch: { projectName: ' ' } },
      { type: 'CHANGE_REASON', reason: 'No evidence of a loss.' },
      { type: 'CHANGE_REASON', reason: '   ' },
      { type: 'SUBMIT' },
      { type: 'CANCEL' },
      { type: 'RETRY' },
      ...answersIn(s, 'loading', 'loadReports', { outputs: [REPORTS], errors }),
      ...answersIn(s, { approving: 'submitting' }, 'approve', { outputs: [{ status: 'approved' }], errors }),
      ...answersIn(s, { rejecting: 'submitting' }, 'reject', { outputs: [{ status: 'rejected' }], errors }),
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        ctx(s).reports.length,
        ctx(s).selected,
        ctx(s).form.type !== '',
        ctx(s).form.projectName.trim() !== '',
        ctx(s).reason.trim() !== '',
        ctx(s).error !== null,
      ]),
    limit: 20000,
    states: sameCheckIn('incidentModeration', STATES, expectView),
    transitions: {
      'incidentModeration.loading|xstate.done.actor.loadReports': (step) => {
        answered(step, 'loadReports');
        expect(view(step.after)).toEqual({
          screen: 'queue',
          reports: [7, 9],
          open: null,
          busy: false,
          alert: null,
          notice: null,
        });
        const { v } = connected(step.after);
        expect(v.reports.map((r) => r.projectName)).toEqual(['<img src=x onerror=alert(1)>', 'Spam Coin']);
        expect([v.notice, v.emptyText]).toEqual([null, null]);
      },
      'incidentModeration.loading|xstate.error.actor.loadReports': (step) => {
        answered(step, 'loadReports');
        const { error } = step.event;
        if (isRefused(error)) return refused(step);
        expect(view(step.after)).toEqual({
          screen: 'loadFailed',
          alert: (error as { message?: string }).message ?? 'Something went wrong.',
        });
      },
      'incidentModeration.loadFailed|RETRY': (step) => {
        expect(view(step.after)).toEqual({ screen: 'loading' });
        expect(requests(step.after)).toEqual(['loadReports']);
      },
      'incidentModeration.queue|START_APPROVE': (step) => opens(step, 'approve'),
      'incidentModeration.queue|START_REJECT': (step) => opens(step, 'reject'),
      'incidentModeration.approving|CANCEL': (step) => {
        expect(view(step.after)).toMatchObject({ open: null, alert: null, busy: false });
        expect(ctx(step.after).selected).toBeNull();
        expect(ctx(step.after).reports).toEqual(ctx(step.before).reports);
      },
      'incidentModeration.rejecting|CANCEL': (step) => {
        expect(view(step.after)).toMatchObject({ open: null, alert: null, busy: false });
        expect(ctx(step.after).selected).toBeNull();
        expect(ctx(step.after).reports).toEqual(ctx(step.before).reports);
      },
      'incidentModeration.approving.editing|CHANGE': (step) => {
        expect(ctx(step.after).form).toEqual({ ...ctx(step.before).form, ...(step.event.patch as object) });
        expect(view(step.after)).toMatchObject({ open: 'approve', busy: false });
      },
      'incidentModeration.rejecting.editing|CHANGE_REASON': (step) => {
        expect(ctx(step.after).reason).toBe(step.event.reason);
        expect(view(step.after)).toMatchObject({ open: 'reject', busy: false });
      },
      // Publish: the completed form goes to the server for this report; buttons are off meanwhile.
      'incidentModeration.approving.editing|SUBMIT': (step) => {
        const { form, selected } = ctx(step.before);
        expect(form.projectName.trim()).not.toBe('');
        expect(form.type).not.toBe('');
        expect(requests(step.after)).toEqual(['approve']);
        expect((step.after.children.approve as AnyActorRef).getSnapshot().input).toEqual({
          id: selected,
          form,
        });
        expect(view(step.after)).toMatchObject({ open: 'approve', busy: true });
        expect(step.after.can({ type: 'SUBMIT' })).toBe(false);
        const { v } = connected(step.after);
        expect([v.getSubmitButtonProps().disabled, v.getCancelButtonProps().disabled]).toEqual([true, true]);
      },
      'incidentModeration.rejecting.editing|SUBMIT': (step) => {
        const { reason, selected } = ctx(step.before);
        expect(reason.trim()).not.toBe('');
        expect(requests(step.after)).toEqual(['reject']);
        expect((step.after.children.reject as AnyActorRef).getSnapshot().input).toEqual({
          id: selected,
          reason: reason.trim(),
        });
        expect(view(step.after)).toMatchObject({ open: 'reject', busy: true });
      },
      // Cancel does nothing while the decision is on its way (the request is not dropped half-way).
      'incidentModeration.approving.submitting|CANCEL': (step) => {
        expect(step.after.value).toEqual(step.before.value);
        expect(requests(step.after)).toEqual(['approve']);
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      'incidentModeration.rejecting.submitting|CANCEL': (step) => {
        expect(step.after.value).toEqual(step.before.value);
        expect(requests(step.after)).toEqual(['reject']);
        expect(ctx(step.after)).toEqual(ctx(step.before));
      },
      'incidentModeration.approving.submitting|xstate.done.actor.approve': (step) => {
        answered(step, 'approve');
        decided(step, 'Report approved: the incident is published.');
      },
      'incidentModeration.rejecting.submitting|xstate.done.actor.reject': (step) => {
        answered(step, 'reject');
        decided(step, 'Report rejected; the reporter is told why.');
      },
      'incidentModeration.approving.submitting|xstate.error.actor.approve': (step) => {
        answered(step, 'approve');
        if (isRefused(step.event.error)) return refused(step);
        failedDecision(step, 'approve');
      },
      'incidentModeration.rejecting.submitting|xstate.error.actor.reject': (step) => {
        answered(step, 'reject');
        if (isRefused(step.event.error)) return refused(step);
        failedDecision(step, 'reject');
      },
    },
  });

describe('incidentModeration', () => {
  it('makes the approve request from the form: amounts as numbers, chains as a list, blanks left out', () => {
    expect(
      approveBody({ ...formFor(REPORTS[0]!), ...COMPLETE, projectId: ' ', sourceUrl: 'https://x.org/a' }),
    ).toEqual({
      projectName: '<img src=x onerror=alert(1)>',
      projectId: undefined,
      occurredOn: '2026-11-30',
      type: 'exploit',
      technique: undefined,
      lossUsd: 1_200_000,
      returnedUsd: undefined,
      chains: ['Ethereum', 'Base'],
      sourceUrl: 'https://x.org/a',
      description: 'Bridge drained.',
    });
  });

  it('sends nothing for an incomplete form or a blank reason, and opens no unknown report', () => {
    const base: ModerationContext = {
      reports: REPORTS,
      selected: null,
      form: formFor(REPORTS[0]!),
      reason: '',
      error: null,
      fields: {},
      notice: null,
    };
    const queue = machine.resolveState({ value: 'queue', context: base });
    expect(queue.can({ type: 'START_APPROVE', id: 404 })).toBe(false);
    const editing = machine.resolveState({
      value: { approving: 'editing' },
      context: { ...base, selected: 7, form: formFor(REPORTS[0]!) },
    });
    expect(editing.can({ type: 'SUBMIT' })).toBe(false);
    const rejecting = machine.resolveState({
      value: { rejecting: 'editing' },
      context: { ...base, selected: 9, reason: '  ' },
    });
    expect(rejecting.can({ type: 'SUBMIT' })).toBe(false);
  });
});
