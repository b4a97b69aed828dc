import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  auditAdminMachine,
  auditPicker,
  EMPTY_FINDING,
  EMPTY_FORM,
  type AuditAdminContext,
  type AuditForm,
  type LoadedAudits,
} from '../../machines/admin/audit/auditAdmin.machine';
import { watchlistPickerMachine } from '../../machines/watchlist/picker/watchlistPicker.machine';
import { describePaths, pending, replay, type StepEffect } from './harness';

const picker = auditPicker(watchlistPickerMachine.provide({ actors: { searchProjects: pending() } }));
const machine = auditAdminMachine.provide({
  actors: {
    load: pending() as never,
    publish: pending() as never,
    setStatus: pending() as never,
    picker: picker as never,
  },
});

const ctx = (s: AnyMachineSnapshot) => s.context as AuditAdminContext;

const loaded: LoadedAudits = {
  projectId: 'tidemark-usd',
  applicable: true,
  audits: [
    {
      id: 7,
      auditor: 'Example Review Co',
      publishedOn: '2026-11-10',
      scope: 'Token contract',
      findings: [{ id: 70, title: 'Reentrancy', severity: 'critical', status: 'pending' }],
    },
  ],
};
const native: LoadedAudits = { projectId: 'bitcoin', applicable: false, audits: [] };
const forbidden = Object.assign(new Error('Only admins can do this.'), { status: 403 });
const invalid = Object.assign(new Error('auditor: Enter the auditor'), {
  status: 400,
  fields: { auditor: 'Enter the auditor' },
});
const down = Object.assign(new Error('Something went wrong on our side.'), { status: 500 });

/** What the page renders (AuditAdminPage): which screen, its messages, the list and the form's Publish button. */
const view = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  if (s.hasTag('forbidden')) return { screen: 'forbidden' };
  if (s.matches('picking')) return { screen: 'picking' };
  if (s.hasTag('loading')) return { screen: 'loading', projectId: c.projectId, notice: c.notice };
  if (s.matches('loadFailed')) return { screen: 'loadFailed', alert: c.error };
  return {
    screen: 'project',
    audits: c.data?.audits ?? [],
    applicable: c.data?.applicable,
    form: c.form,
    fieldErrors: c.fields,
    alert: c.error,
    notice: c.notice,
    busy: s.hasTag('busy'),
    canPublish: s.can({ type: 'PUBLISH' }),
  };
};
/** The requests in flight (the children other than the picker, which runs as long as the page). */
const requests = (s: AnyMachineSnapshot) =>
  Object.keys(s.children)
    .filter((k) => k !== 'picker')
    .sort();
const pickerOpen = (s: AnyMachineSnapshot) => (s.children.picker as AnyActorRef).getSnapshot().hasTag('open');
const complete = (form: AuditForm) =>
  form.auditor.trim() !== '' &&
  form.publishedOn.trim() !== '' &&
  form.scope.trim() !== '' &&
  form.findings.every((f) => f.title.trim() !== '');

const answered = (step: StepEffect, id: string) => {
  expect(requests(step.before)).toEqual([id]);
  expect(step.actions).toContainEqual({ type: 'xstate.stopChild', params: step.before.children[id] });
};

/** A refused caller sees only the "admins only" screen, with nothing left to do. */
const refusedOr = (step: StepEffect, otherwise: () => void) => {
  if ((step.event.error as { status?: number }).status === 403) {
    expect(view(step.after)).toEqual({ screen: 'forbidden' });
    expect(step.after.can({ type: 'PICK', projectId: 'x' })).toBe(false);
    return;
  }
  otherwise();
};

/** An edit lands in the form, the rest stays, old messages go, nothing is sent. */
const edits = (expected: (before: AuditForm) => AuditForm) => (step: StepEffect) => {
  const form = expected(ctx(step.before).form);
  expect(ctx(step.after).form).toEqual(form);
  expect(ctx(step.after).notice).toBeNull();
  expect(requests(step.after)).toEqual([]);
  expect(view(step.after)).toMatchObject({ screen: 'project', busy: false });
};

/** Opening a project: its id is read, the old project and form go, and its audits load. */
const picks = (step: StepEffect) => {
  expect(view(step.after)).toEqual({ screen: 'loading', projectId: 'tidemark-usd', notice: null });
  expect(requests(step.after)).toEqual(['load']);
  expect((step.after.children.load as AnyActorRef).getSnapshot().input).toEqual({
    projectId: 'tidemark-usd',
  });
  expect(ctx(step.after).form).toEqual(EMPTY_FORM);
};

