import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Peers, ScoreBreakdown, ScoreHistory, ScoreRange } from '../../api/ratings';

// The browser request helper is replaced by a scripted one: each test answers the paths it needs.
const answers = vi.hoisted(() => ({
  calls: [] as { path: string; query?: Record<string, unknown> }[],
  handler: (_path: string, _opts?: { query?: Record<string, unknown> }): unknown => undefined,
}));
vi.mock('../../src/lib/client', () => ({
  request: (path: string, opts?: { query?: Record<string, unknown> }) => {
    answers.calls.push({ path, query: opts?.query });
    return Promise.resolve().then(() => answers.handler(path, opts));
  },
}));

import { ScoreChartPanel } from '../../src/features/project/ScoreChartPanel';
import { PeersPanel } from '../../src/features/project/PeersPanel';
import { WhyScorePanel } from '../../src/features/project/WhyScorePanel';

const NOW = Date.parse('2026-11-20T00:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW - days * DAY).toISOString();
const sub = (v: number) => ({
  codeSecurity: v - 10,
  fundamentalHealth: v,
  operationalResilience: v,
  governanceStrength: v,
  marketStability: v,
  communityTrust: v + 5,
});
const LABEL = 'Audit freshness −6.2: no audit for 12 months';
const history = (range: ScoreRange): ScoreHistory => ({
  projectId: 'uni',
  range,
  points:
    range === '30d'
      ? [{ at: at(40), score: 64, subScores: sub(64), tier: 'BBB' }]
      : [
          { at: at(100), score: 70, subScores: sub(70), tier: 'A' },
          { at: at(50), score: 63.8, subScores: sub(64), tier: 'BBB' },
          { at: at(10), score: 65, subScores: sub(65), tier: 'BBB' },
        ],
  markers:
    range === '30d'
      ? []
      : [{ at: at(50), signal: 'lastAuditDay', category: 'codeSecurity', delta: -6.2, label: LABEL }],
});

afterEach(() => {
  answers.calls = [];
  answers.handler = () => undefined;
});

describe('score chart', () => {
  it('switches the range, toggles a series and names the marker’s move', async () => {
    const user = userEvent.setup();
    answers.handler = (_path, opts) => history((opts?.query?.range ?? '90d') as ScoreRange);
    render(<ScoreChartPanel projectId="uni" now={NOW} />);

    const chart = await screen.findByRole('img', { name: /Overall score over the last 90 days/ });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(answers.calls).toEqual([{ path: '/api/projects/uni/score-history', query: { range: '90d' } }]);
    const ranges = screen.getByRole('group', { name: 'Range' });
    expect(within(ranges).getByRole('button', { name: '90d' })).toHaveAttribute('aria-pressed', 'true');

    // The marker: a button labelled with the move, and its tooltip on focus.
    const marker = screen.getByRole('button', { name: new RegExp(LABEL) });
    await user.hover(marker);
    expect(screen.getByRole('tooltip')).toHaveTextContent(LABEL);
    await user.unhover(marker);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    marker.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LABEL);

    // A category series on, then the overall one off; the last one cannot be turned off.
    const series = screen.getByRole('list', { name: 'Series' });
    const code = within(series).getByRole('button', { name: 'Code Security' });
    expect(code).toHaveAttribute('aria-pressed', 'false');
    expect(chart.querySelector('[data-series="codeSecurity"]')).toBeNull();
    await user.click(code);
    expect(code).toHaveAttribute('aria-pressed', 'true');
    expect(chart.querySelector('[data-series="codeSecurity"]')).not.toBeNull();
    const overall = within(series).getByRole('button', { name: 'Overall' });
    await user.click(overall);
    expect(overall).toHaveAttribute('aria-pressed', 'false');
    expect(chart.querySelector('[data-series="overall"]')).toBeNull();
    await user.click(code);
    expect(code).toHaveAttribute('aria-pressed', 'true');
    expect(code).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(ranges).getByRole('button', { name: '30d' }));
    expect(within(ranges).getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('img', { name: /over the last 30 days/ })).toHaveAttribute(
      'data-points',
      '1',
    );
    expect(answers.calls.at(-1)).toEqual({
      path: '/api/projects/uni/score-history',
      query: { range: '30d' },
    });
    expect(screen.queryByRole('button', { name: new RegExp(LABEL) })).not.toBeInTheDocument();
  });

  it('shows the error with a retry, and the empty state', async () => {
    const user = userEvent.setup();
    let fail = true;
    answers.handler = () => {
      if (fail) throw new Error('offline');
      return { projectId: 'uni', range: '90d', points: [], markers: [] };
    };
    render(<ScoreChartPanel projectId="uni" now={NOW} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The score history could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No score history yet/)).toBeInTheDocument();
  });
});

describe('why this score and peers', () => {
  it('lists every category with its signals in words and links to the methodology', async () => {
    const breakdown: ScoreBreakdown = {
      projectId: 'uni',
      methodologyVersion: '2026.11',
      computedAt: at(1),
      score: 63.8,
      tier: 'BBB',
      categories: [
        {
          key: 'codeSecurity',
          label: 'Code Security',
          weight: 0.25,
          score: 72,
          cap: 'Capped at 72 until an audit is completed',
          signals: [
            {
              key: 'lastAuditDay',
              label: 'Audit freshness',
              description: 'Time since the last completed audit.',
              weight: 0.25,
              raw: 20000,
              display: 'no audit for 12 months',
              normalized: 72.7,
              contribution: 4.54,
            },
          ],
        },
      ],
    };
    answers.handler = () => breakdown;
    const { hook } = memoryLocation({ path: '/projects/uni' });
    render(
      <Router hook={hook}>
        <WhyScorePanel projectId="uni" />
      </Router>,
    );
    expect(await screen.findByText('no audit for 12 months')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Code Security\s*72\.0 · weight 25%/ })).toBeInTheDocument();
    expect(screen.getByText('Capped at 72 until an audit is completed')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Audit freshness, normalised' })).toHaveAttribute(
      'aria-valuenow',
      '72.7',
    );
    expect(screen.getByText(/4\.5 pts/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How we rate' })).toHaveAttribute(
      'href',
      '/resources/methodology',
    );
  });

  it('places the project among its kind and chain', async () => {
    const peers: Peers = {
      projectId: 'uni',
      kind: 'DEX',
      chain: 'Ethereum',
      kindPercentile: 90,
      kindCount: 50,
      chainPercentile: 75,
      chainCount: 400,
      points: [
        { id: 'uni', name: 'Uniswap', score: 80, marketScore: 90 },
        { id: 'sushi', name: 'Sushi', score: 60, marketScore: 50 },
      ],
    };
    answers.handler = () => peers;
    const { container } = render(<PeersPanel projectId="uni" name="Uniswap" />);
    expect(await screen.findByText('Top 12%')).toBeInTheDocument();
    expect(screen.getByText('Top 26%')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /for 2 DEX projects; Uniswap: score 80\.0/ })).toBeInTheDocument();
    expect(container.querySelectorAll('.peer-scatter circle')).toHaveLength(2);
    expect(container.querySelector('[data-part="me"]')).not.toBeNull();
  });
});
