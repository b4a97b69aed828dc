import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import {
  announcementAdminMachine,
  type AnnouncementForm,
  type StoredAnnouncement,
} from '../../machines/admin/announcement/announcementAdmin.machine';
import { staffScreen, isRefused } from './staffScreens';
import { describePaths, pending, replay, type StepEffect } from './harness';

const machine = announcementAdminMachine.provide({
  actors: { load: pending() as never, save: pending() as never },
});

type Context = { form: AnnouncementForm; error: string | null; fields: Record<string, string> };
const ctx = (s: AnyMachineSnapshot) => s.context as Context;

const stored: StoredAnnouncement = {
  content: 'Skynet 2.0 is live',
  link: '/products/skynet',
  linkText: 'Read more',
  active: true,
};
const invalid = Object.assign(new Error('link: Enter a path starting with / or an http(s) URL'), {
  status: 400,
  fields: { link: 'Enter a path starting with / or an http(s) URL' },
});
const forbidden = Object.assign(new Error('Only admins can do this.'), { status: 403 });
const down = Object.assign(new Error('Something went wrong on our side.'), { status: 500 });

/** What the page renders (AnnouncementAdminPage): which screen, the messages, the form and its Save button. */
const view = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  const early = staffScreen(s, c.error);
  if (early) return early;
  return {
    screen: 'form',
    form: c.form,
    fieldErrors: c.fields,
    alert: s.matches('saveFailed') ? c.error : null,
    saved: s.hasTag('saved'),
    canSave: s.can({ type: 'SUBMIT' }),
  };
};

/** The form screen showing `form` with nothing said; Save is offered once there is content. */
const formScreen = (form: AnnouncementForm) => ({
  screen: 'form',
  form,
  fieldErrors: {},
  alert: null,
  saved: false,
  canSave: form.content.trim() !== '',
});

/** The form as the page shows a stored announcement (no announcement yet: an empty, active one). */
const formOf = (a: StoredAnnouncement | null): AnnouncementForm =>
  a
    ? { content: a.content, link: a.link ?? '', linkText: a.linkText ?? '', active: a.active }
    : { content: '', link: '', linkText: '', active: true };
/** What the server answers to a save: the form, empty link fields stored as null. */
const storedOf = (form: AnnouncementForm): StoredAnnouncement => ({
  ...form,
  link: form.link || null,
  linkText: form.linkText || null,
});
/** The message shown for a failed call: the server's, else a generic one. */
const messageOf = (error: unknown) => (error as { message?: string }).message ?? 'Something went wrong.';

/** Whether the load or save request is in flight. */
const requests = (s: AnyMachineSnapshot) => Object.keys(s.children).sort();

/** A request answered: its actor is stopped and no other starts. */
const answered = (step: StepEffect, id: 'load' | 'save') => {
  expect(requests(step.before)).toEqual([id]);
  expect(requests(step.after)).toEqual([]);
  expect(step.actions).toEqual([{ type: 'xstate.stopChild', params: step.before.children[id] }]);
};

/** A failed call: a refused caller sees only the "admins only" screen; any other failure shows its message. */
const failed = (step: StepEffect, id: 'load' | 'save') => {
  answered(step, id);
  const { error } = step.event;
  if (isRefused(error)) {
    expect(view(step.after)).toEqual({ screen: 'forbidden' });
    // Terminal for this page: nothing more can be done in it.
    expect(step.after.can({ type: 'RETRY' })).toBe(false);
    expect(step.after.can({ type: 'SUBMIT' })).toBe(false);
    expect(ctx(step.after)).toEqual(ctx(step.before));
    return;
  }
  if (id === 'load') {
    expect(view(step.after)).toEqual({ screen: 'loadFailed', alert: messageOf(error) });
    expect(step.after.can({ type: 'RETRY' })).toBe(true);
  } else {
    // The form keeps what was typed, with the message and the fields the server named.
    expect(view(step.after)).toEqual({
      ...formScreen(ctx(step.before).form),
      fieldErrors: (error as { fields?: Record<string, string> }).fields ?? {},
      alert: messageOf(error),
    });
  }
};

/** A field edited: that change lands in the form, the rest stays, and old messages go. */
const edits = (step: StepEffect) => {
  const patch = step.event.patch as Partial<AnnouncementForm>;
  const form = { ...ctx(step.before).form, ...patch };
  expect(view(step.after)).toEqual(formScreen(form));
  expect(ctx(step.after).error).toBeNull();
  expect(requests(step.after)).toEqual([]);
};

