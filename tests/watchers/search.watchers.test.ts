import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForSlash } from '../../src/first-load/slashShortcut';

/**
 * The '/' shortcut's real key listener (src/first-load/slashShortcut.ts) in jsdom: it focuses the marked search box in
 * sight, else the page's last shown one; never while the user types in a field or with a modifier; and a page with
 * no marked box keeps its '/'. jsdom has no layout, so what is "in sight" is told through `elementFromPoint` and
 * `getClientRects`, as a browser would answer them (the browser tests press '/' on real pages too).
 */

/** A marked box in its wrapper; `shown` and `inSight` say what the layout would. */
function markedBox(label: string, { shown, inSight }: { shown: boolean; inSight: boolean }) {
  const wrapper = document.createElement('div');
  const box = document.createElement('input');
  box.setAttribute('aria-label', label);
  box.setAttribute('data-slash-focus', '');
  wrapper.append(box);
  document.body.append(wrapper);
  box.getClientRects = () => (shown ? [new DOMRect(0, 0, 100, 20)] : []) as unknown as DOMRectList;
  if (inSight) sight.add(box);
  return box;
}
const sight = new Set<Element>();

function press(init: KeyboardEventInit = {}, target: EventTarget = document.body) {
  const event = new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

beforeAll(() => {
  // The box the point hits is the box in sight; jsdom lays nothing out, so every box sits at (0, 0).
  document.elementFromPoint = () => [...sight].at(0) ?? null;
  listenForSlash();
  listenForSlash(); // a second start adds no second listener
});
afterEach(() => {
  sight.clear();
  document.body.replaceChildren();
  (document.activeElement as HTMLElement | null)?.blur();
});

describe("the '/' shortcut's key listener (real, in jsdom)", () => {
  it('focuses the marked box in sight and keeps the / out of it', () => {
    const header = markedBox('Header search', { shown: true, inSight: true });
    markedBox('Hero search', { shown: true, inSight: false });
    const focus = vi.spyOn(header, 'focus');
    const event = press();
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(header);
    // In sight: not scrolled to (a sticky header's box would make the page jump).
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('with no box in sight, focuses the last shown one and lets the page scroll to it', () => {
    markedBox('Header search', { shown: false, inSight: false });
    const hero = markedBox('Hero search', { shown: true, inSight: false });
    const hidden = markedBox('Hidden search', { shown: false, inSight: false });
    const focus = vi.spyOn(hero, 'focus');
    expect(press().defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(hero);
    expect(document.activeElement).not.toBe(hidden);
    expect(focus).toHaveBeenCalledWith({ preventScroll: false });
  });

  it('leaves a / typed into a field, a / with a modifier and a page with no marked box alone', () => {
    const box = markedBox('Header search', { shown: true, inSight: true });
    const other = document.createElement('textarea');
    document.body.append(other);
    other.focus();
    expect(press({}, other).defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(other);
    other.blur();
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { altKey: true }]) {
      expect(press(init).defaultPrevented).toBe(false);
      expect(document.activeElement).not.toBe(box);
    }
    box.removeAttribute('data-slash-focus');
    expect(press().defaultPrevented).toBe(false);
    expect(document.activeElement).not.toBe(box);
  });

  it('acts once per press however often it was started', () => {
    const box = markedBox('Header search', { shown: true, inSight: true });
    const focus = vi.spyOn(box, 'focus');
    press();
    expect(focus).toHaveBeenCalledTimes(1);
  });
});
