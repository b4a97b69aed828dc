/**
 * The '/' key focuses the project search on screen (spec §2 'Project search'). One listener for the page's life, set
 * by whichever runs first: the loader of a page that waits for intent (src/first-load/loader.ts) or the app (src/main.tsx).
 * So a '/' pressed before the app runs is not lost: the box has the focus at once, what is typed next lands in it,
 * and the loader hands both to the app when it takes over. (In every guest's first download: it stays small.)
 */

const isTypingTarget = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * On screen and not under something else: the hero's box scrolled under the sticky header is not, nor a hidden box
 * (the header's on home before scrolling), which is never hit.
 */
function inSight(box: Element) {
  const { left, top, width, height } = box.getBoundingClientRect();
  const hit = document.elementFromPoint(left + width / 2, top + height / 2);
  return hit !== null && box.parentElement!.contains(hit);
}

function onKey(event: KeyboardEvent) {
  if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey || isTypingTarget(event.target))
    return;
  // The boxes '/' may focus are marked (ProjectSearch's `slashFocus`): the header's, then the hero's on home.
  const boxes = [...document.querySelectorAll<HTMLElement>('[data-slash-focus]')];
  const shown = boxes.find(inSight);
  // None in sight (a phone's home scrolled past its hero): the page's own box, last, which the page scrolls to.
  const box = shown ?? boxes.findLast((b) => b.getClientRects().length > 0);
  if (!box) return;
  event.preventDefault();
  // A box in sight is not scrolled to: Chromium would scroll the page for the header's (sticky) box.
  box.focus({ preventScroll: !!shown });
}

let listening = false;

/** Starts the '/' shortcut (once per page; later calls do nothing). */
export function listenForSlash() {
  if (listening) return;
  listening = true;
  window.addEventListener('keydown', onKey);
}
