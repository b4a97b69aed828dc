import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  auditAdminMachine,
  auditPicker,
  EMPTY_FINDING,
  EMPTY_FORM,
} from '../../machines/admin/audit/auditAdmin.machine';
import { connectAuditAdmin } from '../../machines/admin/audit/auditAdmin.connect';
import type {
  AuditAdminEvent,
  AuditAdminContext,
  AuditForm,
  LoadedAudits,
} from '../../machines/admin/audit/auditAdmin.types';
import { watchlistPickerMachine } from '../../machines/watchlist/picker/watchlistPicker.machine';
import { describePaths, pending, pendingActors, replay, type StepEffect } from './harness';
import { answersIn } from './answers';
import { sameCheckIn } from './stateChecks';

const picker = auditPicker(watchlistPickerMachine.provide({ actors: { searchProjects: pending() } }));
const machine = auditAdminMachine.provide({
  actors: {
    ...pendingActors('load', 'publish', 'setStatus'),
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

type Snapshot = Parameters<typeof connectAuditAdmin>[0];
const TEXT_FIELDS = ['auditor', 'publishedOn', 'scope', 'commit', 'reportUrl'] as const;
/** The view model (auditAdmin.connect) of a snapshot, with dates as they come, and what its getters send. */
const connected = (s: AnyMachineSnapshot) => {
  const sent: AuditAdminEvent[] = [];
  const send = vi.fn((event: AuditAdminEvent) => void sent.push(event));
  const v = connectAuditAdmin(s as Snapshot, send, { idPrefix: 'au', formatDate: (d) => `on ${d}` });
  return { v, sent };
};

/** What the page renders (AuditAdminPage), read from the view model: which screen, its messages, the list and the form. */
const view = (s: AnyMachineSnapshot) => {
  const { v } = connected(s);
  if (v.forbidden) return { screen: 'forbidden' };
  if (v.loadingText) return { screen: 'loading', text: v.loadingText, notice: v.notice };
  if (v.loadError !== null) return { screen: 'loadFailed', alert: v.loadError };
  if (!v.audits) return { screen: 'picking' };
  const names = [...TEXT_FIELDS, ...v.findings.map((_, i) => `findings.${i}.title`)];
  return {
    screen: 'project',
    audits: v.audits.audits,
    applicable: v.publishable,
    form: {
      ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, v.getTextFieldProps(name).value])),
      contracts: v.getContractsProps().value,
      findings: v.findings.map((_, i) => ({
        title: v.getFindingTitleProps(i).value,
        severity: v.getFindingSeverityProps(i).value,
        status: v.getFindingStatusProps(i).value,
      })),
    },
    fieldErrors: Object.fromEntries(
      names.flatMap((name) => {
        const props = v.getFieldErrorProps(name);
        return props ? [[name, props.children]] : [];
      }),
    ),
    alert: v.writeError,
    notice: v.notice,
    busy: v.getOpenButtonProps().disabled,
    canPublish: !v.getPublishButtonProps().disabled,
  };
};

