import { assertEvent, assign, setup } from 'xstate';
import { failureOf, isForbidden, loadStates, refusedOr } from '../../admin/staff-request/staffRequest';
import type {
  ApproveForm,
  ModerationContext,
  ModerationEvent,
  ModerationTag,
  PendingReport,
} from './incidentModeration.types';
import { notProvided } from '../../core/requests';

export const formFor = (r: PendingReport): ApproveForm => ({
  projectName: r.projectName,
  projectId: '',
  occurredOn: '',
  type: '',
  technique: '',
  lossUsd: '',
  returnedUsd: '',
  chains: '',
  sourceUrl: '',
  description: r.description,
});
const EMPTY_FORM: ApproveForm = formFor({
  id: 0,
  projectName: '',
  description: '',
  txHash: null,
  contactEmail: null,
  signedIn: false,
  createdAt: '',
});

/** The approve request's body from the form: blank optional fields left out, amounts as numbers, chains as a list. */
export function approveBody(form: ApproveForm) {
  const amount = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(/[$,\s]/g, '')));
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    projectName: form.projectName.trim(),
    projectId: text(form.projectId),
    occurredOn: form.occurredOn,
    type: form.type,
    technique: text(form.technique),
    lossUsd: amount(form.lossUsd),
    returnedUsd: amount(form.returnedUsd),
    chains: form.chains
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    sourceUrl: text(form.sourceUrl),
    description: text(form.description),
  };
}

/**
 * The staff queue of visitors' incident reports (/admin/incidents): load the pending reports; for one, approve it
 * (staff complete type, date, loss, chains, project link, source: POST …/approve) or reject it with a required
 * reason (POST …/reject). A decided report leaves the queue with a notice. A refused caller (401/403) sees
 * `forbidden`; a failed decision keeps the form with the server's message and the fields it named.
 * Tags: loading, busy, error, forbidden, approving, rejecting.
 */
export const incidentModerationMachine = setup({
  types: {
    context: {} as ModerationContext,
    events: {} as ModerationEvent,
    tags: {} as ModerationTag,
  },
  actors: {
    loadReports: notProvided<PendingReport[]>('loadReports'),
    approve: notProvided<unknown, { id: number; form: ApproveForm }>('approve'),
    reject: notProvided<unknown, { id: number; reason: string }>('reject'),
  },
  guards: {
    isForbidden,
    isPending: ({ context, event }) => {
      assertEvent(event, ['START_APPROVE', 'START_REJECT']);
      return context.reports.some((r) => r.id === event.id);
    },
    formComplete: ({ context }) =>
      context.form.projectName.trim() !== '' && context.form.occurredOn !== '' && context.form.type !== '',
    hasReason: ({ context }) => context.reason.trim() !== '',
  },
  actions: {
    assignReports: assign((_, params: { reports: PendingReport[] }) => ({
      reports: params.reports,
      error: null,
    })),
    select: assign(({ context, event }) => {
      assertEvent(event, ['START_APPROVE', 'START_REJECT']);
      const report = context.reports.find((r) => r.id === event.id)!;
      return { selected: event.id, form: formFor(report), reason: '', error: null, fields: {}, notice: null };
    }),
    assignPatch: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      return { form: { ...context.form, ...event.patch } };
    }),
    assignReason: assign(({ event }) => {
      assertEvent(event, 'CHANGE_REASON');
      return { reason: event.reason };
    }),
    unselect: assign({ selected: null, error: null, fields: {} }),
    removeDecided: assign(({ context }, params: { notice: string }) => ({
      reports: context.reports.filter((r) => r.id !== context.selected),
      selected: null,
      error: null,
      fields: {},
      notice: params.notice,
    })),
    assignError: assign((_, params: { error: unknown }) => failureOf(params.error)),
  },
}).createMachine({
  id: 'incidentModeration',
  context: {
    reports: [],
    selected: null,
    form: EMPTY_FORM,
    reason: '',
    error: null,
    fields: {},
    notice: null,
  },
  initial: 'loading',
  states: {
    ...loadStates('loadReports', 'queue', {
      type: 'assignReports',
      params: ({ event }: { event: { output: PendingReport[] } }) => ({ reports: event.output }),
    }),
    queue: {
      on: {
        START_APPROVE: { guard: 'isPending', target: 'approving', actions: 'select' },
        START_REJECT: { guard: 'isPending', target: 'rejecting', actions: 'select' },
      },
    },
    approving: {
      tags: ['approving'],
      initial: 'editing',
      on: { CANCEL: { target: 'queue', actions: 'unselect' } },
      states: {
        editing: {
          on: {
            CHANGE: { actions: 'assignPatch' },
            SUBMIT: { guard: 'formComplete', target: 'submitting' },
          },
        },
        submitting: {
          tags: ['busy'],
          on: { CANCEL: {} },
          invoke: {
            id: 'approve',
            src: 'approve',
            input: ({ context }) => ({ id: context.selected!, form: context.form }),
            onDone: {
              target: '#incidentModeration.queue',
              actions: {
                type: 'removeDecided',
                params: { notice: 'Report approved: the incident is published.' },
              },
            },
            onError: refusedOr('#incidentModeration.forbidden', 'editing'),
          },
        },
      },
    },
    rejecting: {
      tags: ['rejecting'],
      initial: 'editing',
      on: { CANCEL: { target: 'queue', actions: 'unselect' } },
      states: {
        editing: {
          on: {
            CHANGE_REASON: { actions: 'assignReason' },
            SUBMIT: { guard: 'hasReason', target: 'submitting' },
          },
        },
        submitting: {
          tags: ['busy'],
          on: { CANCEL: {} },
          invoke: {
            id: 'reject',
            src: 'reject',
            input: ({ context }) => ({ id: context.selected!, reason: context.reason.trim() }),
            onDone: {
              target: '#incidentModeration.queue',
              actions: {
                type: 'removeDecided',
                params: { notice: 'Report rejected; the reporter is told why.' },
              },
            },
            onError: refusedOr('#incidentModeration.forbidden', 'editing'),
          },
        },
      },
    },
  },
});
