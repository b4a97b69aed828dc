import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SurveyAnswers, SurveyStatus } from '../../api/user';
import {
  SURVEY_LAST_NOTIFICATION_KEY,
  surveyNotificationMachine,
} from '../../machines/account/survey-notification/surveyNotification.machine';
import type { LastNotification } from '../../machines/account/survey-notification/surveyNotification.types';
import { surveyMachine } from '../../machines/account/survey/survey.machine';
import type { SurveyOutput } from '../../machines/account/survey/survey.types';
import { watchlistPickerMachine } from '../../machines/watchlist/picker/watchlistPicker.machine';

// The dialog's live actors are replaced below; the app's request helper is never reached.
vi.mock('../../src/lib/client', () => ({
  request: () => Promise.reject(new Error('no network in component tests')),
}));
const { SurveyDialog } = await import('../../src/features/survey/SurveyDialog');
const { SurveyHost } = await import('../../src/features/survey/SurveyHost');
const { useSurveyNotificationActor } = await import('../../src/app/hooks');
const { fixedAccountActors, TestApp } = await import('../helpers/testApp');
const SURVEY_USER = { username: 'newcomer', email: 'newcomer@example.com' };

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const PROJECTS = [
  { id: 'eth', rank: 1, logo: '/logos/eth.svg', name: 'Ethereum', tokenTickers: ['ETH'] },
  { id: 'sol', rank: 2, logo: '/logos/sol.svg', name: 'Solana', tokenTickers: ['SOL'] },
];

type Saved = { answers: SurveyAnswers; createWatchlist: boolean };

function setup(opts: { watchlists?: unknown[]; firstLogin?: boolean; saveFails?: boolean } = {}) {
  const saved: Saved[] = [];
  const onClose = vi.fn<(o: SurveyOutput) => void>();
  const logic = surveyMachine.provide({
    actors: {
      loadWatchlists: fromPromise(async () => opts.watchlists ?? []),
      saveSurvey: fromPromise<void, Saved>(async ({ input }) => {
        saved.push(input);
        if (opts.saveFails) throw new Error('save failed');
      }),
    },
  });
  const pickerLogic = watchlistPickerMachine.provide({
    actors: {
      searchProjects: fromPromise<typeof PROJECTS, { keyword: string }>(async () => PROJECTS) as never,
    },
  });
  const user = userEvent.setup();
  render(
    <SurveyDialog
      firstLogin={opts.firstLogin ?? true}
      onClose={onClose}
      logic={logic as never}
      pickerLogic={pickerLogic as never}
    />,
  );
  return { user, saved, onClose };
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const content = () => dialog().querySelector('[data-part="content"]') as HTMLElement;
const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('Personalize your Experience', () => {
  it('walks a first login through every step and starts the guided tour', async () => {
    const { user, saved, onClose } = setup();
    expect(await screen.findByText('Personalize your Experience')).toBeInTheDocument();
    expect(content().style.width).toBe('334px');
    await user.click(button("Let's get started!"));

    // 1 user type: Next needs a choice.
    expect(content().style.width).toBe('476px');
    expect(progress()).toBe(25);
    expect(button('Next')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Retail Investor' }));
    expect(button('Next')).toBeEnabled();
    await user.click(button('Next'));

    // 2 expertise (retail).
    expect(progress()).toBe(50);
    expect(screen.getByRole('radio', { name: 'Beginner' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Fund' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Intermediate' }));
    await user.click(button('Next'));

    // 3 favourite projects: at least one, through the watchlist picker (height 300).
    expect(progress()).toBe(75);
    expect(button('Next')).toBeDisabled();
    await user.click(button('Add Projects'));
    const list = await waitFor(() => {
      const el = document.querySelector('[data-scope="watchlist-picker"] [data-part="list"]') as HTMLElement;
      expect(el).not.toBeNull();
      return el;
    });
    expect(list.style.height).toBe('300px');
    await user.click(await within(list).findByRole('button', { name: /Ethereum/ }));
    await user.click(within(list).getByRole('button', { name: /Solana/ }));
    // Choosing a selected project removes it.
    await user.click(within(list).getByRole('button', { name: /Solana/ }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('1 project selected')).toBeInTheDocument();
    await user.click(button('Next'));

    // 4 watchlist name: 1–20 characters, the input enforces the maximum.
    expect(progress()).toBe(100);
    expect(screen.getByText('Watchlist name cannot exceed 20 characters.')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    const name = screen.getByLabelText('Watchlist name');
    await user.type(name, 'A very long watchlist name indeed');
    expect(name).toHaveValue('A very long watchlis');
    await user.click(button('Next'));

    // 5 thank-you.
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    await user.click(button('Start a Guided Tour'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ saved: true, startTour: true }));
    expect(saved).toEqual([
      {
        answers: {
          userType: 'Retail Investor',
          expertiseType: 'Intermediate',
          projects: ['eth'],
          watchlistName: 'A very long watchlis',
        },
        createWatchlist: true,
      },
    ]);
  });

  it('drops the projects and name steps when the account has watchlists', async () => {
    const { user, saved, onClose } = setup({
      watchlists: [{ id: 'w', name: 'Mine', projects: [] }],
      firstLogin: false,
    });
    await user.click(await screen.findByRole('button', { name: "Let's get started!" }));
    expect(progress()).toBe(50); // step 1 of (4 − 2)
    await user.click(screen.getByRole('radio', { name: 'Institutional Partner' }));
    await user.click(button('Next'));
    expect(progress()).toBe(100);
    await user.click(screen.getByRole('radio', { name: 'Security Firm' }));
    await user.click(button('Next'));
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    // Not a first login: no tour offer.
    expect(screen.queryByRole('button', { name: 'Start a Guided Tour' })).not.toBeInTheDocument();
    await user.click(button('Done'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ saved: true, startTour: false }));
    expect(saved[0]).toEqual({
      answers: { userType: 'Institutional Partner', institutionType: 'Security Firm', projects: [] },
      createWatchlist: false,
    });
  });

  it('skips two steps from the user type and from the projects, and goes back one', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: "Let's get started!" }));
    await user.click(button('Skip'));
    expect(progress()).toBe(75); // user type skip lands on the projects step
    await user.click(button('Back'));
    expect(progress()).toBe(50);
    await user.click(button('Back'));
    expect(progress()).toBe(25);
    await user.click(button('Back'));
    expect(button("Let's get started!")).toBeInTheDocument();
    await user.click(button("Let's get started!"));
    await user.click(button('Skip'));
    await user.click(button('Skip')); // projects skip jumps to thank-you
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
  });

  it("'I'll do it later' closes the dialog and remembers when", async () => {
    const { user, onClose, saved } = setup();
    const before = Date.now();
    await user.click(await screen.findByRole('button', { name: "I'll do it later" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ saved: false, startTour: false }));
    expect(Number(localStorage.getItem(SURVEY_LAST_NOTIFICATION_KEY))).toBeGreaterThanOrEqual(before);
    expect(saved).toEqual([]);
  });

  it('logs a failed save and stays open on the last step', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, onClose } = setup({ saveFails: true });
    await user.click(await screen.findByRole('button', { name: "Let's get started!" }));
    await user.click(button('Skip'));
    await user.click(button('Skip'));
    await user.click(button('Done'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Done')).toBeEnabled();
    error.mockRestore();
  });

  it('cannot be dismissed with Escape', async () => {
    const { user } = setup();
    await screen.findByRole('button', { name: "Let's get started!" });
    await user.keyboard('{Escape}');
    expect(screen.getByText('Personalize your Experience')).toBeInTheDocument();
  });
});

