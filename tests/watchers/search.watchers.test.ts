import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectSearch } from '../../src/components/ProjectSearch';

/**
 * The search box as the app renders it, with its real `slashShortcut` watcher: '/' focuses the box where slash
 * focus is on (and the box opens), never while the user types in a field, never where it is off; unmounting the
 * box removes the key listener. The search request is stubbed (an empty trending list).
 */

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify([]), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function press(key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}
const box = () => screen.getByRole('combobox');

describe('search slashShortcut watcher (real, in jsdom)', () => {
  it("slash focus on: '/' focuses the box, which opens; the '/' is not typed", () => {
    render(createElement(ProjectSearch, { variant: 'header', slashFocus: true }));
    expect(box()).not.toHaveFocus();
    const event = press('/');
    expect(event.defaultPrevented).toBe(true);
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveValue('');
  });

  it("'/' typed into another field, or with a modifier, or another key: the box keeps out of it", () => {
    render(
      createElement('div', null, [
        createElement('input', { key: 'other', 'aria-label': 'Other field' }),
        createElement(ProjectSearch, { key: 'search', variant: 'header', slashFocus: true }),
      ]),
    );
    const other = screen.getByRole('textbox', { name: 'Other field' });
    act(() => other.focus());
    expect(press('/', other).defaultPrevented).toBe(false);
    expect(other).toHaveFocus();
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { altKey: true }]) {
      expect(press('/', document.body, init).defaultPrevented).toBe(false);
      expect(box()).not.toHaveFocus();
    }
    expect(press('k').defaultPrevented).toBe(false);
    expect(box()).not.toHaveFocus();
  });

  it("slash focus off (the default): '/' does nothing", () => {
    render(createElement(ProjectSearch, { variant: 'page' }));
    expect(press('/').defaultPrevented).toBe(false);
    expect(box()).not.toHaveFocus();
  });

  it('unmounting the box removes its key listener', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(createElement(ProjectSearch, { variant: 'header', slashFocus: true }));
    const onKey = add.mock.calls.find(([type]) => type === 'keydown')?.[1];
    expect(onKey).toBeTypeOf('function');
    unmount();
    expect(remove).toHaveBeenCalledWith('keydown', onKey);
    expect(press('/').defaultPrevented).toBe(false);
  });
});
