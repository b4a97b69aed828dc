import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import { announcementAdminMachine } from '../../machines/admin/announcement/announcementAdmin.machine';
import { connectAnnouncementAdmin } from '../../machines/admin/announcement/announcementAdmin.connect';
import type {
  AnnouncementAdminEvent,
  AnnouncementForm,
  StoredAnnouncement,
} from '../../machines/admin/announcement/announcementAdmin.types';
import { isRefused } from './staffScreens';
import { describePaths, pending, replay, type StepEffect } from './harness';
import { sameCheckIn } from './stateChecks';
import { answersIn } from './answers';

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

type Snapshot = Parameters<typeof connectAnnouncementAdmin>[0];
const TEXT_FIELDS = ['content', 'link', 'linkText'] as const;
/** The view model (announcementAdmin.connect) of a snapshot, with the events its getters send. */
const connected = (s: AnyMachineSnapshot) => {
  const sent: AnnouncementAdminEvent[] = [];
  const send = vi.fn((event: AnnouncementAdminEvent) => void sent.push(event));
  return { v: connectAnnouncementAdmin(s as Snapshot, send, { idPrefix: 'ann' }), sent };
};

/** What the page renders (AnnouncementAdminPage), read from the view model: the screen, messages, form and Save. */
const view = (s: AnyMachineSnapshot) => {
  const { v } = connected(s);
  if (v.screen === 'forbidden') return { screen: 'forbidden' };
  if (v.screen === 'loading') return { screen: 'loading' };
  if (v.screen === 'loadFailed') return { screen: 'loadFailed', alert: v.loadError };
  const fieldErrors = Object.fromEntries(
    TEXT_FIELDS.flatMap((name) => {
      const props = v.getFieldErrorProps(name);
      return props ? [[name, props.children]] : [];
    }),
  );
  return {
    screen: 'form',
    form: {
      content: v.getTextFieldProps('content').value,
      link: v.getTextFieldProps('link').value,
      linkText: v.getTextFieldProps('linkText').value,
      active: v.getActiveProps().checked,
    },
    fieldErrors,
    alert: v.saveError,
    saved: v.savedText === 'Announcement saved.',
    canSave: !v.getSaveButtonProps().disabled,
  };
};

/** The texts, attributes and events of every screen, checked in every state. */
const screenChecks = (s: AnyMachineSnapshot) => {
  const { v, sent } = connected(s);
  expect(v.title).toBe('Announcement');
  expect(v.getMainProps()).toEqual({
    className: 'container announcement-admin',
    'aria-busy': v.screen === 'loading' ? 'true' : undefined,
  });
  if (v.screen === 'forbidden') expect(v.forbiddenText).toBe('Only admins can edit the announcement.');
  if (v.screen === 'loadFailed') {
    expect(v.loadError).toEqual(expect.any(String));
    expect(v.retryText).toBe('Try again');
    const retry = v.getRetryButtonProps();
    expect(retry).toMatchObject({ type: 'button', className: 'btn btn-secondary' });
    retry.onClick();
    expect(sent).toEqual([{ type: 'RETRY' }]);
  }
  if (v.screen !== 'form') return;
  const { form, fields } = ctx(s);
  expect(v.lead).toBe('The banner shown at the top of every page.');
  expect(TEXT_FIELDS.map((name) => v.getLabelProps(name))).toEqual([
    { htmlFor: 'ann-content', children: 'Content' },
    { htmlFor: 'ann-link', children: 'Link (optional)' },
    { htmlFor: 'ann-linkText', children: 'Link text' },
  ]);
  for (const name of TEXT_FIELDS) {
    const field = v.getTextFieldProps(name);
    // A field the server named points at its message.
    if (fields[name]) {
      expect(field).toMatchObject({ 'aria-invalid': true, 'aria-describedby': `ann-${name}-error` });
      expect(v.getFieldErrorProps(name)).toEqual({
        id: `ann-${name}-error`,
        className: 'announcement-admin__field-error',
        children: fields[name],
      });
    } else {
      expect(field).not.toHaveProperty('aria-invalid');
      expect(field).not.toHaveProperty('aria-describedby');
      expect(v.getFieldErrorProps(name)).toBeNull();
    }
    expect(field.id).toBe(`ann-${name}`);
  }
  expect(v.getTextFieldProps('content')).toMatchObject({ maxLength: 500, rows: 3, required: true });
  expect(v.getTextFieldProps('link')).toMatchObject({
    maxLength: 500,
    placeholder: '/products/skynet or https://…',
  });
  expect(v.getTextFieldProps('linkText')).toMatchObject({ maxLength: 100 });
  expect(v.activeText).toBe('Show the banner');
  expect(v.getActiveProps()).toMatchObject({ type: 'checkbox', checked: form.active });
  expect(v.saveText).toBe('Save');
  expect(v.getSaveButtonProps()).toMatchObject({ type: 'submit', className: 'btn btn-primary' });
  // Each control sends its event: an edit of its own field, the checkbox's state, Save on submit.
  v.getTextFieldProps('content').onChange({ target: { value: 'New text' } });
  v.getTextFieldProps('link').onChange({ target: { value: '/x' } });
  v.getTextFieldProps('linkText').onChange({ target: { value: 'More' } });
  v.getActiveProps().onChange({ target: { checked: !form.active } });
  const preventDefault = vi.fn();
  v.getFormProps().onSubmit({ preventDefault });
  expect(preventDefault).toHaveBeenCalledOnce();
  expect(sent).toEqual([
    { type: 'CHANGE', patch: { content: 'New text' } },
    { type: 'CHANGE', patch: { link: '/x' } },
    { type: 'CHANGE', patch: { linkText: 'More' } },
    { type: 'CHANGE', patch: { active: !form.active } },
    { type: 'SUBMIT' },
  ]);
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

const STATES = ['loading', 'loadFailed', 'forbidden', 'editing', 'saving', 'saved', 'saveFailed'];

for (const { loaded, loadErrors, saveErrors, patches } of variants)
  describePaths('announcementAdmin', machine, {
    events: (s) => [
      ...patches.map((patch) => ({ type: 'CHANGE', patch })),
      { type: 'SUBMIT' },
      { type: 'RETRY' },
      ...answersIn(s, 'loading', 'load', { outputs: [loaded], errors: loadErrors }),
      ...answersIn(s, 'saving', 'save', { outputs: [storedOf(ctx(s).form)], errors: saveErrors }),
    ],
    states: sameCheckIn('announcementAdmin', STATES, screenChecks),
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