/** The texts, attributes and events of the page in every state. */
const screenChecks = (s: AnyMachineSnapshot) => {
  const { v, sent } = connected(s);
  const c = ctx(s);
  const busy = s.hasTag('busy');
  expect(v.title).toBe('Audits');
  expect(v.getMainProps()).toEqual({ id: 'main', className: 'container audit-admin' });
  if (v.forbidden) return expect(v.forbiddenText).toBe('Only admins can publish audits.');
  expect(v.pickerText).toBe(c.data ? 'Choose another project' : 'Choose a project');
  expect(v.getPickerButtonProps()).toMatchObject({
    type: 'button',
    className: 'btn btn-primary',
    disabled: busy || s.hasTag('loading'),
  });
  expect(v.pickerModal).toEqual({
    title: 'Choose a project',
    subtitle: 'Find it by name or token ticker; its audits open.',
  });
  expect(v.getProjectIdLabelProps()).toEqual({ htmlFor: 'au-project', children: 'Or open by project id' });
  expect(v.getProjectIdInputProps()).toEqual({
    id: 'au-project',
    name: 'project',
    placeholder: 'uniswap',
    required: true,
  });
  expect(v.openText).toBe('Open project');
  expect(v.getOpenButtonProps()).toEqual({ type: 'submit', className: 'btn btn-secondary', disabled: busy });
  expect(v.getPickFormProps().className).toBe('audit-admin__pick');
  const preventDefault = vi.fn();
  const pickForm = (value: string) => ({
    preventDefault,
    currentTarget: { elements: { namedItem: (name: string) => (name === 'project' ? { value } : null) } },
  });
  v.getPickerButtonProps().onClick();
  v.getPickFormProps().onSubmit(pickForm(' tidemark-usd '));
  expect(sent.splice(0)).toEqual([{ type: 'OPEN_PICKER' }, { type: 'PICK', projectId: ' tidemark-usd ' }]);
  if (v.loadError !== null) {
    expect(v.retryText).toBe('Try again');
    v.getRetryButtonProps().onClick();
    expect(sent.splice(0)).toEqual([{ type: 'RETRY' }]);
  }
  if (!v.audits) return;
  const data = v.audits;
  expect(v.listHeadingId).toBe('au-list');
  expect(v.listHeading).toBe(`Audits of ${data.projectId}`);
  expect(v.notApplicableText).toBe('Not applicable: a native coin has no smart contract to audit');
  expect(v.noAuditsText).toBe('No audit on record.');
  expect(v.columns).toEqual(['Finding', 'Severity', 'Status']);
  for (const a of data.audits) {
    expect(v.auditHeading(a)).toBe(`${a.auditor}, on ${a.publishedOn}`);
    for (const f of a.findings) {
      expect(v.severityLabel(f.severity)).toBe('Critical');
      const select = v.getStatusSelectProps(f);
      expect(select).toMatchObject({ 'aria-label': `Status of ${f.title}`, value: f.status, disabled: busy });
      select.onChange({ target: { value: 'resolved' } });
      expect(sent.splice(0)).toEqual([{ type: 'SET_STATUS', findingId: f.id, status: 'resolved' }]);
    }
  }
  expect(v.statusOptions.values).toEqual(['resolved', 'partially_resolved', 'acknowledged', 'pending']);
  expect(v.severityOptions.values).toEqual(['critical', 'major', 'medium', 'minor', 'informational']);
  expect(v.publishable).toBe(data.applicable);
  expect(v.publishHeadingId).toBe('au-publish');
  expect(v.publishHeading).toBe('Publish an audit');
  expect([...TEXT_FIELDS, 'contracts' as const].map((name) => v.getLabelProps(name).children)).toEqual([
    'Auditor',
    'Date published',
    'Scope',
    'Commit (optional)',
    'Report link',
    'Contracts in scope (one a line, optional)',
  ]);
  expect(v.getTextFieldProps('auditor')).toMatchObject({ id: 'au-auditor', required: true, maxLength: 120 });
  expect(v.getTextFieldProps('publishedOn')).toMatchObject({ type: 'date', required: true });
  expect(v.getTextFieldProps('scope')).toMatchObject({ required: true, maxLength: 500 });
  expect(v.getTextFieldProps('commit')).toMatchObject({ maxLength: 100 });
  expect(v.getTextFieldProps('reportUrl')).toMatchObject({ type: 'url', placeholder: 'https://…' });
  expect(v.getContractsProps()).toMatchObject({ id: 'au-contracts', rows: 2 });
  // A field the server named points at its message; the others carry no error attributes.
  for (const name of TEXT_FIELDS) {
    const field = v.getTextFieldProps(name);
    if (c.fields[name]) {
      expect(field).toMatchObject({ 'aria-invalid': true, 'aria-describedby': `au-${name}-error` });
      expect(v.getFieldErrorProps(name)).toEqual({
        id: `au-${name}-error`,
        className: 'audit-admin__field-error',
        children: c.fields[name],
      });
    } else {
      expect(field).not.toHaveProperty('aria-invalid');
      expect(v.getFieldErrorProps(name)).toBeNull();
    }
  }
  expect(v.findingsHeading).toBe('Findings');
  v.findings.forEach((_, i) => {
    expect(v.findingName(i)).toBe(`Finding ${i + 1}`);
    expect(v.removeFindingText).toBe('Remove');
    expect(v.removeFindingHint(i)).toBe(` finding ${i + 1}`);
    expect(['title', 'severity', 'status'].map((f) => v.getFindingLabelProps(i, f as 'title'))).toEqual([
      { htmlFor: `au-f${i}-title`, children: 'Title' },
      { htmlFor: `au-f${i}-severity`, children: 'Severity' },
      { htmlFor: `au-f${i}-status`, children: 'Status' },
    ]);
    expect(v.getFindingTitleProps(i)).toMatchObject({ id: `au-f${i}-title`, required: true, maxLength: 300 });
    v.getFindingTitleProps(i).onChange({ target: { value: 'T' } });
    v.getFindingSeverityProps(i).onChange({ target: { value: 'minor' } });
    v.getFindingStatusProps(i).onChange({ target: { value: 'acknowledged' } });
    v.getRemoveFindingProps(i).onClick();
    expect(sent.splice(0)).toEqual([
      { type: 'CHANGE_FINDING', index: i, patch: { title: 'T' } },
      { type: 'CHANGE_FINDING', index: i, patch: { severity: 'minor' } },
      { type: 'CHANGE_FINDING', index: i, patch: { status: 'acknowledged' } },
      { type: 'REMOVE_FINDING', index: i },
    ]);
  });
  expect(v.addFindingText).toBe('Add a finding');
  // The last write's failure shows under the form, not while the next is on the way.
  expect(v.writeError).toBe(busy ? null : c.error);
  expect(v.publishText).toBe('Publish audit');
  expect(v.getPublishButtonProps()).toMatchObject({ type: 'submit', className: 'btn btn-primary' });
  v.getTextFieldProps('auditor').onChange({ target: { value: 'A' } });
  v.getContractsProps().onChange({ target: { value: '0x1' } });
  v.getAddFindingProps().onClick();
  v.getPublishFormProps().onSubmit({ preventDefault });
  expect(sent).toEqual([
    { type: 'CHANGE', patch: { auditor: 'A' } },
    { type: 'CHANGE', patch: { contracts: '0x1' } },
    { type: 'ADD_FINDING' },
    { type: 'PUBLISH' },
  ]);
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
  expect(view(step.after)).toEqual({
    screen: 'loading',
    text: 'Loading audits of tidemark-usd…',
    notice: null,
  });
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
    ...answersIn(s, 'loading', 'load', { outputs: [loaded, native], errors: [down, forbidden] }),
    ...answersIn(s, 'publishing', 'publish', { outputs: [{ id: 8 }], errors: [invalid, forbidden] }),
    ...answersIn(s, 'updatingStatus', 'setStatus', {
      outputs: [{ ...loaded.audits[0]!.findings[0]!, status: 'resolved' }],
      errors: [down, forbidden],
    }),
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
  states: sameCheckIn(
    'auditAdmin',
    ['picking', 'loading', 'loadFailed', 'forbidden', 'ready', 'publishing', 'updatingStatus'],
    screenChecks,
  ),
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
        text: `Loading audits of ${ctx(step.before).projectId}…`,
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
    expect(view(after)).toEqual({ screen: 'loading', text: 'Loading audits of tidemark-usd…', notice: null });
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
