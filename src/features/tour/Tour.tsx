/**
 * The home guided tour's layer: a click-absorbing overlay, a spotlight (padding 2) over the current target,
 * the step tooltip anchored with @floating-ui (flip, shift, offset 15, arrow, autoUpdate) and the centered
 * cards. Flow state lives in the tour and tooltip machines; this component only answers the machine's
 * questions about the page (is the target there? is it in view?) and renders its view model.
 */
import { arrow, autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react';
import { useActor } from '@xstate/react';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { tooltipMachine } from '../../../machines/tooltip/tooltip.machine';
import { connect, PROGRESS_BAR_WIDTH, type TourApi } from '../../../machines/tour/tour.connect';
import {
  checkTarget,
  findTarget,
  loadedAtThisAddress,
  loadSavedTour,
  tourRequested,
} from '../../../machines/tour/tour.dom';
import { tourMachine } from '../../../machines/tour/tour.machine';
import './tour.css';
import { inspect } from '../../lib/inspect';

export type TourProps = {
  /** The session: true when signed in, false when signed out, null while it is loading. */
  signedIn: boolean | null;
  /** Where the anonymous completion card's 'Create an account' goes (a plain link). */
  signUpHref?: string;
  /** Replaces following the link (e.g. opens the auth modal on wide screens). */
  onSignUp?: () => void;
  /** How long a missing or hidden target may take to appear before its step is skipped, ms. */
  targetWait?: number;
};

/** Spotlight padding around the target, px (spec §2). */
export const SPOTLIGHT_PADDING = 2;
/** How long the layer waits for the page's anchors before running anyway, ms. */
const ANCHOR_WAIT = 3000;
/** How long a step's target may take to appear before the step is skipped, ms. */
const TARGET_WAIT = 1000;

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export default function Tour({ signedIn, signUpHref = '/auth/signup', onSignUp, targetWait = TARGET_WAIT }: TourProps) {
  const [snapshot, send] = useActor(tourMachine, { input: { signedIn }, inspect });
  const api = connect(snapshot, send);
  const { step, card } = api;
  const [tip, sendTip] = useActor(tooltipMachine, { input: {}, inspect });
  const [, navigate] = useLocation();

  // Start: after a reload a saved tour resumes where it was; otherwise ?tour=true starts from the first step.
  useEffect(() => {
    const saved = loadedAtThisAddress() ? loadSavedTour() : null;
    if (saved || tourRequested()) send({ type: 'START', resume: saved });
  }, [send]);

  // The session is an input: a change mid-tour stops the tour.
  useEffect(() => {
    send({ type: 'SESSION', signedIn });
  }, [send, signedIn]);

  // ready → running once the page's anchors are there and no other modal dialog (e.g. the survey) is open.
  useEffect(() => {
    if (!api.needsMount) return;
    let done = false;
    const pageFree = () =>
      document.querySelector('[data-tour]') !== null &&
      ![...document.querySelectorAll('[aria-modal="true"], dialog[open]')].some(
        (d) => !d.closest('[data-scope="tour"]'),
      );
    const mounted = () => {
      if (done) return;
      done = true;
      send({ type: 'MOUNTED' });
    };
    if (pageFree()) {
      mounted();
      return;
    }
    const observer = new MutationObserver(() => {
      if (pageFree()) mounted();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    // Without anchors the run goes on anyway (its steps are then skipped, ending in error).
    const timer = setTimeout(() => {
      if (document.querySelector('[data-tour]') === null) mounted();
    }, ANCHOR_WAIT);
    return () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [api.needsMount, send]);

  // lifecycle init: is the target on the page and visible? A target still rendering gets `targetWait` ms.
  const index = snapshot.context.index;
  useEffect(() => {
    if (!api.needsTarget || !step) return;
    let settled = false;
    const check = (final: boolean) => {
      if (settled) return;
      const result = checkTarget(step.anchor);
      if ('element' in result) {
        settled = true;
        send({ type: 'TARGET.FOUND' });
      } else if (final) {
        settled = true;
        send({ type: 'TARGET.UNAVAILABLE', problem: result.problem });
      }
    };
    check(false);
    if (settled) return;
    const observer = new MutationObserver(() => check(false));
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-tour', 'hidden', 'style', 'class'],
    });
    const timer = setTimeout(() => check(true), targetWait);
    return () => {
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [api.needsTarget, step, index, send, targetWait]);

  // lifecycle ready: bring the target into view first (phones), then show the step.
  useEffect(() => {
    if (!api.needsPositioning || !step) return;
    const el = findTarget(step.anchor);
    if (el) bringIntoView(el);
    const frame = requestAnimationFrame(() => send({ type: 'POSITIONED' }));
    return () => cancelAnimationFrame(frame);
  }, [api.needsPositioning, step, send]);

  const target = step && (api.showSpotlight || api.isStepTooltip) ? findTarget(step.anchor) : null;

  // The step tooltip, anchored to the target.
  const arrowRef = useRef<HTMLDivElement | null>(null);
  const floating = useFloating({
    open: api.isStepTooltip,
    placement: 'bottom',
    elements: { reference: target },
    middleware: [
      offset(15),
      flip({ padding: 8 }),
      // Both axes: a target taller than the viewport still leaves the tooltip fully on screen.
      shift({ padding: 8, crossAxis: true }),
      arrow({ element: arrowRef, padding: 12 }),
    ],
    whileElementsMounted: (reference, floatingEl, update) =>
      autoUpdate(reference, floatingEl, () => {
        // A target removed while its step is shown: check the step again (it is then skipped).
        if (reference instanceof Element && !reference.isConnected) {
          sendTip({ type: 'TARGET_LOST' });
          send({ type: 'UPDATE' });
          return;
        }
        update();
      }),
  });

  // The tooltip machine follows what the tour shows.
  const shownKey = api.isOpen ? (card?.id ?? step?.id ?? null) : null;
  useEffect(() => {
    sendTip({ type: 'ATTACH' });
  }, [sendTip]);
  useEffect(() => {
    if (!shownKey) {
      sendTip({ type: 'CLOSE' });
      return;
    }
    sendTip({ type: 'ATTACH' }); // leaves init or error: there is something to anchor to again
    sendTip({ type: 'OPEN' });
  }, [shownKey, sendTip]);
  const tipOpening = tip.hasTag('status.opening');
  useEffect(() => {
    if (tipOpening && (api.isCard || floating.isPositioned)) sendTip({ type: 'POSITIONED' });
  }, [tipOpening, api.isCard, floating.isPositioned, sendTip]);

  // The spotlight and beacon follow the target on scroll and resize.
  const frameRef = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!target || !frame) return;
    return autoUpdate(target, frame, () => {
      const r = target.getBoundingClientRect();
      frame.style.top = `${r.top - SPOTLIGHT_PADDING}px`;
      frame.style.left = `${r.left - SPOTLIGHT_PADDING}px`;
      frame.style.width = `${r.width + SPOTLIGHT_PADDING * 2}px`;
      frame.style.height = `${r.height + SPOTLIGHT_PADDING * 2}px`;
    });
  }, [target]);

  // Focus: into the tooltip or card when it opens, back where it was when the tour ends.
  const dialogRef = useRef<HTMLDivElement | null>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!shownKey) return;
    const active = document.activeElement;
    if (
      !returnFocusRef.current &&
      active instanceof HTMLElement &&
      active !== document.body &&
      !dialogRef.current?.contains(active)
    )
      returnFocusRef.current = active;
    const first = dialogRef.current?.querySelector<HTMLElement>('[data-autofocus]');
    (first ?? dialogRef.current)?.focus({ preventScroll: true });
  }, [shownKey]);
  const running = api.isRunning;
  useEffect(() => {
    if (running) return;
    const back = returnFocusRef.current;
    returnFocusRef.current = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  }, [running]);
  useEffect(
    () => () => {
      returnFocusRef.current?.focus({ preventScroll: true });
    },
    [],
  );

  // Escape closes a step (to the skip card); on a card it is the card's close.
  const isOpen = api.isOpen;
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      send({ type: 'CLOSE' });
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [isOpen, send]);

  const titleId = useId();
  const textId = useId();

  if (!api.isRunning) return null;

  const announcement = api.isStepTooltip && step ? `${api.progressText}. ${step.title}. ${step.text}` : card ? card.title : '';
  const tipStatus = (['init', 'idle', 'opening', 'open', 'closing', 'error'] as const).find((s) =>
    tip.hasTag(`status.${s}`),
  );

  // A portal on <body>: no stacking context of the page can put page parts above the layer.
  return createPortal(
    <div {...api.getRootProps()} className="tour">
      {/* Overlay: dims the page for cards and absorbs clicks; a click on it never closes a step. */}
      <div
        data-scope="tour"
        data-part="overlay"
        className={`tour-overlay${api.isCard ? ' tour-overlay--dim' : ''}`}
        aria-hidden="true"
      />
      {target && (
        <div ref={frameRef} className="tour-frame" data-scope="tour" data-part="spotlight-frame">
          <div className="tour-spotlight" data-scope="tour" data-part="spotlight" />
          {api.showBeacon && (
            <button {...api.getBeaconProps()} className="tour-beacon">
              <span className="tour-beacon-dot" />
            </button>
          )}
        </div>
      )}
      <div role="status" aria-live="polite" className="tour-visually-hidden" data-scope="tour" data-part="live">
        {announcement}
      </div>

      {api.isStepTooltip && step && (
        <div
          ref={(el) => {
            dialogRef.current = el;
            floating.refs.setFloating(el);
          }}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={textId}
          tabIndex={-1}
          className="tour-tooltip"
          data-scope="tour"
          data-part="tooltip"
          data-status={tipStatus}
          data-placement={floating.placement}
          style={{ ...floating.floatingStyles, opacity: floating.isPositioned ? undefined : 0 }}
          onKeyDown={(e) => trapTab(e, dialogRef.current)}
        >
          <StepArrow arrowRef={arrowRef} placement={floating.placement} data={floating.middlewareData.arrow} />
          <CloseButton api={api} />
          <h2 id={titleId} className="tour-title" data-scope="tour" data-part="title">
            {step.title}
          </h2>
          <p id={textId} className="tour-text" data-scope="tour" data-part="description">
            {step.text}
          </p>
          <div className="tour-progress" data-scope="tour" data-part="progress">
            <div
              className="tour-progress-bar"
              style={{ width: PROGRESS_BAR_WIDTH }}
              role="progressbar"
              aria-label="Tour progress"
              aria-valuemin={1}
              aria-valuemax={Number(api.progressText.split(' of ')[1])}
              aria-valuenow={api.stepNumber}
              aria-valuetext={api.progressText}
            >
              <div className="tour-progress-fill" style={{ width: `${api.progressRatio * 100}%` }} />
            </div>
            <span className="tour-progress-text" data-scope="tour" data-part="progress-text">
              {api.progressText}
            </span>
          </div>
          <div className="tour-actions">
            {api.canGoBack && (
              <button {...api.getBackButtonProps()} className="tour-button tour-button--secondary">
                Back
              </button>
            )}
            <button {...api.getNextButtonProps()} className="tour-button tour-button--primary" data-autofocus="">
              Next
            </button>
          </div>
        </div>
      )}

      {card && (
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={textId}
          tabIndex={-1}
          className="tour-card"
          data-scope="tour"
          data-part="card"
          data-card={card.id}
          data-status={tipStatus}
          onKeyDown={(e) => trapTab(e, dialogRef.current)}
        >
          <h2 id={titleId} className="tour-title" data-scope="tour" data-part="title">
            {card.title}
          </h2>
          <p id={textId} className="tour-text" data-scope="tour" data-part="description">
            {card.text}
          </p>
          <div className="tour-actions tour-actions--card">
            {card.id === 'skip' && (
              <>
                <button {...api.getStayButtonProps()} className="tour-button tour-button--secondary">
                  {card.secondary}
                </button>
                <button {...api.getSkipButtonProps()} className="tour-button tour-button--primary" data-autofocus="">
                  {card.primary}
                </button>
              </>
            )}
            {card.id === 'complete-anonymous' && (
              <>
                <button {...api.getCloseButtonProps()} aria-label={undefined} className="tour-button tour-button--secondary">
                  {card.secondary}
                </button>
                <a
                  href={signUpHref}
                  className="tour-button tour-button--primary"
                  data-scope="tour"
                  data-part="sign-up"
                  data-autofocus=""
                  onClick={(e) => {
                    e.preventDefault();
                    api.getFinishButtonProps().onClick();
                    if (onSignUp) onSignUp();
                    else navigate(signUpHref);
                  }}
                >
                  {card.primary}
                </a>
              </>
            )}
            {card.id === 'complete-signed-in' && (
              <button {...api.getFinishButtonProps()} className="tour-button tour-button--primary" data-autofocus="">
                {card.primary}
              </button>
            )}
          </div>
        </div>
      )}
    </div>,
    document.body,
  );
}

