import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { settingsSectionMachine } from '../../machines/settings-section/settingsSection.machine';
import { describePaths, pending } from './harness';

const machine = settingsSectionMachine.provide({ actors: { load: pending() as never, mutate: pending() as never } });

function events(s: AnyMachineSnapshot) {
  const user = [
    { type: 'SUBMIT', action: 'add', payload: { walletAddress: '0x1' } },
    { type: 'RETRY' },
    { type: 'DISMISS' },
  ];
  if (s.hasTag('loading'))
    return [
      ...user,
      { type: 'xstate.done.actor.load', output: ['w1'] },
      { type: 'xstate.error.actor.load', error: { message: 'Offline' } },
    ];
  if (s.hasTag('busy'))
    return [
      ...user,
      { type: 'xstate.done.actor.mutate', output: { message: 'Wallet added.', data: ['w1', 'w2'] } },
      { type: 'xstate.done.actor.mutate', output: { message: 'Password changed.' } },
      {
        type: 'xstate.error.actor.mutate',
        error: { message: 'walletAddress: Invalid', fields: { walletAddress: 'Invalid' } },
      },
      { type: 'xstate.error.actor.mutate', error: new Error('') },
    ];
  return user;
}

for (const loads of [true, false]) {
  describePaths('settingsSection', machine, {
    input: { loads },
    events,
    states: {
      'settingsSection.loading': (s) => expect(s.hasTag('ready')).toBe(false),
      'settingsSection.failed': (s) => {
        expect(s.hasTag('failed')).toBe(true);
        expect(s.context.message).toEqual({ kind: 'error', text: 'Offline' });
      },
      'settingsSection.ready': (s) => {
        expect(s.hasTag('ready')).toBe(true);
        if (s.context.message?.kind === 'error' && s.context.message.fields)
          expect(s.context.message.fields.walletAddress).toBe('Invalid');
        if (s.context.message?.kind === 'error' && !s.context.message.fields)
          expect(s.context.message.text).toBe('Something went wrong.');
      },
      'settingsSection.writing': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.action).toBe('add');
        expect(s.context.message).toBeNull();
      },
    },
  });
}
