/**
 * A tooltip's view model: a snapshot and a send function in, its status, whether it is on the page and shows, and
 * prop getters out. Components read this (tags underneath), never state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { tooltipMachine } from './tooltip.machine';
import type { TooltipEvent, TooltipIds, TooltipStatus, TooltipView } from './tooltip.types';

const STATUSES: TooltipStatus[] = ['init', 'idle', 'opening', 'open', 'closing', 'error'];

/**
 * `snapshot` may be missing (a tour that is not running has no tooltip child): nothing is then on the page.
 * `ids.content` is the floating element's id, which the trigger names while the tooltip shows.
 */
export function connectTooltip(
  snapshot: SnapshotFrom<typeof tooltipMachine> | undefined,
  send: (event: TooltipEvent) => void,
  ids?: TooltipIds,
): TooltipView {
  const status = snapshot && STATUSES.find((name) => snapshot.hasTag(`status.${name}`));
  const mounted = snapshot?.hasTag('mounted') ?? false;
  const visible = snapshot?.hasTag('visible') ?? false;
  const describedBy = visible ? ids?.content : undefined;
  return {
    status,
    mounted,
    visible,
    getTriggerProps: () => ({
      'aria-describedby': describedBy,
      onMouseEnter: () => send({ type: 'HOVER_START' }),
      onMouseLeave: () => send({ type: 'HOVER_END' }),
      // Focus opens it at once (once placed); a hover waits for the delay.
      onFocus: () => send({ type: 'OPEN' }),
      onBlur: () => send({ type: 'CLOSE' }),
      onKeyDown: (event) => {
        if (event.key === 'Escape') send({ type: 'CLOSE' });
      },
    }),
    getHoverTriggerProps: () => ({
      'aria-describedby': describedBy,
      onPointerEnter: () => send({ type: 'HOVER_START' }),
      onPointerLeave: () => send({ type: 'HOVER_END' }),
    }),
    getContentProps: () => ({ id: ids?.content ?? '', role: 'tooltip' as const }),
  };
}
