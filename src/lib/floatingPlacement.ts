import { autoUpdate, computePosition, flip, offset, shift, type Placement } from '@floating-ui/react';
import { fromCallback, type EventObject } from 'xstate';

export type FloatingElements = {
  /** The element the floating one belongs to. */
  reference: () => Element | null;
  /** The floating element; it may render a frame after the actor starts (the machine moved first). */
  floating: () => HTMLElement | null;
};
export type FloatingOptions = {
  placement: Placement;
  /** Space between the reference and the floating element, px. */
  gap: number;
  /** Space kept from the viewport's edges, px. */
  edge: number;
  /** `fixed` for a floating element with `position: fixed` (a scrolling table does not clip it). */
  strategy?: 'absolute' | 'fixed';
};

/**
 * The tooltip machine's `place` actor on a real page: places the floating element beside its reference with
 * @floating-ui (flipped to the other side when there is no room, shifted inside the viewport), follows scroll and
 * resize while it runs, and answers POSITIONED once it first placed it.
 */
export const floatingPlacement = (elements: FloatingElements, options: FloatingOptions) =>
  fromCallback<EventObject>(({ sendBack }) => {
    let stopFollowing: (() => void) | undefined;
    let frame = 0;
    let stopped = false;
    const start = () => {
      const reference = elements.reference();
      const floating = elements.floating();
      if (!reference || !floating) {
        frame = requestAnimationFrame(start);
        return;
      }
      let placed = false;
      stopFollowing = autoUpdate(reference, floating, () => {
        void computePosition(reference, floating, {
          placement: options.placement,
          strategy: options.strategy ?? 'absolute',
          middleware: [
            offset(options.gap),
            flip({ padding: options.edge }),
            shift({ padding: options.edge }),
          ],
        }).then(({ x, y }) => {
          if (stopped) return;
          Object.assign(floating.style, { left: `${x}px`, top: `${y}px` });
          if (!placed) {
            placed = true;
            sendBack({ type: 'POSITIONED' });
          }
        });
      });
    };
    start();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stopFollowing?.();
    };
  });
