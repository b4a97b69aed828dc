import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, signedOutDefaults } from '../helpers/fake-auth-server';

const server = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof createFakeServer> }));
vi.mock('../../src/lib/client', () => ({
  request: (path: string, options?: object) => server.current.request(path, options),
}));

const { useSessionStatus, useSignedIn, useSessionUser } = await import('../../src/app/hooks');
const { TestApp } = await import('../helpers/testApp');
const { appInput } = await import('../../src/first-load/liveApp');
const { SESSION_BROADCAST_KEY } = await import('../../machines/auth/session/session.machine');

const USER = { username: '9d1f0e4a-2b7c-4c55-8f1e-5a0b3c2d1e0f', email: 'alan@example.com' };

function Probe() {
  const status = useSessionStatus();
  const signedIn = useSignedIn();
  const user = useSessionUser();
  return (
    <p data-testid="probe">
      {status} {String(signedIn)} {user?.email ?? 'nobody'}
    </p>
  );
}

beforeEach(() => {
  server.current = createFakeServer();
  signedOutDefaults(server.current);
});

describe('session hooks', () => {
  it('start loading, then tell signed out from signed in', async () => {
    history.replaceState(null, '', '/');
    render(
      <TestApp>
        <Probe />
      </TestApp>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('loading null nobody');
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated false nobody'),
    );
    server.current.on('/api/auth/session', () => ({ user: USER, expires: '2030-01-01T00:00:00Z' }));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_BROADCAST_KEY, newValue: '2' }));
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`authenticated true ${USER.email}`),
    );
  });

  it('polls the session when asked to', async () => {
    history.replaceState(null, '', '/');
    render(
      <TestApp input={appInput({ pollInterval: 20 })}>
        <Probe />
      </TestApp>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated'));
    server.current.on('/api/auth/session', () => ({ user: USER, expires: '2030-01-01T00:00:00Z' }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('authenticated true'));
  });
});

describe('pages that need a session', () => {
  it('send a signed-out visitor of /my/settings to sign-in with SessionRequired and the callback URL', async () => {
    history.replaceState(null, '', '/my/settings?tab=wallets');
    const redirect = vi.fn();
    render(
      <TestApp onSessionRequired={redirect}>
        <Probe />
      </TestApp>,
    );
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(redirect).toHaveBeenCalledWith(
      '/api/auth/signin?error=SessionRequired&callbackUrl=%2Fmy%2Fsettings%3Ftab%3Dwallets',
    );
  });

  it('leave other pages alone, and redirect from /my/* once the session ends there', async () => {
    history.replaceState(null, '', '/');
    const redirect = vi.fn();
    const { unmount } = render(
      <TestApp onSessionRequired={redirect}>
        <Probe />
      </TestApp>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('unauthenticated'));
    expect(redirect).not.toHaveBeenCalled();
    unmount();

    server.current.on('/api/auth/session', () => ({ user: USER, expires: '2030-01-01T00:00:00Z' }));
    history.replaceState(null, '', '/my/watchlists');
    render(
      <TestApp onSessionRequired={redirect}>
        <Probe />
      </TestApp>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('authenticated true'));
    expect(redirect).not.toHaveBeenCalled();
    server.current.on('/api/auth/session', () => ({}));
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledWith(
        '/api/auth/signin?error=SessionRequired&callbackUrl=%2Fmy%2Fwatchlists',
      ),
    );
  });
});
