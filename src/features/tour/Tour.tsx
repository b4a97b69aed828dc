/**
 * The home guided tour's layer: a click-absorbing overlay, a spotlight (padding 2) over the current target,
 * the step tooltip and the centered cards. It renders a tour actor (created from `liveTourMachine` and started
 * by the app) and sends its events: the page watchers, the placement (@floating-ui), Escape, focus and storage
 * are the actor's (src/features/tour/liveTour.ts), the tooltip's status is its child `tooltip`.
 */
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useSelector } from '@xstate/react';
import { useId, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { createEmptyActor, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { connectTooltip } from '../../../machines/ui/tooltip/tooltip.connect';
import type { tooltipMachine } from '../../../machines/ui/tooltip/tooltip.machine';
import { connect, PROGRESS_BAR_WIDTH, type TourApi } from '../../../machines/account/tour/tour.connect';
import type { TourActorRef } from './liveTour';
import './tour.css';

export type TourProps = {
  /** The tour actor, already started (the app sends it START and SESSION). */
  actorRef: TourActorRef;
  /** Where the anonymous completion card's 'Create an account' goes (a plain link). */
  signUpHref?: string;
  /** Replaces following the link (e.g. opens the auth modal on wide screens). */
  onSignUp?: () => void;
};

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

type TooltipSnapshot = SnapshotFrom<typeof tooltipMachine>;
type TooltipActorRef = ActorRefFrom<typeof tooltipMachine>;
/** Stands in for a child that is not there (a stopped tour has none). */
const NO_CHILD: AnyActorRef = createEmptyActor();
/** A tooltip child's snapshot; the stand-in's is none. */
const tooltipSnapshot = (s: unknown) =>
  typeof (s as Partial<TooltipSnapshot> | undefined)?.hasTag === 'function'
    ? (s as TooltipSnapshot)
    : undefined;

export default function Tour({ actorRef, signUpHref = '/auth/signup', onSignUp }: TourProps) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connect(snapshot, actorRef.send);
  const { step, card } = api;
  const tipChild = snapshot.children.tooltip;
  // The step tooltip's status; the tour alone drives it, so the view sends it nothing of its own.
  const tip = connectTooltip(
    useSelector<AnyActorRef, TooltipSnapshot | undefined>(tipChild ?? NO_CHILD, tooltipSnapshot),
    (event) => tipChild?.send(event),
  );
  const [, navigate] = useLocation();
  const titleId = useId();
  const textId = useId();

  if (!api.isRunning) return null;

  const announcement =
    api.isStepTooltip && step ? `${api.progressText}. ${step.title}. ${step.text}` : card ? card.title : '';

  // The step tooltip and the cards: each a modal dialog named by its title and described by its text.
  const dialogProps = {
    role: 'dialog',
    'aria-modal': true,
    'aria-labelledby': titleId,
    'aria-describedby': textId,
    tabIndex: -1,
    'data-scope': 'tour',
    'data-status': tip.status,
    onKeyDown: trapTab,
  } as const;
  const titleAndText = (title: string, text: string) => (
    <>
      <h2 id={titleId} className="tour-title" data-scope="tour" data-part="title">
        {title}
      </h2>
      <p id={textId} className="tour-text" data-scope="tour" data-part="description">
        {text}
      </p>
    </>
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
      {api.showSpotlight && (
        <div className="tour-frame" data-scope="tour" data-part="spotlight-frame">
          <div className="tour-spotlight" data-scope="tour" data-part="spotlight" />
          {api.showBeacon && (
            <button {...api.getBeaconProps()} className="tour-beacon">
              <span className="tour-beacon-dot" />
            </button>
          )}
        </div>
      )}
      <div role="status" aria-live="polite" className="visually-hidden" data-scope="tour" data-part="live">
        {announcement}
      </div>

      {api.isStepTooltip && step && (
        <div
          {...dialogProps}
          className="tour-tooltip"
          data-part="tooltip"
          data-step={step.id}
          // Hidden until `placeTooltip` has placed it beside the target (the tooltip machine then opens).
          style={{ opacity: tip.status === 'opening' ? 0 : undefined }}
        >
          <div className="tour-arrow" data-scope="tour" data-part="arrow" />
          <CloseButton api={api} hint={snapshot.children.closeHint} />
          {titleAndText(step.title, step.text)}
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
            <button
              {...api.getNextButtonProps()}
              className="tour-button tour-button--primary"
              data-autofocus=""
            >
              Next
            </button>
          </div>
        </div>
      )}

      {card && (
        <div {...dialogProps} className="tour-card" data-part="card" data-card={card.id}>
          {titleAndText(card.title, card.text)}
          <div className="tour-actions tour-actions--card">
            {card.id === 'skip' && (
              <>
                <button {...api.getStayButtonProps()} className="tour-button tour-button--secondary">
                  {card.secondary}
                </button>
                <button
                  {...api.getSkipButtonProps()}
                  className="tour-button tour-button--primary"
                  data-autofocus=""
                >
                  {card.primary}
                </button>
              </>
            )}
            {card.id === 'complete-anonymous' && (
              <>
                <button
                  {...api.getCloseButtonProps()}
                  aria-label={undefined}
                  className="tour-button tour-button--secondary"
                >
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
              <button
                {...api.getFinishButtonProps()}
                className="tour-button tour-button--primary"
                data-autofocus=""
              >
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

/** Keeps Tab and Shift+Tab inside the tooltip or card. */
function trapTab(e: ReactKeyboardEvent<HTMLElement>) {
  const container = e.currentTarget;
  if (e.key !== 'Tab') return;
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

/** The × of a step: closes it (to the skip card). Hovering it 0.4 s shows a hint (tooltip machine). */
function CloseButton({ api, hint }: { api: TourApi; hint: TooltipActorRef | undefined }) {
  const hintId = useId();
  const hintView = connectTooltip(
    useSelector<AnyActorRef, TooltipSnapshot | undefined>(hint ?? NO_CHILD, tooltipSnapshot),
    (event) => hint?.send(event),
    { content: hintId },
  );
  const { visible } = hintView;
  // Only places the hint (no flow): its life is the tour's `closeHint` child.
  const hintFloating = useFloating({
    open: visible,
    placement: 'top',
    middleware: [offset(8), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  return (
    <>
      <button
        {...api.getCloseButtonProps()}
        ref={hintFloating.refs.setReference}
        className="tour-close"
        {...hintView.getHoverTriggerProps()}
      >
        <span aria-hidden="true">×</span>
      </button>
      {visible && (
        <div
          {...hintView.getContentProps()}
          ref={hintFloating.refs.setFloating}
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
