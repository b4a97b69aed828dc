import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WatchlistProjectRow } from '../../api/watchlist';
import { WatchlistProjectsTable } from '../../src/features/watchlist/WatchlistProjectsTable';
import { subScoresAt } from '../helpers/projects';

const base: Omit<WatchlistProjectRow, 'id' | 'name' | 'rank' | 'score' | 'scoreChange'> = {
  logo: '/logos/x.svg',
  tokenTickers: ['X'],
  chains: ['Ethereum'],
  tier: 'BB',
  subScores: subScoresAt(50),
  auditStatus: 'audited',
  auditDate: null,
  kyc: false,
};
const ROWS: WatchlistProjectRow[] = [
  { ...base, id: 'gamma', name: 'Gamma', rank: 3, score: 70, scoreChange: { d1: -1.5, d7: 0, d30: 4 } },
  {
    ...base,
    id: 'alpha',
    name: 'Alpha',
    rank: 9,
    score: 90,
    kyc: true,
    scoreChange: { d1: null, d7: 3.2, d30: null },
  },
  {
    ...base,
    id: 'beta',
    name: 'Beta',
    rank: 1,
    score: 80,
    auditStatus: 'none',
    scoreChange: { d1: 2.4, d7: -0.5, d30: 1 },
  },
];

const names = () =>
  screen.getAllByRole('row').flatMap((r) => {
    const link = within(r).queryByRole('link');
    return link ? [link.textContent] : [];
  });
const header = (name: RegExp) => screen.getByRole('columnheader', { name });

/** The table of ROWS, once its rows have loaded. */
async function renderTable() {
  const user = userEvent.setup();
  render(
    <WatchlistProjectsTable projectIds={ROWS.map((r) => r.id)} loadRows={async () => ROWS} disabled={false} />,
  );
  await screen.findByText('Gamma');
  return user;
}

describe('Watchlist projects table', () => {
  it('shows audit and KYC badges and the score changes, and sorts by a change column from the keyboard', async () => {
    const user = await renderTable();
    expect(names()).toEqual(['Gamma', 'Alpha', 'Beta']);
    const gamma = screen.getAllByRole('row').find((r) => within(r).queryByText('Gamma'))!;
    expect(within(gamma).getByText('Audited')).toBeInTheDocument();
    expect(within(gamma).getByText('No KYC')).toBeInTheDocument();
    expect(within(gamma).getByText('−1.5')).toBeInTheDocument();
    expect(within(gamma).getByText('+4.0')).toBeInTheDocument();
    const alpha = screen.getAllByRole('row').find((r) => within(r).queryByText('Alpha'))!;
    expect(within(alpha).getByText('KYC')).toBeInTheDocument();
    expect(within(alpha).getAllByText('No score that old')).toHaveLength(2);

    const day = header(/24-hour change/);
    expect(day).toHaveAttribute('aria-sort', 'none');
    within(day).getByRole('button').focus();
    await user.keyboard('{Enter}');
    // Largest rise first; no score that old goes last.
    expect(day).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Beta', 'Gamma', 'Alpha']);
    await user.keyboard(' ');
    expect(day).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Gamma', 'Beta', 'Alpha']);
    await user.keyboard('{Enter}');
    expect(day).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Gamma', 'Alpha', 'Beta']);

    // Another column starts in its own first direction, and only it is marked sorted.
    await user.click(within(header(/^Rank/)).getByRole('button'));
    expect(names()).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(header(/^Rank/)).toHaveAttribute('aria-sort', 'ascending');
    expect(day).toHaveAttribute('aria-sort', 'none');
  });

  it('sorts from the phone layout’s "Sort by" menu, and back to the list’s order', async () => {
    const user = await renderTable();
    const menu = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(menu, '7-day change (largest rise first)');
    expect(names()).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect(header(/7-day change/)).toHaveAttribute('aria-sort', 'descending');
    await user.selectOptions(menu, 'List order');
    expect(names()).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(menu).toHaveValue('');
  });
});
