import { assertEvent, assign, fromPromise, setup } from 'xstate';

export type AnnouncementForm = { content: string; link: string; linkText: string; active: boolean };
/** What the server stores and answers (link fields may be null). */
export type StoredAnnouncement = {
  content: string;
  link: string | null;
  linkText: string | null;
  active: boolean;
};

export type AnnouncementAdminEvent =
  { type: 'CHANGE'; patch: Partial<AnnouncementForm> } | { type: 'SUBMIT' } | { type: 'RETRY' };

type ErrorLike = { status?: number; message?: string; fields?: Record<string, string> };
const errorOf = (error: unknown): ErrorLike => (error ?? {}) as ErrorLike;

const EMPTY: AnnouncementForm = { content: '', link: '', linkText: '', active: true };
const toForm = (a: StoredAnnouncement | null | undefined): AnnouncementForm =>
  a ? { content: a.content, link: a.link ?? '', linkText: a.linkText ?? '', active: a.active } : EMPTY;

/**
 * The admin form for the announcement banner (/admin/announcement): load the latest announcement, edit content,
 * link, link text and active, save (PUT /api/announcement). A refused caller (401/403) sees `forbidden`;
 * validation errors name their fields. Tags: loading, busy, saved, error, forbidden.
 */
export const announcementAdminMachine = setup({
  types: {
    context: {} as { form: AnnouncementForm; error: string | null; fields: Record<string, string> },
    events: {} as AnnouncementAdminEvent,
    tags: {} as 'loading' | 'busy' | 'saved' | 'error' | 'forbidden',
  },
  actors: {
    load: fromPromise<StoredAnnouncement | null>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<StoredAnnouncement, AnnouncementForm>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    isForbidden: (_, params: { error: unknown }) => [401, 403].includes(errorOf(params.error).status ?? 0),
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
    assignError: assign((_, params: { error: unknown }) => ({
      error: errorOf(params.error).message ?? 'Something went wrong.',
      fields: errorOf(params.error).fields ?? {},
    })),
  },
}).createMachine({
  id: 'announcementAdmin',
  context: { form: EMPTY, error: null, fields: {} },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'editing',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ announcement: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'forbidden',
          },
          {
            target: 'loadFailed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: { tags: ['error'], on: { RETRY: 'loading' } },
    forbidden: { tags: ['forbidden'] },
    editing: {
      on: {
        CHANGE: { actions: 'assignPatch' },
        SUBMIT: { guard: 'hasContent', target: 'saving' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.form,
        onDone: {
          target: 'saved',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ announcement: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'forbidden',
          },
          {
            target: 'saveFailed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    saved: {
      tags: ['saved'],
      on: {
        CHANGE: { target: 'editing', actions: 'assignPatch' },
        SUBMIT: { guard: 'hasContent', target: 'saving' },
      },
    },
    saveFailed: {
      tags: ['error'],
      on: {
        CHANGE: { target: 'editing', actions: 'assignPatch' },
        SUBMIT: { guard: 'hasContent', target: 'saving' },
      },
    },
  },
});
