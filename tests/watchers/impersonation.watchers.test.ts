import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { liveImpersonationMachine } from '../../src/features/impersonation/liveImpersonation';

/**
 * The impersonation tool as the app runs it (its real `openRequests` watcher): Alt+Shift+I opens the tool only
 * while the tool is enabled, TOOL_ENABLED turns the shortcut on and off, and stopping the actor removes it.
 */

const actors: { stop: () => void }[] = [];
function start(toolEnabled: boolean) {
  const actor = createActor(liveImpersonationMachine, { input: { toolEnabled } });
  actors.push(actor);
  return actor.start();
}
const isOpen = (actor: ReturnType<typeof start>) => actor.getSnapshot().hasTag('open');
/** Alt+Shift+I (by its code: with Alt the key may be another character), or a variant of it. */
function press(init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', {
    code: 'KeyI',
    key: 'I',
    altKey: true,
    shiftKey: true,
    bubbles: true,
    cancelable: true,
    ...init,
  });
  document.body.dispatchEvent(event);
  return event;
}

afterEach(() => {
  actors.splice(0).forEach((a) => a.stop());
  vi.restoreAllMocks();
});

describe('impersonation openRequests watcher (real, in jsdom)', () => {
  it('enabled at start: Alt+Shift+I opens the tool (and the browser does nothing else with the keys)', () => {
    const actor = start(true);
    expect(isOpen(actor)).toBe(false);
    const event = press();
    expect(event.defaultPrevented).toBe(true);
    expect(isOpen(actor)).toBe(true);
  });

  it('other keys open nothing: Alt+I, Shift+I, Ctrl or Meta added, another letter', () => {
    const actor = start(true);
    for (const init of [
      { shiftKey: false },
      { altKey: false },
      { ctrlKey: true },
      { metaKey: true },
      { code: 'KeyJ', key: 'J' },
    ]) {
      const event = press(init);
      expect(event.defaultPrevented).toBe(false);
      expect(isOpen(actor)).toBe(false);
    }
  });

  it('disabled at start: the shortcut does nothing until TOOL_ENABLED true, and nothing again after TOOL_ENABLED false', () => {
    const actor = start(false);
    press();
    expect(isOpen(actor)).toBe(false);

    actor.send({ type: 'TOOL_ENABLED', enabled: true });
    press();
    expect(isOpen(actor)).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(isOpen(actor)).toBe(false);

    actor.send({ type: 'TOOL_ENABLED', enabled: false });
    const event = press();
    expect(event.defaultPrevented).toBe(false);
    expect(isOpen(actor)).toBe(false);
  });

  it('the same answer twice adds one listener, and stopping the actor removes it', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const actor = start(true);
    actor.send({ type: 'TOOL_ENABLED', enabled: true });
    const keydowns = add.mock.calls.filter(([type]) => type === 'keydown');
    expect(keydowns).toHaveLength(1);
    actor.stop();
    expect(remove).toHaveBeenCalledWith('keydown', keydowns[0]![1]);
    const event = press();
    expect(event.defaultPrevented).toBe(false);
  });
});
