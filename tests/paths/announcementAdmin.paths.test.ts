import { expect } from 'vitest';
import { announcementAdminMachine } from '../../machines/announcement-admin/announcementAdmin.machine';
import { describePaths, pending } from './harness';

const machine = announcementAdminMachine.provide({
  actors: { load: pending() as never, save: pending() as never },
});

const stored = {
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

describePaths('announcementAdmin', machine, {
  events: (s) => [
    { type: 'CHANGE', patch: { content: '' } },
    { type: 'CHANGE', patch: { content: 'Maintenance tonight', active: false } },
    { type: 'SUBMIT' },
    { type: 'RETRY' },
    ...(s.matches('loading')
      ? [
          { type: 'xstate.done.actor.load', output: stored },
          { type: 'xstate.error.actor.load', error: down },
          { type: 'xstate.error.actor.load', error: forbidden },
        ]
      : []),
    ...(s.matches('saving')
      ? [
          { type: 'xstate.done.actor.save', output: stored },
          { type: 'xstate.error.actor.save', error: invalid },
          { type: 'xstate.error.actor.save', error: forbidden },
        ]
      : []),
  ],
  states: {
    'announcementAdmin.loading': (s) => expect(s.hasTag('loading')).toBe(true),
    'announcementAdmin.loadFailed': (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(s.context.error).toBe('Something went wrong on our side.');
    },
    'announcementAdmin.forbidden': (s) => expect(s.hasTag('forbidden')).toBe(true),
    'announcementAdmin.editing': (s) => {
      expect(s.hasTag('error')).toBe(false);
      expect(s.context.fields).toEqual({});
    },
    'announcementAdmin.saving': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.form.content.trim()).not.toBe('');
    },
    'announcementAdmin.saved': (s) => {
      expect(s.hasTag('saved')).toBe(true);
      expect(s.context.form).toEqual(stored);
    },
    'announcementAdmin.saveFailed': (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(s.context.fields).toHaveProperty('link');
    },
  },
});