/** Save with some content: the form as it is goes to the server and Save is off meanwhile. */
const submits = (step: StepEffect) => {
  const { form } = ctx(step.before);
  expect(form.content.trim()).not.toBe('');
  expect(requests(step.after)).toEqual(['save']);
  expect((step.after.children.save as AnyActorRef).getSnapshot().input).toEqual(form);
  expect(step.after.hasTag('busy')).toBe(true);
  expect(view(step.after)).toMatchObject({ screen: 'form', form, canSave: false, saved: false, alert: null });
  expect(ctx(step.after)).toEqual(ctx(step.before));
};

type Variant = {
  /** What the server has when the page loads. */
  loaded: StoredAnnouncement | null;
  loadErrors: unknown[];
  saveErrors: unknown[];
  patches: Partial<AnnouncementForm>[];
};
const variants: Variant[] = [
  {
    loaded: stored,
    loadErrors: [down, forbidden],
    saveErrors: [invalid, forbidden],
    patches: [{ content: '' }, { content: 'Maintenance tonight', active: false }],
  },
  {
    // No announcement yet; errors without a status or a message; not signed in.
    loaded: null,
    loadErrors: [new Error('Failed to fetch'), { status: 401 }],
    saveErrors: [{}, Object.assign(new Error('Please sign in.'), { status: 401 })],
    patches: [{ content: '  ' }, { content: 'Maintenance tonight', link: 'https://status.example.com' }],
  },
];

for (const { loaded, loadErrors, saveErrors, patches } of variants)
  describePaths('announcementAdmin', machine, {
    events: (s) => [
      ...patches.map((patch) => ({ type: 'CHANGE', patch })),
      { type: 'SUBMIT' },
      { type: 'RETRY' },
      ...(s.matches('loading')
        ? [
            { type: 'xstate.done.actor.load', output: loaded },
            ...loadErrors.map((error) => ({ type: 'xstate.error.actor.load', error })),
          ]
        : []),
      ...(s.matches('saving')
        ? [
            { type: 'xstate.done.actor.save', output: storedOf(ctx(s).form) },
            ...saveErrors.map((error) => ({ type: 'xstate.error.actor.save', error })),
          ]
        : []),
    ],
    transitions: {
      // The stored announcement fills the form (empty link fields as empty inputs).
      'announcementAdmin.loading|xstate.done.actor.load': (step) => {
        answered(step, 'load');
        const form = formOf(step.event.output as StoredAnnouncement | null);
        expect(view(step.after)).toEqual(formScreen(form));
      },
      'announcementAdmin.loading|xstate.error.actor.load': (step) => failed(step, 'load'),
      // "Try again" loads again, with the old message gone from the screen.
      'announcementAdmin.loadFailed|RETRY': (step) => {
        expect(requests(step.before)).toEqual([]);
        expect(view(step.after)).toEqual({ screen: 'loading' });
        expect(requests(step.after)).toEqual(['load']);
      },
      'announcementAdmin.editing|CHANGE': edits,
      'announcementAdmin.saved|CHANGE': (step) => {
        expect(view(step.before)).toMatchObject({ saved: true });
        edits(step);
      },
      'announcementAdmin.saveFailed|CHANGE': (step) => {
        expect(view(step.before)).toMatchObject({ alert: expect.any(String) });
        edits(step);
      },
      'announcementAdmin.editing|SUBMIT': submits,
      'announcementAdmin.saved|SUBMIT': submits,
      'announcementAdmin.saveFailed|SUBMIT': submits,
      // Saved: the form shows what the server stored, with "Announcement saved.".
      'announcementAdmin.saving|xstate.done.actor.save': (step) => {
        answered(step, 'save');
        const form = formOf(step.event.output as StoredAnnouncement);
        expect(form).toEqual(ctx(step.before).form);
        expect(view(step.after)).toEqual({ ...formScreen(form), saved: true, canSave: true });
      },
      'announcementAdmin.saving|xstate.error.actor.save': (step) => failed(step, 'save'),
    },
  });

describe('announcementAdmin', () => {
  const after = (events: EventObject[]) => {
    const steps: StepEffect[] = [];
    replay(machine, undefined, events, (step) => steps.push(step));
    return steps.at(-1)!;
  };

  it('sends nothing when Save is pressed with blank content', () => {
    for (const content of ['', '   ']) {
      const step = after([
        { type: 'xstate.done.actor.load', output: stored } as EventObject,
        { type: 'CHANGE', patch: { content } } as EventObject,
        { type: 'SUBMIT' },
      ]);
      expect(step.transitions).toEqual([]);
      expect(requests(step.after)).toEqual([]);
      expect(view(step.after)).toMatchObject({ screen: 'form', canSave: false });
      expect(ctx(step.after)).toEqual(ctx(step.before));
    }
  });
});
