/**
 * The tour machine on a real page: the DOM versions of the page actors and side effects that
 * machines/account/tour/tour.machine.ts declares with neutral defaults. The app creates (and starts) one actor from
 * `liveTourMachine` and gives it to <Tour>, which only renders it.
 */
import { arrow, autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/react';
import { fromCallback, type ActorRefFrom, type AnyActorRef, type EventObject } from 'xstate';
import {
  checkTarget,
  findTarget,
  forgetTour,
  removeTourFlag,
  saveTour,
} from '../../../machines/account/tour/tour.dom';
import { tourMachine, type DialogInput, type TargetInput } from '../../../machines/account/tour/tour.machine';
import type { WatcherEvent } from '../../../machines/account/tour/tour.types';

/** Spotlight padding around the target, px (spec §2). */
export const SPOTLIGHT_PADDING = 2;
/** Room the tooltip needs beside its target (offset plus a typical tooltip), px. */
const TOOLTIP_ROOM = 250;

const tourPart = (part: string) => `[data-scope="tour"][data-part="${part}"]`;

/**
 * Calls `found` with the first element matching `selector` once it is on the page (the layer renders after the
 * machine moved, so an actor started by the move may run before its element exists). Returns a cleanup.
 */
function whenElement(selector: string, found: (el: HTMLElement) => (() => void) | void): () => void {
  let cleanup: (() => void) | void;
  const look = () => document.querySelector<HTMLElement>(selector);
  const now = look();
  if (now) {
    cleanup = found(now);
    return () => cleanup?.();
  }
  const observer = new MutationObserver(() => {
    const el = look();
    if (!el) return;
    observer.disconnect();
    cleanup = found(el);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    cleanup?.();
  };
}

/** The page has anchors and no other modal dialog (e.g. the survey) is open. */
const pageFree = () =>
  document.querySelector('[data-tour]') !== null &&
  ![...document.querySelectorAll('[aria-modal="true"], dialog[open]')].some(
    (d) => !d.closest('[data-scope="tour"]'),
  );

/** ready: MOUNTED once the page is free; told WAITED, MOUNTED anyway when there are no anchors at all. */
const pageWatcher = fromCallback<WatcherEvent, void>(({ sendBack, receive }) => {
  let done = false;
  const mounted = () => {
    if (done) return;
    done = true;
    sendBack({ type: 'MOUNTED' });
  };
  if (pageFree()) {
    mounted();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (pageFree()) mounted();
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  // Without anchors the run goes on anyway (its steps are then skipped, ending in error).
  receive(() => {
    if (document.querySelector('[data-tour]') === null) mounted();
  });
  return () => {
    done = true;
    observer.disconnect();
  };
});

/** lifecycle init: TARGET_FOUND once the target is there and visible; told WAITED, the final answer. */
const targetWatcher = fromCallback<WatcherEvent, TargetInput>(({ input, sendBack, receive }) => {
  let settled = false;
  const check = (final: boolean) => {
    if (settled) return;
    const result = checkTarget(input.anchor);
    if ('element' in result) {
      settled = true;
      sendBack({ type: 'TARGET_FOUND' });
    } else if (final) {
      settled = true;
      sendBack({ type: 'TARGET_UNAVAILABLE', problem: result.problem });
    }
  };
  const observer = new MutationObserver(() => check(false));
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-tour', 'hidden', 'style', 'class'],
  });
  receive(() => check(true));
  check(false);
  return () => {
    settled = true;
    observer.disconnect();
  };
});

/** lifecycle ready: POSITIONED on the next frame, once the scroll into view has been laid out. */
const waitForLayout = fromCallback<EventObject, void>(({ sendBack }) => {
  const frame = requestAnimationFrame(() => sendBack({ type: 'POSITIONED' }));
  return () => cancelAnimationFrame(frame);
});

/** Follows the target on scroll and resize with `place`; UPDATE when the target has left the page. */
function follow(
  anchor: TargetInput['anchor'],
  floating: HTMLElement,
  sendBack: (event: EventObject) => void,
  place: (target: HTMLElement) => void,
) {
  const target = findTarget(anchor);
  if (!target) {
    sendBack({ type: 'UPDATE' });
    return undefined;
  }
  let lost = false;
  return autoUpdate(target, floating, () => {
    if (lost) return;
    if (!target.isConnected) {
      lost = true;
      sendBack({ type: 'UPDATE' });
      return;
    }
    place(target);
  });
}

/** The spotlight frame (and the beacon in it) over the target, padded. */
const followTarget = fromCallback<EventObject, TargetInput>(({ input, sendBack }) =>
  whenElement(tourPart('spotlight-frame'), (frame) =>
    follow(input.anchor, frame, sendBack, (target) => {
      const r = target.getBoundingClientRect();
      frame.style.top = `${r.top - SPOTLIGHT_PADDING}px`;
      frame.style.left = `${r.left - SPOTLIGHT_PADDING}px`;
      frame.style.width = `${r.width + SPOTLIGHT_PADDING * 2}px`;
      frame.style.height = `${r.height + SPOTLIGHT_PADDING * 2}px`;
    }),
  ),
);

const OPPOSITE = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const;

/**
 * The step tooltip beside its target (offset 15, flip, shift on both axes, arrow), kept there on scroll and
 * resize; TOOLTIP_POSITIONED once first placed.
 */
const placeTooltip = fromCallback<EventObject, TargetInput>(({ input, sendBack }) =>
  whenElement(`${tourPart('tooltip')}[data-step="${input.anchor}"]`, (tooltip) => {
    let placed = false;
    let current = 0;
    return follow(input.anchor, tooltip, sendBack, (target) => {
      const arrowEl = tooltip.querySelector<HTMLElement>(tourPart('arrow'));
      const run = ++current;
      void computePosition(target, tooltip, {
        placement: 'bottom',
        middleware: [
          offset(15),
          flip({ padding: 8 }),
          // Both axes: a target taller than the viewport still leaves the tooltip fully on screen.
          shift({ padding: 8, crossAxis: true }),
          ...(arrowEl ? [arrow({ element: arrowEl, padding: 12 })] : []),
        ],
      }).then(({ x, y, placement, middlewareData }) => {
        if (run !== current || !tooltip.isConnected) return;
        Object.assign(tooltip.style, { position: 'absolute', left: `${x}px`, top: `${y}px` });
        tooltip.dataset['placement'] = placement;
        if (arrowEl) {
          const side = placement.split('-')[0] as keyof typeof OPPOSITE;
          const data = middlewareData.arrow;
          Object.assign(arrowEl.style, { left: '', top: '', right: '', bottom: '' });
          arrowEl.style.left = data?.x != null ? `${data.x}px` : '';
          arrowEl.style.top = data?.y != null ? `${data.y}px` : '';
          arrowEl.style[OPPOSITE[side]] = '-6px';
        }
        if (!placed) {
          placed = true;
          sendBack({ type: 'TOOLTIP_POSITIONED' });
        }
      });
    });
  }),
);

/** Escape closes a step (to the skip card); on a card it is the card's close. */
const escapeKey = fromCallback<EventObject, void>(({ sendBack }) => {
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    sendBack({ type: 'CLOSE' });
  };
  document.addEventListener('keydown', onKey, true);
  return () => document.removeEventListener('keydown', onKey, true);
});

