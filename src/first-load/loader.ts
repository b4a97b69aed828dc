/**
 * The loader of the pages a guest sees before the app (home and a project page): a small entry of its
 * own, which the server puts in place of the app's scripts (ON_INTENT_PAGES in server/site/render.ts). The page is the
 * server's HTML until the visitor shows intent; then the app's scripts (this script's `data-app-entry`, those
 * index.html names) load and take the page over. The flow is machines/hydrate-on-intent; here are the browser's parts
 * of it.
 */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { RENDERED_FOR_ELEMENT_ID, type RenderedFor } from '../../api/site';
import {
  hydrateOnIntentMachine,
  type HeldAction,
  type HydrateOnIntentEvent,
} from '../../machines/first-load/hydrate/hydrateOnIntent.machine';
import { tourRequested } from '../../machines/account/tour/tour.address';
import { countShownPage } from './pageView';
import { keptInThisBrowser, renderedAsShown } from './renderedAsShown';
import { pageData } from './pageData';
import { listenForSlash } from './slashShortcut';

/** What counts as intent: a visitor about to act moves the pointer, touches, scrolls, types or tabs. */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin'];
const LISTENING = { capture: true, passive: true } as const;

/** Sends INTENT at the first sign of one; marks the page as waiting for it (browser tests read the mark). */
const intentWatcher = fromCallback<HydrateOnIntentEvent>(({ sendBack }) => {
  const intent = () => sendBack({ type: 'INTENT' });
  for (const type of INTENT_EVENTS) window.addEventListener(type, intent, LISTENING);
  document.documentElement.dataset.app = 'waiting';
  return () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, intent, LISTENING);
  };
});

/**
 * Holds clicks and submissions on the page before the app runs: a link would otherwise load its page afresh and a
 * button would do nothing. The newest one is done again once the app runs (`replay`).
 */
const actionHolder = fromCallback<HydrateOnIntentEvent>(({ sendBack }) => {
  const hold = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('#root')) return;
    event.preventDefault();
    event.stopPropagation();
    const kind = event.type === 'submit' ? 'submit' : 'click';
    sendBack({ type: 'HELD', action: { kind, target: event.target } });
  };
  window.addEventListener('click', hold, true);
  window.addEventListener('submit', hold, true);
  return () => {
    window.removeEventListener('click', hold, true);
    window.removeEventListener('submit', hold, true);
  };
});

/**
 * Resolves once the app runs (the `data-app` mark of src/first-load/liveApp.ts) and React has taken the page's content over
 * (its `data-taken-over` mark, a pass later: src/first-load/takenOver.ts): typed text can be handed over
 * and a held click done again then.
 */
function appTookOver(): Promise<void> {
  const root = document.documentElement;
  const tookOver = () => root.dataset.app === 'running' && document.querySelector('main[data-taken-over]');
  return new Promise((resolve) => {
    if (tookOver()) return resolve();
    const marks = new MutationObserver(() => {
      if (!tookOver()) return;
      marks.disconnect();
      resolve();
    });
    marks.observe(root, {
      attributes: true,
      subtree: true,
      attributeFilter: ['data-app', 'data-taken-over'],
    });
  });
}

const appScripts =
  document.querySelector<HTMLScriptElement>('script[data-app-entry]')?.dataset.appEntry?.split(' ') ?? [];
const startApp = fromPromise<void>(async () => {
  if (appScripts.length === 0) throw new Error('The page names no app entry');
  await Promise.all(appScripts.map((src) => import(/* @vite-ignore */ src)));
  await appTookOver();
});

/**
 * Text typed into the page's fields before the app ran: React keeps it on screen but never saw it typed. Each field is
 * set back to what React rendered, then to the typed text through the element's prototype (unseen by React), and an
 * `input` event lets React see the change, as if typed now. The field focused meanwhile ('/', a tap) is told first:
 * React never saw that focus either, and a search box opens on it.
 */
function handOverTyped() {
  const focused = document.activeElement;
  if (focused?.matches('#root input, #root textarea'))
    focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    '#root input, #root textarea',
  )) {
    const typed = field.value;
    if (typed === field.defaultValue || field.type === 'checkbox' || field.type === 'radio') continue;
    field.value = field.defaultValue; // through the field's own setter, which React watches
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Sends TARGET_TAKEN_OVER once the held action's target is the app's: at once, unless it lies in a part of the page
 * that loads as it comes on screen (src/first-load/partOnView.tsx) and still shows the server's HTML, where a click would do
 * nothing or load a link's page afresh; then once that part is taken over (its slot's `data-taken-over`), or the
 * target has left the page.
 */
const targetTakenOver = fromCallback<HydrateOnIntentEvent, { action: HeldAction }>(({ sendBack, input }) => {
  const target = input.action.target as Element;
  const takenOver = () =>
    !target.isConnected || !target.closest('[data-part-on-view]:not([data-taken-over])');
  if (takenOver()) {
    sendBack({ type: 'TARGET_TAKEN_OVER' });
    return () => undefined;
  }
  const marks = new MutationObserver(() => {
    if (takenOver()) sendBack({ type: 'TARGET_TAKEN_OVER' });
  });
  marks.observe(document.body, {
    attributes: true,
    attributeFilter: ['data-taken-over'],
    childList: true,
    subtree: true,
  });
  return () => marks.disconnect();
});

function replay(action: HeldAction) {
  const target = action.target as Element;
  if (!target.isConnected) return;
  if (action.kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
  else if (target instanceof HTMLElement) target.click();
}

// The page is shown: it is counted now, not when the visitor first acts. A project page's id is its address's, as the
// server read it (parsing the page's project, a large data block, before intent would cost a slow phone a long task).
const projectId = /^\/projects\/([^/]+)$/.exec(location.pathname)?.[1];
countShownPage(projectId && decodeURIComponent(projectId));
// '/' focuses the search before the app runs, as it will after.
listenForSlash();
const renderedFor = pageData<RenderedFor>(RENDERED_FOR_ELEMENT_ID);
createActor(
  hydrateOnIntentMachine.provide({
    actors: { intentWatcher, actionHolder, startApp, targetTakenOver },
    actions: {
      handOverTyped,
      replay: (_, params) => replay(params.action),
    },
  }),
  {
    input: {
      atOnce: !renderedFor || !renderedAsShown(renderedFor, keptInThisBrowser()) || tourRequested(),
    },
  },
).start();