describe('survey notification', () => {
  const host = (status: SurveyStatus, last: LastNotification, enabled = true) => {
    const calls = { status: vi.fn(async () => status), last: vi.fn(async () => last) };
    const logic = surveyNotificationMachine.provide({
      actors: { fetchSurveyStatus: fromPromise(calls.status), readLastNotification: fromPromise(calls.last) },
    });
    const dialogLogic = surveyMachine.provide({
      actors: {
        loadWatchlists: fromPromise<unknown[]>(async () => []),
        saveSurvey: fromPromise<void, Saved>(async () => undefined),
      },
    });
    function Host() {
      const notification = useSurveyNotificationActor();
      return notification ? <SurveyHost actorRef={notification} dialogLogic={dialogLogic as never} /> : null;
    }
    // The app actor tells the survey notification about the session and the extendedUserSetting flag.
    const view = render(
      <TestApp
        session={SURVEY_USER}
        flags={{ extendedUserSetting: enabled }}
        provide={{ actors: { accountActors: fixedAccountActors({ surveyNotification: logic }) } }}
      >
        <Host />
      </TestApp>,
    );
    return { ...view, calls };
  };
  /** Lets settled actor promises deliver their events. */
  const settle = () => act(async () => undefined);
  const empty: SurveyStatus = { survey: null, completedAt: null };
  const now = Date.now();

  it('shows the survey on a first login (no stored time), offering the tour at the end', async () => {
    host(empty, { lastTime: null, now });
    expect(await screen.findByText('Personalize your Experience')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Let's get started!" }));
    await user.click(button('Skip'));
    await user.click(button('Skip'));
    expect(button('Start a Guided Tour')).toBeInTheDocument();
  });

  it('shows it again more than 7 days after it was postponed, without the tour offer', async () => {
    host(empty, { lastTime: now - 604_800_001, now });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Let's get started!" }));
    await user.click(button('Skip'));
    await user.click(button('Skip'));
    expect(screen.queryByRole('button', { name: 'Start a Guided Tour' })).not.toBeInTheDocument();
  });

  it('does not show it within 7 days of being postponed', async () => {
    const { calls } = host(empty, { lastTime: now - 1000, now });
    await waitFor(() => expect(calls.last).toHaveBeenCalled());
    await settle();
    expect(screen.queryByText('Personalize your Experience')).not.toBeInTheDocument();
  });

  it('does not show it once the survey was completed', async () => {
    const { calls } = host(
      { survey: { projects: [] }, completedAt: '2026-01-01T00:00:00Z' },
      { lastTime: null, now },
    );
    await waitFor(() => expect(calls.status).toHaveBeenCalled());
    await settle();
    expect(calls.last).not.toHaveBeenCalled();
    expect(screen.queryByText('Personalize your Experience')).not.toBeInTheDocument();
  });

  it('does not even ask without the extendedUserSetting flag', async () => {
    const { calls } = host(empty, { lastTime: null, now }, false);
    await settle();
    expect(calls.status).not.toHaveBeenCalled();
    expect(screen.queryByText('Personalize your Experience')).not.toBeInTheDocument();
  });
});
