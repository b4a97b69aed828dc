import { assertEvent, assign, setup } from 'xstate';
import { failureOf, isForbidden, loadStates, refusedOr } from '../staff-request/staffRequest';

import type {
  AnnouncementAdminContext,
  AnnouncementAdminEvent,
  AnnouncementAdminTag,
  AnnouncementForm,
  StoredAnnouncement,
} from './announcementAdmin.types';
import { notProvided } from '../../core/requests';

const EMPTY: AnnouncementForm = { content: '', link: '', linkText: '', active: true };
const toForm = (a: StoredAnnouncement | null | undefined): AnnouncementForm =>
  a ? { content: a.content, link: a.link ?? '', linkText: a.linkText ?? '', active: a.active } : EMPTY;

/**
 * The admin form for the announcement banner (/admin/announcement): load the latest announcement, edit content,
 * link, link text and active, save (PUT /api/announcement). A refused caller (401/403) sees `forbidden`;
 * validation errors name their fields. Tags: loading, ready (the form shows), busy, saved, error, forbidden.
 */
export const announcementAdminMachine = setup({
  types: {
    context: {} as AnnouncementAdminContext,
    events: {} as AnnouncementAdminEvent,
    tags: {} as AnnouncementAdminTag,
  },
  actors: {
    load: notProvided<StoredAnnouncement | null>('load'),
    save: notProvided<StoredAnnouncement, AnnouncementForm>('save'),
  },
  guards: {
    isForbidden,
    hasContent: ({ context }) => context.form.content.trim().length > 0,
  },
  actions: {
    assignLoaded: assign((_, params: { announcement: StoredAnnouncement | null }) => ({
      form: toForm(params.announcement),
      error: null,
      fields: {},
    })),
    assignPatch: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      return { form: { ...context.form, ...event.patch }, error: null, fields: {} };
    }),
    assignError: assign((_, params: { error: unknown }) => failureOf(params.error)),
  },
}).createMachine({
  id: 'announcementAdmin',
  context: { form: EMPTY, error: null, fields: {} },
  initial: 'loading',
  states: {
    ...loadStates('load', 'editing', {
      type: 'assignLoaded',
      params: ({ event }: { event: { output: StoredAnnouncement | null } }) => ({
        announcement: event.output,
      }),
    }),
    editing: {
      tags: ['ready'],
      on: {
        CHANGE: { actions: 'assignPatch' },
        SUBMIT: { guard: 'hasContent', target: 'saving' },
      },
    },
    saving: {
      tags: ['ready', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.form,
        onDone: {
          target: 'saved',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ announcement: event.output }) },
        },
        onError: refusedOr('forbidden', 'saveFailed'),
      },
    },
    saved: {
      tags: ['ready', 'saved'],
      on: {
        CHANGE: { target: 'editing', actions: 'assignPatch' },
        SUBMIT: { guard: 'hasContent', target: 'saving' },
      },
    },
    saveFailed: {
      tags: ['ready', 'error'],
      on: {
        CHANGE: { target: 'editing', actions: 'assignPatch' },
        SUBMIT: { guard: 'hasContent', target: 'saving' },
      },
    },
  },
});
