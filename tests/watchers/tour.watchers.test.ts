import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connect } from '../../machines/account/tour/tour.connect';
import { liveTourMachine, type TourActorRef } from '../../src/features/tour/liveTour';

/**
 * The tour as the app runs it (liveTourMachine: the real page watchers), on a bare jsdom page with no React: the
 * page watcher lets the run begin only once the page has anchors and no other modal dialog, the target watcher
 * moves a step on only once its anchor is on the page, and Escape on a step goes to the skip card.
 */

const actors: TourActorRef[] = [];
function start(input: { signedIn: boolean; targetWait?: number; anchorWait?: number }) {
  const actor = createActor(liveTourMachine, { input: { targetWait: 60_000, anchorWait: 60_000, ...input } });
  actors.push(actor);
  actor.start();
  actor.send({ type: 'START' });
  return actor;
}
const view = (actor: TourActorRef) => connect(actor.getSnapshot(), actor.send);
const anchor = (id: string) => {
  const el = document.createElement('section');
  el.dataset['tour'] = id;
  el.textContent = id;
  document.body.append(el);
  return el;
};

beforeEach(() => {
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  actors.splice(0).forEach((a) => a.stop());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Lets the watchers' observers and the layout frame run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

describe('tour page watchers (real, in jsdom)', () => {
  it('the run waits for the page to have anchors, then begins at the first step (pageWatcher)', async () => {
    const actor = start({ signedIn: false });
    await settle();
    expect(view(actor).status).toBe('ready');
    expect(view(actor).needsMount).toBe(true);
    anchor('search');
    await vi.waitFor(() => expect(view(actor).status).toBe('running'), { timeout: 5_000 });
    expect(view(actor).step?.id).toBe('search');
  });

  it('another modal dialog on the page holds the run until it closes (pageWatcher)', async () => {
    anchor('search');
    const survey = document.createElement('div');
    survey.setAttribute('role', 'dialog');
    survey.setAttribute('aria-modal', 'true');
    document.body.append(survey);
    const actor = start({ signedIn: false });
    await settle();
    expect(view(actor).status).toBe('ready');
    survey.remove();
    await vi.waitFor(() => expect(view(actor).status).toBe('running'), { timeout: 5_000 });
  });

  it('a page with no anchors at all: told the wait is over, the run goes on and ends in error (pageWatcher)', async () => {
    const actor = start({ signedIn: false, anchorWait: 20, targetWait: 20 });
    await vi.waitFor(() => expect(view(actor).status).toBe('error'), { timeout: 5_000 });
    expect(view(actor).lastProblem?.problem).toBe('not-mounted');
  });

  it('a step waits for its target to appear, then shows it (targetWatcher)', async () => {
    anchor('alerts');
    const actor = start({ signedIn: false });
    await settle();
    expect(view(actor).status).toBe('running');
    expect(view(actor).lifecycle).toBe('init');
    expect(view(actor).needsTarget).toBe(true);
    anchor('search');
    await vi.waitFor(() => expect(view(actor).lifecycle).toBe('tooltip'), { timeout: 5_000 });
    expect(view(actor).step?.id).toBe('search');
    expect(view(actor).lastProblem).toBeNull();
  });

  it('a target that never appears: told the wait is over, the step is skipped as not mounted (targetWatcher)', async () => {
    anchor('alerts');
    const actor = start({ signedIn: false, targetWait: 20 });
    await vi.waitFor(() => expect(view(actor).lifecycle).toBe('tooltip'), { timeout: 5_000 });
    expect(view(actor).lastProblem).toEqual({ stepId: 'search', problem: 'not-mounted' });
    // The next step's target is on the page: it shows.
    expect(view(actor).step?.id).toBe('alerts');
  });

  it('Escape on a step opens the skip card; after the actor stops, the key listener is gone (escapeKey)', async () => {
    anchor('search');
    const add = vi.spyOn(document, 'addEventListener');
    const remove = vi.spyOn(document, 'removeEventListener');
    const actor = start({ signedIn: false });
    await vi.waitFor(() => expect(view(actor).lifecycle).toBe('tooltip'), { timeout: 5_000 });
    const other = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    document.body.dispatchEvent(other);
    expect(view(actor).cardId).toBeNull();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.body.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(view(actor).cardId).toBe('skip');

    const onKey = add.mock.calls.find(([type]) => type === 'keydown')?.[1];
    expect(onKey).toBeTypeOf('function');
    actor.stop();
    expect(remove).toHaveBeenCalledWith('keydown', onKey, true);
  });
});
