import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  pickerKeyword,
  watchlistPickerMachine,
  type PickerContext,
  type PickerEmitted,
} from '../../machines/watchlist-picker/watchlistPicker.machine';
import { describePaths, pending } from './harness';

const machine = watchlistPickerMachine.provide({ actors: { searchProjects: pending() as never } });
const ctx = (s: AnyMachineSnapshot) => s.context as PickerContext;
const project = (id: string) => ({ id, rank: 1, logo: '/logos/x.svg', name: id, tokenTickers: ['X'] });

for (const mode of ['single', 'multiple'] as const) {
  describePaths('watchlistPicker', machine, {
    input: { mode },
    events: (s) => [
      { type: 'OPEN', existing: ['p1'] },
      { type: 'CLOSE' },
      { type: 'TYPE', keyword: 'et' },
      { type: 'TYPE', keyword: '' },
      { type: 'PICK', projectId: 'p1' },
      { type: 'PICK', projectId: 'p2' },
      { type: 'EXISTING', ids: ['p1', 'p2'] },
      { type: 'RETRY' },
      ...(s.matches({ open: 'searching' })
        ? [
            { type: 'xstate.done.actor.searchProjects', output: [project('p1'), project('p2')] },
            { type: 'xstate.error.actor.searchProjects', error: new Error('500') },
          ]
        : []),
    ],
    serializeState: (s) => {
      const c = ctx(s);
      return JSON.stringify({ v: s.value, k: c.keyword, e: c.existing, r: c.results.length });
    },
    states: {
      'watchlistPicker.closed': (s) => {
        expect(s.hasTag('open')).toBe(false);
        expect(ctx(s).keyword).toBe('');
      },
      'watchlistPicker.open': (s) => expect(s.hasTag('open')).toBe(true),
      'watchlistPicker.open.searching': (s) => expect(s.hasTag('loading')).toBe(true),
      'watchlistPicker.open.ready': (s) => expect(ctx(s).results.length).toBe(2),
      'watchlistPicker.open.failed': (s) => {
        expect(s.hasTag('error')).toBe(true);
        expect(ctx(s).results).toEqual([]);
      },
    },
  });
}

describe('watchlistPicker picks', () => {
  const openReady = (mode: 'single' | 'multiple') => {
    const added: string[] = [];
    const a = createActor(machine, { input: { mode } });
    a.on('add', (e: PickerEmitted) => added.push(e.projectId));
    a.start();
    a.send({ type: 'OPEN', existing: ['p1'] });
    a.send({ type: 'TYPE', keyword: 'eth' });
    a.send({ type: 'xstate.done.actor.searchProjects', output: [project('p1'), project('p2')] } as never);
    return { a, added };
  };

  it('single mode: a project already in the list does nothing; another is added, the keyword cleared, closed', () => {
    const { a, added } = openReady('single');
    a.send({ type: 'PICK', projectId: 'p1' });
    expect(added).toEqual([]);
    expect(a.getSnapshot().hasTag('open')).toBe(true);
    expect(a.getSnapshot().context.keyword).toBe('eth');
    a.send({ type: 'PICK', projectId: 'p2' });
    expect(added).toEqual(['p2']);
    expect(a.getSnapshot().hasTag('open')).toBe(false);
    expect(a.getSnapshot().context.keyword).toBe('');
  });

  it('multiple mode: every pick calls add and the picker stays open', () => {
    const { a, added } = openReady('multiple');
    a.send({ type: 'PICK', projectId: 'p1' });
    a.send({ type: 'PICK', projectId: 'p2' });
    expect(added).toEqual(['p1', 'p2']);
    expect(a.getSnapshot().hasTag('open')).toBe(true);
  });

  it('sends no keyword below two characters (the trending list)', () => {
    expect(pickerKeyword(' e ')).toBe('');
    expect(pickerKeyword(' et ')).toBe('et');
  });
});
