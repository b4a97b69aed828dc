import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useActor } from '@xstate/react';
import { useId } from 'react';
import { sendTo } from 'xstate';
import { WATCHLIST_NAME_MAX, WATCHLIST_NAME_MESSAGE } from '../../../api/user';
import { connectSurvey } from '../../../machines/account/survey/survey.connect';
import { surveyMachine } from '../../../machines/account/survey/survey.machine';
import type { SurveyOutput } from '../../../machines/account/survey/survey.types';
import { ProjectPickerModal } from '../../components/ProjectPickerModal';
import { livePickerMachine } from '../../components/livePicker';
import { surveyActors } from './actors';
import './survey.css';
import { inspect } from '../../lib/inspect';
import { useConstant } from '../../lib/useConstant';

/** Survey project picker height (spec §2, §9). */
export const SURVEY_PICKER_HEIGHT = 300;
/** Modal content widths (spec §2, §9): the welcome and thank-you steps are narrow, questions wide. */
export const SURVEY_WIDTH_NARROW = 334;
export const SURVEY_WIDTH_WIDE = 476;

export const liveSurveyMachine = surveyMachine.provide({ actors: surveyActors });

export type SurveyDialogProps = {
  firstLogin: boolean;
  onClose: (output: SurveyOutput) => void;
  /** The survey machine with its calls provided (tests pass stubs). */
  logic?: typeof liveSurveyMachine;
  pickerLogic?: typeof livePickerMachine;
};

const QUESTION_TITLES: Record<string, string> = {
  userType: 'Which best describes you?',
  detail: 'Tell us a bit more',
  projects: 'Pick your favourite projects',
  watchlistName: 'Name your watchlist',
};

/**
 * 'Personalize your Experience' (spec §2, §4): multi-step, not dismissible (no close button; Escape and clicks
 * outside do nothing). Renders the survey machine's snapshot; every button sends an event.
 */
export function SurveyDialog({
  firstLogin,
  onClose,
  logic = liveSurveyMachine,
  pickerLogic = livePickerMachine,
}: SurveyDialogProps) {
  // The survey's end is reported to the host (fixed for the dialog's life, like the actor).
  const surveyLogic = useConstant(() =>
    logic.provide({ actions: { reportClosed: (_, output: SurveyOutput) => onClose(output) } }),
  );
  const [snapshot, send, actorRef] = useActor(surveyLogic, { input: { firstLogin }, inspect });
  // The picker reports picks to the survey, which toggles them (choosing a selected project removes it); in
  // multiple mode the picker marks and unmarks rows itself, in step with these toggles.
  const boundPicker = useConstant(() =>
    pickerLogic.provide({
      actions: {
        added: sendTo(actorRef, (_, { projectId }) => ({ type: 'TOGGLE_PROJECT' as const, projectId })),
      },
    }),
  );
  const [, , picker] = useActor(boundPicker, { input: { mode: 'multiple' }, inspect });
  const view = connectSurvey(snapshot);
  const nameId = useId();
  const hintId = useId();
  if (view.done) return null;

  const width = view.isQuestion ? SURVEY_WIDTH_WIDE : SURVEY_WIDTH_NARROW;
  const next = () => send({ type: 'NEXT' });

  return (
    <Dialog open onClose={() => undefined} className="survey-dialog">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-wrap">
        <DialogPanel
          className="dialog-panel survey-panel"
          data-scope="survey"
          data-part="panel"
          data-step={view.stepNumber}
          aria-busy={view.loading || view.saving}
        >
          <div className="survey-content" style={{ width }} data-part="content">
            <p className="survey-eyebrow">Personalize your Experience</p>
            {view.loading ? (
              <div className="survey-loading" aria-live="polite">
                <span className="skeleton" style={{ width: '100%', height: 120, display: 'block' }} />
              </div>
            ) : view.isWelcome ? (
              <>
                <DialogTitle as="h2">Welcome!</DialogTitle>
                <p className="muted">
                  Answer a few quick questions so we can tailor ratings, alerts and watchlists to you.
                </p>
                <div className="survey-actions survey-actions-stack">
                  <button type="button" className="btn btn-primary" onClick={() => send({ type: 'START' })}>
                    Let&apos;s get started!
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'LATER' })}>
                    I&apos;ll do it later
                  </button>
                </div>
              </>
            ) : view.isQuestion ? (
              <>
                <div
                  className="survey-progress"
                  role="progressbar"
                  aria-label="Survey progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(view.progress * 100)}
                >
                  <span style={{ width: `${Math.min(100, view.progress * 100)}%` }} />
                </div>
                <DialogTitle as="h2">{QUESTION_TITLES[view.step]}</DialogTitle>
                {view.choices.length > 0 && (
                  <div className="survey-choices" role="radiogroup" aria-label={QUESTION_TITLES[view.step]}>
                    {view.choices.map((choice) => (
                      <button
                        key={choice}
                        type="button"
                        role="radio"
                        aria-checked={view.selection === choice}
                        className={`survey-choice${view.selection === choice ? ' is-selected' : ''}`}
                        onClick={() => send({ type: 'SELECT', value: choice })}
                      >
                        {choice}
                      </button>
                    ))}
                  </div>
                )}
                {view.step === 'projects' && (
                  <div className="survey-projects">
                    <p className="muted">
                      {view.projects.length === 0
                        ? 'Choose at least one project for your first watchlist.'
                        : `${view.projects.length} project${view.projects.length === 1 ? '' : 's'} selected`}
                    </p>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => picker.send({ type: 'OPEN', existing: view.projects, mode: 'multiple' })}
                    >
                      Add Projects
                    </button>
                    <ProjectPickerModal
                      actorRef={picker}
                      title="Add Projects"
                      subtitle="Pick the projects you follow"
                      height={SURVEY_PICKER_HEIGHT}
                    />
                  </div>
                )}
                {view.step === 'watchlistName' && (
                  <div className="survey-field">
                    <label htmlFor={nameId}>Watchlist name</label>
                    <input
                      id={nameId}
                      type="text"
                      maxLength={WATCHLIST_NAME_MAX}
                      value={view.watchlistName}
                      aria-describedby={hintId}
                      onChange={(e) => send({ type: 'CHANGE_NAME', value: e.target.value })}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') next();
                      }}
                    />
                    <p id={hintId} className="survey-hint">
                      {WATCHLIST_NAME_MESSAGE}
                    </p>
                  </div>
                )}
                <div className="survey-actions">
                  <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'BACK' })}>
                    Back
                  </button>
                  <span className="survey-spacer" />
                  <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'SKIP' })}>
                    Skip
                  </button>
                  <button type="button" className="btn btn-primary" disabled={!view.canNext} onClick={next}>
                    Next
                  </button>
                </div>
              </>
            ) : (
              <>
                <DialogTitle as="h2">Thank you!</DialogTitle>
                <p className="muted">Your experience is now tailored to you.</p>
                <div className="survey-actions survey-actions-stack">
                  {view.canStartTour && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={view.saving}
                      onClick={() => send({ type: 'START_TOUR' })}
                    >
                      Start a Guided Tour
                    </button>
                  )}
                  <button
                    type="button"
                    className={view.canStartTour ? 'btn btn-secondary' : 'btn btn-primary'}
                    disabled={view.saving}
                    onClick={() => send({ type: 'DONE' })}
                  >
                    Done
                  </button>
                </div>
              </>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