const opensPicker = (step: StepEffect) => {
  expect(step.sent).toContainEqual({ to: 'picker', event: { type: 'OPEN' } });
  expect(pickerOpen(step.after)).toBe(true);
  expect(view(step.after)).toEqual(view(step.before));
  expect(requests(step.after)).toEqual(requests(step.before));
};

const filled: Partial<AuditForm> = {
  auditor: 'Example Review Co',
  publishedOn: '2026-11-10',
  scope: 'Token contract',
};

describePaths('auditAdmin', machine, {
  events: (s) => [
    { type: 'PICK', projectId: ' tidemark-usd ' },
    { type: 'PICK', projectId: '  ' },
    { type: 'OPEN_PICKER' },
    { type: 'RETRY' },
    { type: 'CHANGE', patch: filled },
    // One finding row at most while exploring (more rows behave alike).
    ...(ctx(s).form.findings.length === 0
      ? [{ type: 'ADD_FINDING' }]
      : [
          { type: 'CHANGE_FINDING', index: 0, patch: { title: 'Oracle may be stale', severity: 'major' } },
          { type: 'REMOVE_FINDING', index: 0 },
        ]),
    { type: 'PUBLISH' },
    { type: 'SET_STATUS', findingId: 70, status: 'resolved' },
    ...(s.matches('loading')
      ? [
          { type: 'xstate.done.actor.load', output: loaded },
          { type: 'xstate.done.actor.load', output: native },
          { type: 'xstate.error.actor.load', error: down },
          { type: 'xstate.error.actor.load', error: forbidden },
        ]
      : []),
    ...(s.matches('publishing')
      ? [
          { type: 'xstate.done.actor.publish', output: { id: 8 } },
          { type: 'xstate.error.actor.publish', error: invalid },
          { type: 'xstate.error.actor.publish', error: forbidden },
        ]
      : []),
    ...(s.matches('updatingStatus')
      ? [
          {
            type: 'xstate.done.actor.setStatus',
            output: { ...loaded.audits[0]!.findings[0]!, status: 'resolved' },
          },
          { type: 'xstate.error.actor.setStatus', error: down },
          { type: 'xstate.error.actor.setStatus', error: forbidden },
        ]
      : []),
  ],
  // Told apart by state, project, whether the form is complete, its finding rows and the first finding's status.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      ctx(s).projectId,
      ctx(s).data?.applicable,
      ctx(s).data?.audits[0]?.findings[0]?.status,
      ctx(s).form.auditor !== '',
      ctx(s).form.findings.map((f) => f.title !== ''),
      ctx(s).error !== null,
    ]),
  limit: 5000,
  transitions: {
    'auditAdmin.picking|PICK': picks,
    'auditAdmin.ready|PICK': picks,
    'auditAdmin.loadFailed|PICK': picks,
    // Choose a project: the picker opens over the page, which stays as it was.
    'auditAdmin.picking|OPEN_PICKER': opensPicker,
    'auditAdmin.ready|OPEN_PICKER': opensPicker,
    'auditAdmin.loadFailed|OPEN_PICKER': opensPicker,
    'auditAdmin.loading|xstate.done.actor.load': (step) => {
      answered(step, 'load');
      const data = step.event.output as LoadedAudits;
      expect(view(step.after)).toMatchObject({
        screen: 'project',
        audits: data.audits,
        applicable: data.applicable,
        alert: null,
        busy: false,
        canPublish: data.applicable && complete(ctx(step.after).form),
      });
    },
    'auditAdmin.loading|xstate.error.actor.load': (step) => {
      answered(step, 'load');
      refusedOr(step, () => {
        expect(view(step.after)).toEqual({ screen: 'loadFailed', alert: down.message });
        expect(step.after.can({ type: 'RETRY' })).toBe(true);
      });
    },
    'auditAdmin.loadFailed|RETRY': (step) => {
      expect(view(step.after)).toMatchObject({ screen: 'loading' });
      expect(requests(step.after)).toEqual(['load']);
    },
    'auditAdmin.ready|CHANGE': edits((f) => ({ ...f, ...filled })),
    'auditAdmin.ready|ADD_FINDING': edits((f) => ({ ...f, findings: [...f.findings, EMPTY_FINDING] })),
    'auditAdmin.ready|CHANGE_FINDING': edits((f) => ({
      ...f,
      findings: f.findings.map((row, i) =>
        i === 0 ? { ...row, title: 'Oracle may be stale', severity: 'major' as const } : row,
      ),
    })),
    'auditAdmin.ready|REMOVE_FINDING': edits((f) => ({ ...f, findings: f.findings.slice(1) })),
    // Publish sends the project and the form as they are; the page is busy meanwhile.
    'auditAdmin.ready|PUBLISH': (step) => {
      expect(complete(ctx(step.before).form)).toBe(true);
      expect(ctx(step.before).data?.applicable).toBe(true);
      expect(requests(step.after)).toEqual(['publish']);
      expect((step.after.children.publish as AnyActorRef).getSnapshot().input).toEqual({
        projectId: ctx(step.before).projectId,
        form: ctx(step.before).form,
      });
      expect(view(step.after)).toMatchObject({ busy: true, canPublish: false });
    },
    // Published: the form empties, "Audit published." shows and the list loads again.
    'auditAdmin.publishing|xstate.done.actor.publish': (step) => {
      answered(step, 'publish');
      expect(view(step.after)).toEqual({
        screen: 'loading',
        projectId: ctx(step.before).projectId,
        notice: 'Audit published.',
      });
      expect(ctx(step.after).form).toEqual(EMPTY_FORM);
      expect(requests(step.after)).toEqual(['load']);
    },
    'auditAdmin.publishing|xstate.error.actor.publish': (step) => {
      answered(step, 'publish');
      refusedOr(step, () => {
        // The form keeps what was typed, with the message and the fields the server named.
        expect(view(step.after)).toMatchObject({
          screen: 'project',
          form: ctx(step.before).form,
          fieldErrors: invalid.fields,
          alert: invalid.message,
          busy: false,
        });
      });
    },
    'auditAdmin.ready|SET_STATUS': (step) => {
      expect(requests(step.after)).toEqual(['setStatus']);
      expect((step.after.children.setStatus as AnyActorRef).getSnapshot().input).toEqual({
        findingId: 70,
        status: 'resolved',
      });
      expect(view(step.after)).toMatchObject({ busy: true });
    },
    'auditAdmin.updatingStatus|xstate.done.actor.setStatus': (step) => {
      answered(step, 'setStatus');
      expect(view(step.after)).toMatchObject({
        screen: 'project',
        notice: 'Finding status saved.',
        alert: null,
      });
      expect(ctx(step.after).data!.audits[0]!.findings[0]!.status).toBe('resolved');
    },
    'auditAdmin.updatingStatus|xstate.error.actor.setStatus': (step) => {
      answered(step, 'setStatus');
      refusedOr(step, () => {
        expect(view(step.after)).toMatchObject({ screen: 'project', alert: down.message, busy: false });
        expect(ctx(step.after).data).toEqual(ctx(step.before).data);
      });
    },
  },
});