/** Focus into the shown tooltip or card: its main action, else the dialog itself. */
const focusDialog = fromCallback<EventObject, DialogInput>(({ input }) =>
  whenElement(
    input.part === 'card' ? tourPart('card') : `${tourPart('tooltip')}[data-step="${input.anchor}"]`,
    (dialog) => {
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]');
      (first ?? dialog).focus({ preventScroll: true });
    },
  ),
);

/** Where focus goes back when a run ends, per tour actor. */
const focusBefore = new WeakMap<AnyActorRef, HTMLElement>();

function rememberFocus({ self }: { self: AnyActorRef }) {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest('[data-scope="tour"]'))
    focusBefore.set(self, active);
  else focusBefore.delete(self);
}

function returnFocus({ self }: { self: AnyActorRef }) {
  const back = focusBefore.get(self);
  focusBefore.delete(self);
  if (back?.isConnected) back.focus({ preventScroll: true });
}

/** The bottom edge of a fixed or sticky page header, which covers the top of the viewport. */
function headerInset(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  return position === 'fixed' || position === 'sticky'
    ? Math.max(0, header.getBoundingClientRect().bottom)
    : 0;
}

/**
 * Scrolls a target into view below the fixed header: the target and the room for its tooltip centred when
 * both fit, otherwise the target's top just below the header. Targets inside fixed parts are left alone.
 */
function bringTargetIntoView(_: unknown, { anchor }: TargetInput) {
  const el = findTarget(anchor);
  if (!el) return;
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    if (getComputedStyle(node).position === 'fixed') return;
  }
  const top = headerInset() + 8;
  const rect = el.getBoundingClientRect();
  const room = window.innerHeight - top;
  const need = rect.height + TOOLTIP_ROOM;
  const fits = need <= room;
  if (fits && rect.top >= top && rect.bottom + TOOLTIP_ROOM <= window.innerHeight) return;
  // A tall target: its top below the header plus room for the tooltip, which then sits above it.
  const wantedTop = fits ? top + (room - need) / 2 : top + TOOLTIP_ROOM;
  window.scrollBy({ top: rect.top - wantedTop, behavior: 'instant' });
}

export const liveTourMachine = tourMachine.provide({
  actors: { pageWatcher, targetWatcher, waitForLayout, followTarget, placeTooltip, escapeKey, focusDialog },
  actions: {
    saveProgress: (_, saved) => saveTour(saved),
    forgetProgress: () => forgetTour(),
    removeTourFlag: () => removeTourFlag(),
    bringTargetIntoView,
    rememberFocus,
    returnFocus,
  },
});

export type TourActorRef = ActorRefFrom<typeof liveTourMachine>;
