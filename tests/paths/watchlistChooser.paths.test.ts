import { expect } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import { watchlistChooserMachine } from '../../machines/watchlist/chooser/watchlistChooser.machine';
import { connectWatchlistChooser } from '../../machines/watchlist/chooser/watchlistChooser.connect';
import type {
  ChooserList,
  WatchlistChooserEvent,
} from '../../machines/watchlist/chooser/watchlistChooser.types';
import { attachedListeners, describePaths, type StepEffect } from './harness';

/** The row's project is in Alpha and Gamma, not in Beta. */
const LISTS: ChooserList[] = [
  { id: 'w1', name: 'Alpha', projects: ['uni', 'aave'] },
  { id: 'w2', name: 'Beta', projects: ['aave'] },
  { id: 'w3', name: 'Gamma', projects: ['uni'] },
];
const options = (lists = LISTS, disabled = false) => ({
  projectId: 'uni',
  projectName: 'Uniswap',
  lists,
  menuId: 'menu-1',
  disabled,
});
/** The view of a snapshot, with the events its controls sent. */
const viewOf = (s: AnyMachineSnapshot, lists = LISTS, disabled = false) => {
  const sent: WatchlistChooserEvent[] = [];
  const view = connectWatchlistChooser(s as never, (e) => sent.push(e), options(lists, disabled));
  return { view, sent };
};

/**
 * What every snapshot shows, read from the state (not from the tag the view reads): the star (its label naming the
 * lists that hold the project, expanded and controlling the menu while open), the menu, and one item per list,
 * checked when it holds the project, the first focused; and the event the star and each item send.
 */
function expectView(s: AnyMachineSnapshot) {
  const open = s.matches('open');
  const { view, sent } = viewOf(s);
  expect(view.open).toBe(open);
  expect(view.inList).toBe(true);
  expect(view.label).toBe('Uniswap is in Alpha, Gamma: choose a watchlist');
  const star = view.getStarProps();
  expect(star).toMatchObject({
    variant: 'icon',
    inList: true,
    label: 'Uniswap is in Alpha, Gamma: choose a watchlist',
    disabled: false,
    menu: { id: 'menu-1', open },
  });
  star.onClick();
  expect(sent).toEqual([{ type: 'STAR' }]);
  expect(viewOf(s, LISTS, true).view.getStarProps().disabled).toBe(true);
  // No list holds it: the star offers to add it.
  const none = viewOf(s, [LISTS[1]!]).view;
  expect([none.inList, none.label, none.getStarProps().inList]).toEqual([
    false,
    'Add Uniswap to a watchlist',
    false,
  ]);
  expect(view.getMenuProps()).toEqual({
    id: 'menu-1',
    role: 'menu',
    'aria-label': 'Watchlists for Uniswap',
    className: 'watchlist-chooser-menu',
    'data-scope': 'watchlist',
    'data-part': 'chooser',
  });
  expect(view.items.map((i) => [i.key, i.name, i.held, i.checkText])).toEqual([
    ['w1', 'Alpha', true, '✓'],
    ['w2', 'Beta', false, ''],
    ['w3', 'Gamma', true, '✓'],
  ]);
  view.items.forEach((item, i) => {
    expect(item.getCheckProps()).toEqual({ 'aria-hidden': 'true', className: 'watchlist-chooser-check' });
    const props = item.getItemProps();
    expect(props).toMatchObject({
      type: 'button',
      role: 'menuitemcheckbox',
      'aria-checked': item.held,
      className: 'watchlist-chooser-item',
      tabIndex: i === 0 ? 0 : -1,
      autoFocus: i === 0,
    });
    // The click goes no further than the item (the row around it may be a link) and chooses that list.
    const stopped: string[] = [];
    sent.length = 0;
    props.onClick({
      preventDefault: () => stopped.push('default'),
      stopPropagation: () => stopped.push('propagation'),
    });
    expect(stopped).toEqual(['default', 'propagation']);
    expect(sent).toEqual([{ type: 'CHOOSE', listId: item.key }]);
  });
}

/** The outside/Escape listeners the component provides, while attached: each step sees whether they are. */
const { listening, listener } = attachedListeners();
const machine = watchlistChooserMachine.provide({ actors: { dismissWatcher: listener } });

/** The menu closed, its listeners went with it; `toggled` says which list the project was toggled in, if any. */
const closes = (step: StepEffect, toggled: string | null) => {
  const watcher = step.before.children.dismissWatcher as AnyActorRef;
  expect(step.before.hasTag('open')).toBe(true);
  expect(step.after.hasTag('open')).toBe(false);
  expect(listening.has(watcher)).toBe(false);
  expect(step.after.children.dismissWatcher).toBeUndefined();
  expect(viewOf(step.after).view.open).toBe(false);
  expect(viewOf(step.after).view.getStarProps().menu).toEqual({ id: 'menu-1', open: false });
  expect(step.actions.filter((a) => a.type === 'toggle')).toEqual(
    toggled ? [{ type: 'toggle', params: { listId: toggled } }] : [],
  );
  expect(step.actions).toContainEqual({ type: 'xstate.stopChild', params: watcher });
  expect(step.sent).toEqual([]);
};

describePaths('watchlistChooser', machine, {
  events: [{ type: 'STAR' }, { type: 'CLOSE' }, { type: 'CHOOSE', listId: 'w2' } as EventObject],
  transitions: {
    // The star opens the menu; nothing is toggled yet, and only now do the outside/Escape listeners attach.
    'watchlistChooser.closed|STAR': (step) => {
      expect(step.after.hasTag('open')).toBe(true);
      expect(viewOf(step.after).view.open).toBe(true);
      expect(viewOf(step.after).view.getStarProps().menu).toEqual({ id: 'menu-1', open: true });
      const watcher = step.after.children.dismissWatcher as AnyActorRef;
      expect(listening.has(watcher)).toBe(true);
      expect(step.actions).toEqual([
        {
          type: 'xstate.spawnChild',
          params: { id: 'dismissWatcher', src: 'dismissWatcher', actorRef: watcher },
        },
      ]);
    },
    // The star again, a click or focus outside, or Escape: closed, nothing toggled.
    'watchlistChooser.open|STAR': (step) => closes(step, null),
    'watchlistChooser.open|CLOSE': (step) => closes(step, null),
    // A list chosen: the project is toggled in exactly that list, once, and the menu closes.
    'watchlistChooser.open|CHOOSE': (step) => closes(step, step.event.listId as string),
  },
  states: {
    'watchlistChooser.open': expectView,
    // Before the star is used the menu is closed and nothing listens to the page.
    'watchlistChooser.closed': (s, step) => {
      expectView(s);
      if (step?.event.type !== 'xstate.init') return;
      expect(s.hasTag('open')).toBe(false);
      expect(s.children).toEqual({});
    },
  },
});
