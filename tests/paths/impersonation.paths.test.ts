import { expect } from 'vitest';
import { impersonationMachine, USER_NOT_FOUND } from '../../machines/impersonation/impersonation.machine';
import { describePaths, pending } from './harness';

let reloads = 0;
const machine = impersonationMachine.provide({
  actors: { switchUser: pending() as never, exitImpersonation: pending() as never },
  actions: { reloadPage: () => void reloads++ },
});

const notFound = Object.assign(new Error('User does not exist'), { status: 404, code: 'UserNotFound' });
const forbidden = Object.assign(new Error('Only admins with the impersonation tool can impersonate users.'), {
  status: 403,
});

describePaths('impersonation', machine, {
  events: (s) => [
    { type: 'OPEN' },
    { type: 'CLOSE' },
    { type: 'CHANGE', value: '' },
    { type: 'CHANGE', value: 'b1e4c7d2-0000-4000-8000-000000000001' },
    { type: 'SUBMIT' },
    { type: 'EXIT', adminId: 'a-admin' },
    ...(s.matches({ open: 'switching' })
      ? [
          { type: 'xstate.done.actor.switchUser', output: {} },
          { type: 'xstate.error.actor.switchUser', error: notFound },
        ]
      : []),
    ...(s.matches('exiting')
      ? [
          { type: 'xstate.done.actor.exitImpersonation', output: {} },
          { type: 'xstate.error.actor.exitImpersonation', error: forbidden },
        ]
      : []),
  ],
  states: {
    'impersonation.closed': (s) => {
      expect(s.hasTag('open')).toBe(false);
      expect(s.context).toMatchObject({ error: null });
    },
    'impersonation.open': (s) => expect(s.hasTag('open')).toBe(true),
    'impersonation.open.editing': (s) => {
      expect(s.hasTag('busy')).toBe(false);
      expect(s.hasTag('error')).toBe(false);
    },
    'impersonation.open.switching': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.userId.trim()).not.toBe('');
    },
    'impersonation.open.failed': (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(s.context.error).toBe(USER_NOT_FOUND);
    },
    'impersonation.exiting': (s) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.hasTag('open')).toBe(false);
    },
    'impersonation.exitFailed': (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(s.context.error).toBe('Only admins with the impersonation tool can impersonate users.');
    },
    'impersonation.reloading': (s) => {
      expect(s.hasTag('reloading')).toBe(true);
      expect(s.status).toBe('done');
      expect(reloads).toBeGreaterThan(0);
    },
  },
});
