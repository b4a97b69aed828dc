/** Window event that opens the Impersonation Tool (from the account menu or anywhere else). */
export const OPEN_IMPERSONATION_TOOL = 'impersonation:open';

/** Opens the Impersonation Tool when it is available (admin with the impersonationTool flag). */
export function openImpersonationTool() {
  window.dispatchEvent(new Event(OPEN_IMPERSONATION_TOOL));
}

/** Keyboard shortcut for the tool: Alt+Shift+I. */
export const isImpersonationShortcut = (e: KeyboardEvent) =>
  e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyI';
