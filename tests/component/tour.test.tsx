import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  loadedAtThisAddress,
  loadSavedTour,
  TOUR_STORAGE_KEY,
  tourRequested,
} from '../../machines/account/tour/tour.dom';
import { liveTourMachine, type TourActorRef } from '../../src/features/tour/liveTour';
import Tour from '../../src/features/tour/Tour';

const ANCHORS = ['account', 'search', 'alerts', 'trending', 'recently-audited', 'filters', 'in-the-works'];

/** The tour actors a test made (stopped after it). */
const actors: TourActorRef[] = [];

/**
 * A tour actor as the app makes it: started, then told START when the address asks for the tour or this tab saved
 * one at this address (a reload resumes it; a client-side navigation starts over). Targets get 20 ms to appear.
 */
function tourActor(signedIn: boolean | null) {
  const actor = createActor(liveTourMachine, { input: { signedIn, targetWait: 20 } }).start();
  actors.push(actor);
  const saved = loadedAtThisAddress() ? loadSavedTour() : null;
  if (saved || tourRequested()) actor.send({ type: 'START', resume: saved });
  return actor;
}

function Page({ actor, without = [] as string[] }: { actor: TourActorRef; without?: string[] }) {
  return (
    <>
      <button type="button">Before the tour</button>
      {ANCHORS.filter((a) => !without.includes(a)).map((a) => (
        <section key={a} data-tour={a}>
          {a}
        </section>
      ))}
      <Tour actorRef={actor} />
    </>
  );
}

function renderPage({ without = [] as string[], signedIn = false as boolean | null } = {}) {
  const actor = tourActor(signedIn);
  return { actor, ...render(<Page actor={actor} without={without} />) };
}

const dialog = () => screen.findByRole('dialog');
async function expectStep(title: string, progress: string) {
  const d = await dialog();
  await waitFor(() => expect(within(d).getByRole('heading')).toHaveTextContent(title));
  expect(within(d).getByText(progress)).toBeInTheDocument();
  return d;
}

beforeEach(() => {
  history.replaceState(null, '', '/?tour=true');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  actors.splice(0).forEach((a) => a.stop());
  vi.restoreAllMocks();
});

describe('Tour', () => {
  it('runs the anonymous tour: 6 steps with Next and Back, then the sign-up card', async () => {
    const user = userEvent.setup();
    renderPage();
    await expectStep('Search for projects', '1 of 6');
    expect(screen.queryByText('Your account')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Stay informed on safety', '2 of 6');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await expectStep('Search for projects', '1 of 6');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    for (const title of [
      'Stay informed on safety',
      'Keep up with trends',
      "What's new",
      'Filter through projects',
      'In the works',
    ]) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent(title));
    }
    expect(screen.getByText('6 of 6')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const card = await dialog();
    expect(within(card).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/signup',
    );
  });

  it('runs the signed-in tour over 7 steps to its own card, and Done ends it', async () => {
    const user = userEvent.setup();
    renderPage({ signedIn: true });
    await expectStep('Your account', '1 of 7');
    for (let i = 2; i <= 7; i++) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByText(`${i} of 7`)).toBeInTheDocument());
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const card = await dialog();
    expect(within(card).queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.search).toBe('');
  });

  it('Escape shows the skip card; No, maybe later returns to the same step', async () => {
    const user = userEvent.setup();
    renderPage();
    await expectStep('Search for projects', '1 of 6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Stay informed on safety', '2 of 6');
    await user.click(document.querySelector<HTMLElement>('[data-part="overlay"]')!);
    await expectStep('Stay informed on safety', '2 of 6');
    await user.keyboard('{Escape}');
    const card = await dialog();
    await waitFor(() => expect(within(card).getByRole('heading')).toHaveTextContent('Do you want to skip?'));
    expect(card).toHaveTextContent('Account Settings > Guided Tour > Get Started');
    await user.click(within(card).getByRole('button', { name: 'No, maybe later' }));
    await expectStep('Stay informed on safety', '2 of 6');
  });

  it('Yes, skip ends the tour, removes the flag and the saved state, and returns focus', async () => {
    const user = userEvent.setup();
    renderPage();
    screen.getByRole('button', { name: 'Before the tour' }).focus();
    await expectStep('Search for projects', '1 of 6');
    expect(sessionStorage.getItem(TOUR_STORAGE_KEY)).toContain('search');
    await user.click(screen.getByRole('button', { name: 'Close the tour' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.search).toBe('');
    expect(sessionStorage.getItem(TOUR_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Before the tour' })).toHaveFocus();
  });

  it('moves focus into the tooltip, keeps Tab inside it and announces the step', async () => {
    const user = userEvent.setup();
    renderPage();
    await expectStep('Search for projects', '1 of 6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const d = await expectStep('Stay informed on safety', '2 of 6');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus());
    // Placed by floating-ui, the tooltip machine shows it.
    await waitFor(() => expect(d).toHaveAttribute('data-status', 'open'));
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(d).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(d).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 6. Stay informed on safety.');
  });

  it('skips a missing target forward and back, logging it', async () => {
    const user = userEvent.setup();
    renderPage({ without: ['trending'] });
    await expectStep('Search for projects', '1 of 6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Stay informed on safety', '2 of 6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep("What's new", '4 of 6');
    expect(console.warn).toHaveBeenCalledWith('Target not mounted', '[data-tour="trending"]');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await expectStep('Stay informed on safety', '2 of 6');
  });

  it('skips a hidden target', async () => {
    const user = userEvent.setup();
    renderPage();
    await expectStep('Search for projects', '1 of 6');
    act(() => {
      document.querySelector<HTMLElement>('[data-tour="alerts"]')!.style.display = 'none';
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expectStep('Keep up with trends', '3 of 6');
    expect(console.warn).toHaveBeenCalledWith('Target not visible', '[data-tour="alerts"]');
  });

  it('targets the visible one of two elements carrying an anchor', async () => {
    render(
      <>
        <button type="button" data-tour="account" style={{ display: 'none' }}>
          Desktop account
        </button>
        <Page actor={tourActor(true)} />
      </>,
    );
    await expectStep('Your account', '1 of 7');
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('resumes a saved tour at the same step', async () => {
    sessionStorage.setItem(TOUR_STORAGE_KEY, JSON.stringify({ stepId: 'filters' }));
    renderPage();
    await expectStep('Filter through projects', '5 of 6');
  });

  it("starts over when reached by a client-side navigation (Settings' Get Started), despite a saved tour", async () => {
    sessionStorage.setItem(TOUR_STORAGE_KEY, JSON.stringify({ stepId: 'filters' }));
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: 'http://localhost:3000/my/settings' } as PerformanceEntry,
    ]);
    renderPage();
    await expectStep('Search for projects', '1 of 6');
  });

  it('does nothing without the flag or a saved tour', async () => {
    history.replaceState(null, '', '/');
    renderPage();
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a session change mid-tour stops it', async () => {
    const { actor } = renderPage();
    await expectStep('Search for projects', '1 of 6');
    act(() => actor.send({ type: 'SESSION', signedIn: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.search).toBe('');
  });
});
