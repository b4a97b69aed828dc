import { lazy, memo, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { createActor, fromCallback, fromPromise, toPromise } from 'xstate';
import { partOnViewMachine, type PartOnViewEvent } from '../../machines/first-load/part/partOnView.machine';
import { inspect } from '../lib/inspect';
import { markTakenOver } from './takenOver';

/**
 * How far from the viewport (below it, or above it on a page reloaded scrolled down) a part starts loading, so it is
 * usually ready by the time it scrolls into view.
 */
const LOAD_MARGIN = '400px';

/** The server HTML of the parts waiting for a scroll, each with what to do once some of it leaves the page. */
const waiting = new Set<{ served: Element[]; gone: () => void }>();
/** One observer of the page for all of them (a project page has eight), there while any part waits. */
let pageChanges: MutationObserver | null = null;

/** Calls `gone` once one of `served` is no longer in the page; returns the way to stop watching. */
function whenRemoved(served: Element[], gone: () => void): () => void {
  const part = { served, gone };
  waiting.add(part);
  pageChanges ??= new MutationObserver(() => {
    for (const { served, gone } of waiting) if (!served.every((element) => element.isConnected)) gone();
  });
  if (waiting.size === 1) pageChanges.observe(document.body, { childList: true, subtree: true });
  return () => {
    waiting.delete(part);
    if (waiting.size === 0) pageChanges?.disconnect();
  };
}

/**
 * Watches the server's HTML of the part named `name` (the children of its `[data-part-on-view]` slot): NEEDED once
 * one of them comes within LOAD_MARGIN of the viewport, or once it is no longer in the page (React rendered the page
 * afresh, or replaced the part before taking it over). With no server HTML to keep, the part is needed at once.
 */
const partWatcher = (name: string) =>
  fromCallback<PartOnViewEvent>(({ sendBack }) => {
    const served = [...(document.querySelector(`[data-part-on-view="${name}"]`)?.children ?? [])];
    if (served.length === 0 || typeof IntersectionObserver === 'undefined') {
      sendBack({ type: 'NEEDED' });
      return () => undefined;
    }
    const view = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) sendBack({ type: 'NEEDED' });
      },
      { rootMargin: `${LOAD_MARGIN} 0px` },
    );
    for (const element of served) view.observe(element);
    const stopWatchingPage = whenRemoved(served, () => sendBack({ type: 'NEEDED' }));
    return () => {
      view.disconnect();
      stopWatchingPage();
    };
  });

/** The part's code, once a partOnView actor says it is needed (on the server: at once, to render the whole page). */
async function loadWhenNeeded<T>(name: string, load: () => Promise<T>): Promise<T> {
  if (import.meta.env.SSR) return load();
  // An actor of its own, outside React: it starts as React first asks for the part, before anything is committed.
  const part = createActor(
    partOnViewMachine.provide({ actors: { watcher: partWatcher(name), load: fromPromise<unknown>(load) } }),
    { id: `partOnView(${name})`, inspect },
  ).start();
  const output = await toPromise(part);
  if ('error' in output) throw output.error;
  // The slot on screen: its skeletons shimmer from now on (shell.css); while it waited, unseen, they stood still.
  document.querySelector(`[data-part-on-view="${name}"]`)?.setAttribute('data-live', '');
  return output.module as T;
}

/**
 * Marks a part's slot once React has taken the part over: a hidden element after the part, in its Suspense boundary,
 * commits with it. A click held before the app ran waits for this (src/first-load/loader.ts).
 */
const markPartTakenOver = (marker: HTMLElement | null) => markTakenOver(marker?.parentElement);

/**
 * A lazily loaded part below the fold that keeps the server's HTML until the visitor scrolls near it:
 * the page's first load downloads and runs nothing for it. `name` marks its slot in the HTML (`data-part-on-view`,
 * unique per page); `fallback` shows while its code loads on a page the browser renders itself.
 * The part re-renders only when its props change (memo): an update reaching it before it is taken over would make
 * React drop the server's HTML for the fallback.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React's own lazy() takes
export function partOnView<T extends ComponentType<any>>(
  name: string,
  load: () => Promise<{ default: T }>,
  fallback: ReactNode,
) {
  // Once its code is here, later renders of the part (another page, a return) show it live from the start.
  let arrived = false;
  const Part = lazy(async () => {
    const module = await loadWhenNeeded(name, load);
    arrived = true;
    return module;
  });
  function PartOnView(props: ComponentProps<T>) {
    return (
      <div className="part-on-view" data-part-on-view={name} data-live={arrived ? '' : undefined}>
        <Suspense fallback={fallback}>
          <Part {...props} />
          <span hidden ref={markPartTakenOver} />
        </Suspense>
      </div>
    );
  }
  PartOnView.displayName = `PartOnView(${name})`;
  return memo(PartOnView);
}
