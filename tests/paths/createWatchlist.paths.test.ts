import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  createWatchlistMachine,
  type CreateWatchlistContext,
  type CreateWatchlistEmitted,
} from '../../machines/create-watchlist/createWatchlist.machine';
import { describePaths } from './harness';

const ctx = (s: AnyMachineSnapshot) => s.context as CreateWatchlistContext;

describePaths('createWatchlist', createWatchlistMachine, {
  events: [
    { type: 'OPEN', existingNames: ['Alpha'] },
    { type: 'CHANGE', value: '' },
    { type: 'CHANGE', value: 'Alpha' },
    { type: 'CHANGE', value: 'Beta' },
    { type: 'SUBMIT' },
    { type: 'CANCEL' },
  ] as never,
  states: {
    'createWatchlist.closed': (s) => {
      expect(s.hasTag('open')).toBe(false);
      expect(ctx(s).name).toBe('');
    },
    'createWatchlist.open': (s) => {
      expect(s.hasTag('open')).toBe(true);
      if (ctx(s).error) {
        expect(ctx(s).error).toBe('The name is already used');
      }
    },
  },
});

describe('createWatchlist form', () => {
  const open = () => {
    const submitted: CreateWatchlistEmitted[] = [];
    const a = createActor(createWatchlistMachine);
    a.on('submitted', (e) => submitted.push(e));
    a.start();
    a.send({ type: 'OPEN', existingNames: ['Alpha'] });
    return { a, submitted };
  };

  it('ignores an empty name', () => {
    const { a, submitted } = open();
    a.send({ type: 'CHANGE', value: '   ' });
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([]);
    expect(a.getSnapshot().hasTag('open')).toBe(true);
    expect(a.getSnapshot().context.error).toBeNull();
  });

  it('refuses an existing name with the message and clears the field', () => {
    const { a, submitted } = open();
    a.send({ type: 'CHANGE', value: 'Alpha ' });
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([]);
    expect(a.getSnapshot().context).toMatchObject({ name: '', error: 'The name is already used' });
    a.send({ type: 'CHANGE', value: 'A' });
    expect(a.getSnapshot().context.error).toBeNull();
  });

  it('submits a trimmed name of at most 20 characters and closes', () => {
    const { a, submitted } = open();
    a.send({ type: 'CHANGE', value: ' 123456789012345678901234' });
    expect(a.getSnapshot().context.name).toHaveLength(20);
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([{ type: 'submitted', name: '1234567890123456789', purpose: 'create' }]);
    expect(a.getSnapshot().hasTag('open')).toBe(false);
  });

  it('renames with the current name prefilled', () => {
    const { a, submitted } = open();
    a.send({ type: 'CANCEL' });
    a.send({ type: 'OPEN', existingNames: [], name: 'Old', purpose: 'rename' });
    expect(a.getSnapshot().context.name).toBe('Old');
    a.send({ type: 'SUBMIT' });
    expect(submitted).toEqual([{ type: 'submitted', name: 'Old', purpose: 'rename' }]);
  });
});
