/** Window event that opens the Impersonation Tool (from the account menu or anywhere else). */
export const OPEN_IMPERSONATION_TOOL = 'impersonation:open';

/**
 * Whether an open request arrived while no tool was listening. The tool's code loads lazily once the flag is on;
 * on a slow phone an admin can tap "Impersonate User" before it has arrived, and the request must not be lost.
 */
let pendingOpen = false;
let listeners = 0;

/** Opens the Impersonation Tool when it is available (admin with the impersonationTool flag). */
export function openImpersonationTool() {
  if (listeners === 0) pendingOpen = true;
  window.dispatchEvent(new Event(OPEN_IMPERSONATION_TOOL));
}

/**
 * Called by the tool when it starts listening: calls `open` at once if a request came before, and returns the
 * function that stops listening.
 */
export function listenForOpen(open: () => void): () => void {
  listeners += 1;
  window.addEventListener(OPEN_IMPERSONATION_TOOL, open);
  if (pendingOpen) {
    pendingOpen = false;
    open();
  }
  return () => {
    listeners -= 1;
    window.removeEventListener(OPEN_IMPERSONATION_TOOL, open);
  };
}

/** Keyboard shortcut for the tool: Alt+Shift+I. */
export const isImpersonationShortcut = (e: KeyboardEvent) =>
  e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyI';