/** The bottom edge of a fixed or sticky page header, which covers the top of the viewport. */
function headerInset(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  return position === 'fixed' || position === 'sticky' ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/** Room the tooltip needs beside its target (offset plus a typical tooltip), px. */
const TOOLTIP_ROOM = 250;

/**
 * Scrolls a target into view below the fixed header: the target and the room for its tooltip centred when
 * both fit, otherwise the target's top just below the header. Targets inside fixed parts are left alone.
 */
function bringIntoView(el: HTMLElement) {
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

/** Keeps Tab and Shift+Tab inside the tooltip or card. */
function trapTab(e: ReactKeyboardEvent, container: HTMLElement | null) {
  if (e.key !== 'Tab' || !container) return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) {
    e.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === container)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

function StepArrow({
  arrowRef,
  placement,
  data,
}: {
  arrowRef: React.RefObject<HTMLDivElement | null>;
  placement: Placement;
  data: { x?: number; y?: number } | undefined;
}) {
  const side = placement.split('-')[0] as 'top' | 'bottom' | 'left' | 'right';
  const opposite = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' }[side];
  return (
    <div
      ref={arrowRef}
      className="tour-arrow"
      data-scope="tour"
      data-part="arrow"
      style={{
        left: data?.x != null ? `${data.x}px` : '',
        top: data?.y != null ? `${data.y}px` : '',
        [opposite]: '-6px',
      }}
    />
  );
}

/** The × of a step: closes it (to the skip card). Hovering it 0.4 s shows a hint (tooltip machine). */
function CloseButton({ api }: { api: TourApi }) {
  const [hint, sendHint] = useActor(tooltipMachine, { input: {}, inspect });
  const hintFloating = useFloating({
    open: hint.hasTag('visible'),
    placement: 'top',
    middleware: [offset(8), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  useEffect(() => {
    sendHint({ type: 'ATTACH' });
  }, [sendHint]);
  const hintId = useId();
  return (
    <>
      <button
        {...api.getCloseButtonProps()}
        ref={hintFloating.refs.setReference}
        className="tour-close"
        aria-describedby={hint.hasTag('visible') ? hintId : undefined}
        onPointerEnter={() => sendHint({ type: 'HOVER_START' })}
        onPointerLeave={() => sendHint({ type: 'HOVER_END' })}
      >
        <span aria-hidden="true">×</span>
      </button>
      {hint.hasTag('visible') && (
        <div
          id={hintId}
          ref={hintFloating.refs.setFloating}
          role="tooltip"
          className="tour-hint"
          data-scope="tour"
          data-part="close-hint"
          style={hintFloating.floatingStyles}
        >
          Close to skip the tour
        </div>
      )}
    </>
  );
}
