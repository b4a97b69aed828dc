import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The browser request helper is replaced by a scripted one: each series answers with its own numbers.
const calls = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('../../src/lib/client', () => ({
  request: (_path: string, opts: { query: Record<string, unknown> }) => {
    calls.push(opts.query);
    const value = { tweets: 1, mentions: 20, followers: 300 }[opts.query.type as string] ?? 0;
    return Promise.resolve([{ date: '2026-11-20', value }]);
  },
}));

import { ActivityPanel } from '../../src/features/project/ActivityPanel';

const typesAsked = () => calls.map((q) => q.type);
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');
const panelCaption = async () =>
  (await screen.findByRole('tabpanel')).querySelector('figcaption')?.textContent;

afterEach(() => {
  calls.length = 0;
});

describe('Tabs (the social activity panel)', () => {
  it('shows the first series, with only the selected tab in the tab order and the panel named by its tab', async () => {
    render(<ActivityPanel projectId="p1" />);
    const list = screen.getByRole('tablist', { name: 'Series' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Tweets', 'Mentions', 'Followers']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(selectedTab()?.textContent).toBe('Tweets');
    const panel = screen.getByRole('tabpanel', { name: 'Tweets' });
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
    const chart = await screen.findByRole('img', { name: /^Tweets per day/ });
    // A maximum of 1 gives the axis 0 and 1, each once.
    expect([...chart.querySelectorAll('g text')].map((t) => t.textContent)).toEqual(['0', '1']);
    // Only the shown series was fetched.
    expect(typesAsked()).toEqual(['tweets']);
  });

  it('a click shows that series and fetches it then', async () => {
    const user = userEvent.setup();
    render(<ActivityPanel projectId="p1" />);
    await user.click(screen.getByRole('tab', { name: 'Mentions' }));
    expect(selectedTab()?.textContent).toBe('Mentions');
    expect(screen.getByRole('tabpanel', { name: 'Mentions' })).toBeTruthy();
    await screen.findByRole('img', { name: /^Mentions per day/ });
    expect(await panelCaption()).toBe('20 mentions in the last 1 days');
    expect(typesAsked()).toEqual(['tweets', 'mentions']);
  });

  it('the arrow keys, Home and End move the focus and the selection, wrapping around', async () => {
    const user = userEvent.setup();
    render(<ActivityPanel projectId="p1" />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Tweets');

    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Followers');
    expect(selectedTab()?.textContent).toBe('Followers');
    await screen.findByRole('img', { name: /^Followers per day/ });

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Tweets');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Mentions');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);

    await user.keyboard('{End}');
    expect(selectedTab()?.textContent).toBe('Followers');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Tweets');
    expect(selectedTab()?.textContent).toBe('Tweets');

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Tweets' }));
  });
});
