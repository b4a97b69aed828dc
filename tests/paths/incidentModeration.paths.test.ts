import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import {
  approveBody,
  formFor,
  incidentModerationMachine,
  type ApproveForm,
  type ModerationContext,
  type PendingReport,
} from '../../machines/incidents/moderation/incidentModeration.machine';
import { staffScreen, isRefused } from './staffScreens';
import { describePaths, pending, type StepEffect } from './harness';

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
};

const opens = (step: StepEffect, open: 'approve' | 'reject') => {
  const report = ctx(step.before).reports.find((r) => r.id === step.event.id)!;
  expect(ctx(step.after).selected).toBe(report.id);
  // The form starts from the report: its project and description; nothing else is guessed.
  expect(ctx(step.after).form).toEqual(formFor(report));
  expect(ctx(step.after).reason).toBe('');
  expect(view(step.after)).toMatchObject({ open, busy: false, alert: null, notice: null });
  expect(requests(step.after)).toEqual([]);
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
      ...(s.matches('loading')
        ? [
            { type: 'xstate.done.actor.loadReports', output: REPORTS },
            ...errors.map((error) => ({ type: 'xstate.error.actor.loadReports', error })),
          ]
        : []),
      ...(s.matches({ approving: 'submitting' })
        ? [
            { type: 'xstate.done.actor.approve', output: { status: 'approved' } },
            ...errors.map((error) => ({ type: 'xstate.error.actor.approve', error })),
          ]
        : []),
      ...(s.matches({ rejecting: 'submitting' })
        ? [
            { type: 'xstate.done.actor.reject', output: { status: 'rejected' } },
            ...errors.map((error) => ({ type: 'xstate.error.actor.reject', error })),
          ]
        : []),
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
