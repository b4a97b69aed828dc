import { fromCallback } from 'xstate';

/**
 * The dropdown's `dismissWatcher` in the browser: CLOSE on a pointer or focus outside `root`, and on Escape (focus
 * then goes back to the element matching `triggerSelector` inside `root`). A plain listener, so a page loads no
 * dialog library for a menu.
 */
export const dismissOnOutside = (root: { current: HTMLElement | null }, triggerSelector: string) =>
  fromCallback(({ sendBack }) => {
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && root.current?.contains(target));
    const onPointer = (e: PointerEvent) => outside(e.target) && sendBack({ type: 'CLOSE' });
    const onFocus = (e: FocusEvent) => outside(e.target) && sendBack({ type: 'CLOSE' });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      root.current?.querySelector<HTMLElement>(triggerSelector)?.focus();
      sendBack({ type: 'CLOSE' });
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  });
