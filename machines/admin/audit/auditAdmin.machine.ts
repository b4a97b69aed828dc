import { assertEvent, assign, sendParent, sendTo, setup } from 'xstate';
import { watchlistPickerMachine } from '../../watchlist/picker/watchlistPicker.machine';

import type {
  AuditAdminContext,
  AuditAdminEvent,
  AuditAdminTag,
  AuditForm,
  FindingRow,
  LoadedAudits,
  Status,
  UpdatedFinding,
} from './auditAdmin.types';
import { notProvided } from '../../core/requests';
import { failureOf, isForbidden, refusedOr } from '../staff-request/staffRequest';

export const EMPTY_FINDING: FindingRow = { title: '', severity: 'medium', status: 'pending' };
export const EMPTY_FORM: AuditForm = {
  auditor: '',
  publishedOn: '',
  scope: '',
  commit: '',
  contracts: '',
  reportUrl: '',
  findings: [],
};

/**
 * The project picker as the audit staff page uses it: the project picked is opened (PICK to its parent).
 * Takes the picker with its search provided (the live one, or a test's).
 */
export const auditPicker = (picker: typeof watchlistPickerMachine) =>
  picker.provide({
    actions: {
      added: sendParent((_, params: { projectId: string }) => ({
        type: 'PICK',
        projectId: params.projectId,
      })),
    },
  });

/**
 * The staff page for audit records (/admin/audits): open a project picked by name or ticker (the picker, a child)
 * or typed by id, list its audits, publish a new audit
 * with rows of findings (POST /api/admin/projects/:id/audits), and change a finding's status (PUT
 * /api/admin/audit-findings/:id). A refused caller (401/403) sees `forbidden`; the server's field errors are shown
 * by their fields. Tags: loading, ready (a project's audits show), busy, forbidden, error (the load failed).
 */
const PICK = { guard: 'hasProjectId', target: '#auditAdmin.loading', actions: 'assignProject' } as const;
const OPEN_PICKER = { actions: 'openPicker' } as const;

export const auditAdminMachine = setup({
  types: {
    context: {} as AuditAdminContext,
    events: {} as AuditAdminEvent,
    tags: {} as AuditAdminTag,
  },
  actors: {
    load: notProvided<LoadedAudits, { projectId: string }>('load'),
    publish: notProvided<unknown, { projectId: string; form: AuditForm }>('publish'),
    setStatus: notProvided<UpdatedFinding, { findingId: number; status: Status }>('setStatus'),
    picker: auditPicker(watchlistPickerMachine) as typeof watchlistPickerMachine,
  },
  guards: {
    isForbidden,
    hasProjectId: ({ event }) => event.type === 'PICK' && event.projectId.trim() !== '',
    formComplete: ({ context }) =>
      context.data?.applicable === true &&
      context.form.auditor.trim() !== '' &&
      context.form.publishedOn.trim() !== '' &&
      context.form.scope.trim() !== '' &&
      context.form.findings.every((f) => f.title.trim() !== ''),
    statusChanges: ({ context, event }) =>
      event.type === 'SET_STATUS' &&
      (context.data?.audits ?? []).some((a) =>
        a.findings.some((f) => f.id === event.findingId && f.status !== event.status),
      ),
  },
  actions: {
    openPicker: sendTo('picker', { type: 'OPEN' as const }),
    assignProject: assign(({ event }) => {
      assertEvent(event, 'PICK');
      return {
        projectId: event.projectId.trim(),
        data: null,
        form: EMPTY_FORM,
        error: null,
        fields: {},
        notice: null,
      };
    }),
    assignLoaded: assign((_, params: { data: LoadedAudits }) => ({ data: params.data, error: null })),
    assignPatch: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      return { form: { ...context.form, ...event.patch }, error: null, fields: {}, notice: null };
    }),
    addFinding: assign(({ context }) => ({
      form: { ...context.form, findings: [...context.form.findings, EMPTY_FINDING] },
      notice: null,
    })),
    changeFinding: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE_FINDING');
      return {
        form: {
          ...context.form,
          findings: context.form.findings.map((f, i) => (i === event.index ? { ...f, ...event.patch } : f)),
        },
        error: null,
        fields: {},
        notice: null,
      };
    }),
    removeFinding: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_FINDING');
      return {
        form: { ...context.form, findings: context.form.findings.filter((_, i) => i !== event.index) },
        notice: null,
      };
    }),
    assignPublished: assign({ form: EMPTY_FORM, error: null, fields: {}, notice: 'Audit published.' }),
    assignStatus: assign(({ context }, params: { finding: UpdatedFinding }) => ({
      data: context.data && {
        ...context.data,
        audits: context.data.audits.map((a) => ({
          ...a,
          findings: a.findings.map((f) =>
            f.id === params.finding.id ? { ...f, status: params.finding.status } : f,
          ),
        })),
      },
      error: null,
      notice: 'Finding status saved.',
    })),
    assignError: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), notice: null })),
  },
}).createMachine({
  id: 'auditAdmin',
  // (PICK opens another project from any state that is not waiting for the server.)
  context: { projectId: '', data: null, form: EMPTY_FORM, error: null, fields: {}, notice: null },
  invoke: { id: 'picker', src: 'picker', input: { mode: 'single' } },
  initial: 'picking',
  states: {
    picking: { on: { PICK, OPEN_PICKER } },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ data: event.output }) },
        },
        onError: refusedOr('forbidden', 'loadFailed'),
      },
    },
    loadFailed: { tags: ['error'], on: { RETRY: 'loading', PICK, OPEN_PICKER } },
    forbidden: { tags: ['forbidden'] },
    ready: {
      tags: ['ready'],
      on: {
        PICK,
        OPEN_PICKER,
        CHANGE: { actions: 'assignPatch' },
        ADD_FINDING: { actions: 'addFinding' },
        CHANGE_FINDING: { actions: 'changeFinding' },
        REMOVE_FINDING: { actions: 'removeFinding' },
        PUBLISH: { guard: 'formComplete', target: 'publishing' },
        SET_STATUS: { guard: 'statusChanges', target: 'updatingStatus' },
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => ({ projectId: context.projectId, form: context.form }),
        onDone: { target: 'loading', actions: 'assignPublished' },
        onError: refusedOr('forbidden', 'ready'),
      },
    },
    updatingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ event }) => {
          assertEvent(event, 'SET_STATUS');
          return { findingId: event.findingId, status: event.status };
        },
        onDone: {
          target: 'ready',
          actions: { type: 'assignStatus', params: ({ event }) => ({ finding: event.output }) },
        },
        onError: refusedOr('forbidden', 'ready'),
      },
    },
  },
});
