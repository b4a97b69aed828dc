import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The browser request helper is replaced by a scripted one: each test answers the paths it needs.
const answers = vi.hoisted(() => ({ handler: (_path: string, _opts?: unknown): unknown => undefined }));
vi.mock('../../src/lib/client', () => ({
  request: (path: string, opts?: unknown) => Promise.resolve().then(() => answers.handler(path, opts)),
}));

import { ChainIcon } from '../../src/components/ChainIcon';
import { CHAIN_NAMES } from '../../src/components/chains';
import { CookieNotice } from '../../src/features/cookie/CookieNotice';
import { AnnouncementBanner } from '../../src/features/banner/AnnouncementBanner';
import { ErrorBoundary } from '../../src/features/error/ErrorBoundary';
import { TestApp } from '../helpers/testApp';
import { ProjectSearch } from '../../src/components/ProjectSearch';

const projects = [
  { id: 'eth', rank: 2, logo: '/logos/eth.svg', name: 'Ethereum', tokenTickers: ['ETH', 'WETH'] },
  { id: 'etc', rank: null, logo: '/logos/etc.svg', name: 'Ethereum Classic', tokenTickers: ['ETC'] },
  { id: 'ethfi', rank: 40, logo: '/logos/ethfi.svg', name: 'Ether.fi', tokenTickers: [] },
];

afterEach(() => {
  answers.handler = () => undefined;
  vi.restoreAllMocks();
});

describe('ChainIcon', () => {
  it('draws all seventeen chains in both weights', () => {
    expect(CHAIN_NAMES).toHaveLength(17);
    const { container } = render(
      <>
        {CHAIN_NAMES.map((name) => (
          <span key={name}>
            <ChainIcon name={name} weight="fill" />
            <ChainIcon name={name} weight="fillWithBackground" title={name} />
          </span>
        ))}
      </>,
    );
    expect(container.querySelectorAll('svg')).toHaveLength(34);
    expect(screen.getByRole('img', { name: 'Polkadot' })).toBeInTheDocument();
  });

  it("logs 'Unsupported icon weight.' and renders nothing for another weight", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(<ChainIcon name="Ethereum" weight="thin" />);
    expect(container).toBeEmptyDOMElement();
    expect(error).toHaveBeenCalledWith('Unsupported icon weight.');
  });
});

/** The app's shell for a visitor who is not signed in, around `ui`. */
const renderForGuest = (ui: ReactElement) => render(<TestApp session={null}>{ui}</TestApp>);

describe('CookieNotice', () => {
  it("hides after 'I Accept' and stays hidden on the next visit", async () => {
    const user = userEvent.setup();
    const first = renderForGuest(<CookieNotice />);
    await user.click(screen.getByRole('button', { name: 'I Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(localStorage.getItem('cookieConsent')).toBe('true');
    first.unmount();
    renderForGuest(<CookieNotice />);
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });
});

describe('AnnouncementBanner', () => {
  const announcement = {
    content: 'Skynet 2.0 is live',
    link: '/products/skynet',
    linkText: 'See what is new',
  };

  it('shows the announcement and remembers a dismissal by its content', async () => {
    answers.handler = (path) => (path === '/api/announcement' ? announcement : undefined);
    const user = userEvent.setup();
    const first = renderForGuest(<AnnouncementBanner />);
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(within(banner).getByRole('link', { name: 'See what is new' })).toHaveAttribute(
      'href',
      '/products/skynet',
    );
    await user.click(within(banner).getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(localStorage.getItem('ignoredBannerContent')).toBe('Skynet 2.0 is live');
    first.unmount();
    renderForGuest(<AnnouncementBanner />);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument(),
    );
  });

  it('shows a new announcement even after an older one was dismissed', async () => {
    localStorage.setItem('ignoredBannerContent', 'An older announcement');
    answers.handler = () => announcement;
    renderForGuest(<AnnouncementBanner />);
    expect(await screen.findByText('Skynet 2.0 is live')).toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  it('shows the server error page when rendering fails and reports it', async () => {
    const reports: unknown[] = [];
    answers.handler = (path, opts) => {
      if (path === '/api/errors') reports.push((opts as { body: unknown }).body);
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('render exploded');
    };
    const { hook } = memoryLocation({ path: '/somewhere' });
    render(
      <Router hook={hook}>
        <ErrorBoundary resetKey="/somewhere">
          <Broken />
        </ErrorBoundary>
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, something went wrong.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ title: 'Client error: render exploded' });
  });
});

describe('ProjectSearch', () => {
  function renderSearch(minLength?: number) {
    const location = memoryLocation({ path: '/company/about', record: true });
    render(
      <Router hook={location.hook}>
        <ProjectSearch variant="header" slashFocus minLength={minLength} id="t" />
      </Router>,
    );
    return location;
  }

  it('loads trending on focus, filters by keyword and chooses with the keyboard', async () => {
    const keywords: string[] = [];
    answers.handler = (path, opts) => {
      if (path !== '/api/search-project') return undefined;
      const keyword = (opts as { query: { keyword: string } }).query.keyword;
      keywords.push(keyword);
      return keyword === ''
        ? projects.slice(0, 2)
        : projects.filter((p) => p.name.toLowerCase().includes(keyword));
    };
    const user = userEvent.setup();
    const location = renderSearch();
    // The '/' shortcut picks the box in sight (src/first-load/slashShortcut.ts), which needs a real layout: browser tests
    // (first-load, site-shell) press it.
    const input = screen.getByRole('combobox');
    await user.click(input);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', 'Search project');
    expect(await screen.findByText('Trending Search')).toBeInTheDocument();
    const trending = await screen.findAllByRole('option');
    // Each result carries its pointer's Compare chip (hidden from screen readers: the link under the list does it).
    expect(trending.map((o) => o.textContent)).toEqual([
      '#2EthereumETHCompare',
      'N/AEthereum ClassicETCCompare',
    ]);
    expect(trending[0]).toHaveAttribute('aria-selected', 'true');

    await user.type(input, 'e'); // one character: still the trending list, no new request
    expect(screen.getByText('Trending Search')).toBeInTheDocument();
    await user.type(input, 'th');
    await waitFor(() => expect(screen.queryByText('Trending Search')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(keywords).toEqual(['', 'et', 'eth']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(location.history?.at(-1)).toBe('/projects/ethfi');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows skeleton rows while loading and closes with Escape', async () => {
    let release: (v: unknown) => void = () => undefined;
    answers.handler = () => new Promise((r) => (release = r));
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole('combobox'));
    expect(document.querySelectorAll('[data-part="skeleton"]').length).toBeGreaterThan(0);
    release(projects);
    await screen.findAllByRole('option');
    expect(document.querySelectorAll('[data-part="skeleton"]')).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('logos use the image service at 28 × 28', async () => {
    answers.handler = () => projects;
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole('combobox'));
    const logo = (await screen.findAllByRole('option'))[0]!.querySelector('img')!;
    expect(logo).toHaveAttribute('width', '28');
    expect(logo).toHaveAttribute('height', '28');
    expect(logo.getAttribute('src')).toBe('/img/logos/eth.svg?auto=format&fit=max&w=56');
  });
});