describe('auditAdmin', () => {
  it('opens the project picked by name in the picker, which then closes', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'OPEN_PICKER' });
    const child = actor.getSnapshot().children.picker as AnyActorRef;
    child.send({ type: 'TYPE', keyword: 'tide' });
    child.send({
      type: 'xstate.done.actor.searchProjects',
      output: [{ id: 'tidemark-usd', rank: 40, logo: '', name: 'Tidemark USD', tokenTickers: ['TMU'] }],
    });
    child.send({ type: 'PICK', projectId: 'tidemark-usd' });
    const after = actor.getSnapshot();
    expect(view(after)).toEqual({ screen: 'loading', projectId: 'tidemark-usd', notice: null });
    expect((after.children.load as AnyActorRef).getSnapshot().input).toEqual({ projectId: 'tidemark-usd' });
    expect(pickerOpen(after)).toBe(false);
    actor.stop();
  });

  const last = (events: EventObject[]) => {
    const steps: StepEffect[] = [];
    replay(machine, undefined, events, (step) => steps.push(step));
    return steps.at(-1)!;
  };
  const open: EventObject[] = [
    { type: 'PICK', projectId: 'tidemark-usd' } as EventObject,
    { type: 'xstate.done.actor.load', output: loaded } as EventObject,
  ];

  it('sends nothing for a blank project id, an incomplete form, a native coin or an unchanged status', () => {
    expect(last([{ type: 'PICK', projectId: ' ' } as EventObject]).transitions).toEqual([]);
    const incomplete = last([
      ...open,
      { type: 'ADD_FINDING' },
      { type: 'CHANGE', patch: filled },
      { type: 'PUBLISH' },
    ] as EventObject[]);
    expect(incomplete.transitions).toEqual([]);
    expect(requests(incomplete.after)).toEqual([]);
    const coin = last([
      { type: 'PICK', projectId: 'bitcoin' },
      { type: 'xstate.done.actor.load', output: native },
      { type: 'CHANGE', patch: filled },
      { type: 'PUBLISH' },
    ] as EventObject[]);
    expect(coin.transitions).toEqual([]);
    const same = last([...open, { type: 'SET_STATUS', findingId: 70, status: 'pending' }] as EventObject[]);
    expect(same.transitions).toEqual([]);
    expect(requests(same.after)).toEqual([]);
  });
});
