import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { addressWatcher, showSearch } from '../../src/features/listAddress';

afterEach(() => history.replaceState(null, '', '/'));

describe('a list page’s query in the address', () => {
  it('adds a history entry for a new search, replaces in place when asked, and does nothing for the same one', () => {
    history.replaceState(null, '', '/incidents');
    const before = history.length;
    showSearch('?page=2');
    expect(location.pathname + location.search).toBe('/incidents?page=2');
    expect(history.length).toBe(before + 1);
    showSearch('?page=2');
    expect(history.length).toBe(before + 1);
    showSearch('?page=3', 'replace');
    expect(location.search).toBe('?page=3');
    expect(history.length).toBe(before + 1);
  });

  it('tells its machine the query the address names after Back or Forward, until it stops', () => {
    const received: unknown[] = [];
    const machine = createMachine({
      invoke: { id: 'watcher', src: addressWatcher((search) => new URLSearchParams(search).get('page')) },
      on: { URL_CHANGED: { actions: ({ event }) => received.push(event) } },
    });
    const actor = createActor(machine).start();
    history.replaceState(null, '', '/?page=4');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(received).toEqual([{ type: 'URL_CHANGED', query: '4' }]);
    actor.stop();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(received).toHaveLength(1);
  });
});
