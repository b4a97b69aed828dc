/** The home tour's content (spec §2 'Home guided tour'): seven anchored steps, then three cards. */
import type { CardId, StepId, TargetProblem, TourCard, TourStep } from './tour.types';

export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'account',
    anchor: 'account',
    title: 'Your account',
    text: 'Access to Account Settings and watchlists.',
    signedInOnly: true,
  },
  { id: 'search', anchor: 'search', title: 'Search for projects', text: 'By name or token symbol.' },
  {
    id: 'alerts',
    anchor: 'alerts',
    title: 'Stay informed on safety',
    text: 'Security alerts and Report Incident.',
  },
  {
    id: 'trending',
    anchor: 'trending',
    title: 'Keep up with trends',
    text: 'Projects trending in the community.',
  },
  {
    id: 'recently-audited',
    anchor: 'recently-audited',
    title: "What's new",
    text: 'Recently audited projects.',
  },
  { id: 'filters', anchor: 'filters', title: 'Filter through projects', text: 'Advanced filtering.' },
  {
    id: 'in-the-works',
    anchor: 'in-the-works',
    title: 'In the works',
    text: 'Projects currently being audited.',
  },
];

export const RESTART_HINT = 'Account Settings > Guided Tour > Get Started';

export const TOUR_CARDS: Record<CardId, TourCard> = {
  'complete-anonymous': {
    id: 'complete-anonymous',
    title: "You've finished the tour!",
    text: 'Create an account to keep watchlists of your projects, get the full tour and more.',
    primary: 'Create an account',
    secondary: 'Close',
  },
  'complete-signed-in': {
    id: 'complete-signed-in',
    title: "You've finished the tour!",
    text: `You can take it again any time from ${RESTART_HINT}.`,
    primary: 'Done',
  },
  skip: {
    id: 'skip',
    title: 'Do you want to skip?',
    text: `You can restart the tour any time from ${RESTART_HINT}.`,
    primary: 'Yes, skip',
    secondary: 'No, maybe later',
  },
};

/** The number of cards after the steps; progress reads 'n of total-3'. */
export const CARD_COUNT = 3;

/** The regular steps for an audience: anonymous users lose the account step. */
export function stepsFor(signedIn: boolean): StepId[] {
  return TOUR_STEPS.filter((s) => signedIn || !s.signedInOnly).map((s) => s.id);
}

export function stepById(id: StepId): TourStep {
  return TOUR_STEPS.find((s) => s.id === id)!;
}

/** The selector of a step's target (`data-tour` anchors on the page). */
export const targetSelector = (anchor: StepId) => `[data-tour="${anchor}"]`;

/** What the log says about a target that could not be used. */
export const problemMessage = (problem: TargetProblem) =>
  problem === 'not-mounted' ? 'Target not mounted' : 'Target not visible';
