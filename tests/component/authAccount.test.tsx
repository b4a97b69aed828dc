import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, signedOutDefaults } from '../helpers/fake-auth-server';

const server = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof createFakeServer> }));
vi.mock('../../src/lib/client', () => ({
  request: (path: string, options?: object) => server.current.request(path, options),
}));

const { TestApp } = await import('../helpers/testApp');
const { AccountArea } = await import('../../src/features/account/AccountArea');
const { SESSION_BROADCAST_KEY } = await import('../../machines/auth/session/session.machine');

// Headless UI anchors the menu with floating-ui, which observes sizes; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const USER = { username: '0b6a3c9e-1f1e-4c1a-9d39-3f6f4c1f2a10', email: 'grace@example.com' };

function setWide(wide: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: wide && query.includes('min-width: 1024px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  }));
}

const renderArea = (props: { portfolio?: boolean } = {}) =>
  render(
    <TestApp>
      <header>
        <AccountArea {...props} />
      </header>
    </TestApp>,
  );

beforeEach(() => {
  server.current = createFakeServer();
  signedOutDefaults(server.current);
  history.replaceState(null, '', '/');
  setWide(true);
});
afterEach(() => vi.restoreAllMocks());

describe('AccountArea signed out', () => {
  it('shows Log in and Sign up links to the auth pages, inside the tour anchor', async () => {
    const { container } = renderArea();
    const login = await screen.findByRole('link', { name: 'Log in' });
    expect(login).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');
    expect(container.querySelector('[data-tour="account"]')).toContainElement(login);
  });

  it('opens the auth modal on wide screens', async () => {
    const user = userEvent.setup();
    renderArea();
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveFocus());
    expect(location.pathname).toBe('/');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(
      within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Log in' }),
    ).toBeInTheDocument();
  });

  it('follows the links to the pages on narrow layouts', async () => {
    setWide(false);
    const user = userEvent.setup();
    renderArea();
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(location.pathname).toBe('/auth/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows social sign-in buttons for the configured providers', async () => {
    server.current.on('/api/auth/providers', () => ({
      credentials: {
        id: 'credentials',
        name: 'Credentials',
        type: 'credentials',
        signinUrl: '',
        callbackUrl: '',
      },
      google: { id: 'google', name: 'Google', type: 'oauth', signinUrl: '', callbackUrl: '' },
    }));
    const user = userEvent.setup();
    renderArea();
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    const social = await within(await screen.findByRole('dialog')).findByRole('link', {
      name: 'Continue with Google',
    });
    expect(social.getAttribute('href')).toMatch(/^\/api\/auth\/signin\/google\?callbackUrl=/);
  });

  it('signs in through the modal and shows the avatar', async () => {
    const user = userEvent.setup();
    renderArea();
    server.current.on('/api/auth/callback/credentials', () => {
      server.current.on('/api/auth/session', () => ({ user: USER, expires: '2030-01-01T00:00:00Z' }));
      return { url: '/' };
    });
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Email'), USER.email);
    await user.type(dialog.getByLabelText('Password'), 'secret12');
    await user.click(dialog.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: `Account menu for ${USER.email}` })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(SESSION_BROADCAST_KEY)).not.toBeNull();
  });
});

describe('AccountArea signed in', () => {
  beforeEach(() => {
    server.current.on('/api/auth/session', () => ({ user: USER, expires: '2030-01-01T00:00:00Z' }));
  });

  it('shows the profile picture, then the image field, then the initial', async () => {
    server.current.on('/api/auth/session', () => ({
      user: { ...USER, image: 'https://img.example.com/grace.png' },
      expires: '2030-01-01T00:00:00Z',
    }));
    const { container } = renderArea();
    await screen.findByRole('button', { name: `Account menu for ${USER.email}` });
    const img = container.querySelector('img')!;
    const minute = Math.floor(Date.now() / 60_000);
    expect(img.getAttribute('src')).toMatch(
      new RegExp(`^/api/user/profile/image/${USER.username}\\?v=(${minute}|${minute + 1})$`),
    );
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', 'https://img.example.com/grace.png');
    expect(img).toBeVisible();
    fireEvent.error(img);
    expect(img).not.toBeVisible();
    expect(screen.getByText('G')).toBeInTheDocument();
  });

  it('has Account Settings, Watchlists and, with the portfolio flag, Portfolio', async () => {
    const user = userEvent.setup();
    const { unmount } = renderArea();
    await user.click(await screen.findByRole('button', { name: `Account menu for ${USER.email}` }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/my/settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Watchlists' })).toHaveAttribute(
      'href',
      '/my/watchlists',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Portfolio' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    unmount();

    renderArea({ portfolio: true });
    await user.click(await screen.findByRole('button', { name: `Account menu for ${USER.email}` }));
    expect(await screen.findByRole('menuitem', { name: 'Portfolio' })).toHaveAttribute(
      'href',
      '/my/portfolio',
    );
  });

  it('signs out with "Signed out successfully." and shows the links again', async () => {
    const user = userEvent.setup();
    renderArea();
    server.current.on('/api/auth/signout', (options) => {
      expect(options.form).toMatchObject({ csrfToken: 'csrf-1', json: 'true' });
      server.current.on('/api/auth/session', () => ({}));
      return { url: '/' };
    });
    await user.click(await screen.findByRole('button', { name: `Account menu for ${USER.email}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out successfully.');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says "Something went wrong." when signing out fails, and stays signed in', async () => {
    const user = userEvent.setup();
    renderArea();
    server.current.fail('/api/auth/signout', 'Boom', 500);
    await user.click(await screen.findByRole('button', { name: `Account menu for ${USER.email}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('button', { name: `Account menu for ${USER.email}` })).toBeInTheDocument();
  });

  it('refetches the session when the tab becomes visible and on a broadcast from another tab', async () => {
    renderArea();
    await screen.findByRole('button', { name: `Account menu for ${USER.email}` });
    server.current.on('/api/auth/session', () => ({}));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_BROADCAST_KEY, newValue: '1' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();

    server.current.on('/api/auth/session', () => ({ user: USER, expires: '2030-01-01T00:00:00Z' }));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('button', { name: `Account menu for ${USER.email}` })).toBeInTheDocument();
  });
});
