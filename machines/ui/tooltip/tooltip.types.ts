export type TooltipInput = {
  hoverDelay?: number;
  /** The target is there from the start (the element that hovers and focuses it): no ATTACH is awaited. */
  attached?: boolean;
};
export type TooltipContext = {
  hoverDelay: number;
  trigger: 'hover' | 'programmatic';
  attached: boolean;
};
export type TooltipEvent =
  | { type: 'ATTACH' }
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'HOVER_START' }
  | { type: 'HOVER_END' }
  | { type: 'POSITIONED' }
  | { type: 'TARGET_LOST' };
/** react-floater's status as `status.<name>`; `mounted` while the floating element is in the DOM, `visible` when shown. */
export type TooltipStatus = 'init' | 'idle' | 'opening' | 'open' | 'closing' | 'error';
export type TooltipTag = `status.${TooltipStatus}` | 'mounted' | 'visible';

/** What the connected view needs of the page: the floating element's id, which the trigger names while it shows. */
export type TooltipIds = { content: string };

/**
 * What a tooltip renders (`connectTooltip`): its status, whether the floating element is on the page and whether it
 * shows, and the props of its trigger and of the floating element.
 */
export type TooltipView = {
  /** react-floater's status (undefined: no tooltip, e.g. a tour that is not running). */
  status: TooltipStatus | undefined;
  /** The floating element is on the page (opening, open, closing). */
  mounted: boolean;
  /** The tooltip shows (open). */
  visible: boolean;
  /** A trigger that hovers and focuses (an address's value): hover and focus open it, leaving, blur and Escape close it. */
  getTriggerProps: () => {
    'aria-describedby': string | undefined;
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: () => void;
    onKeyDown: (event: { key: string }) => void;
  };
  /** A trigger that only hovers (the tour's ×): the pointer over it opens the hint, leaving closes it. */
  getHoverTriggerProps: () => {
    'aria-describedby': string | undefined;
    onPointerEnter: () => void;
    onPointerLeave: () => void;
  };
  /** The floating element. */
  getContentProps: () => { id: string; role: 'tooltip' };
};
