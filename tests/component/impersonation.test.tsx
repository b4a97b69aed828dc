import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { sessionMachine, type SessionData } from '../../machines/auth/session/session.machine';
import { useFlag } from '../../src/app/hooks';
import { liveFlagsMachine } from '../../src/features/flags/liveFlags';
import { useOpenImpersonationTool } from '../../src/app/hooks';
import { ImpersonationRoot } from '../../src/features/impersonation/ImpersonationRoot';
import { liveImpersonationMachine } from '../../src/features/impersonation/liveImpersonation';
import { TestApp } from '../helpers/testApp';

const notFound = Object.assign(new Error('User does not exist'), { status: 404, code: 'UserNotFound' });

/** "Impersonate User" as the account menu sends it: to the app actor. */
function ImpersonateButton() {
  return (
    <button type="button" onClick={useOpenImpersonationTool()}>
      Impersonate User
    </button>
  );
}

/**
 * The impersonation UI in the app's actor system: an admin (or, with adminId, an impersonated session) with the
 * impersonationTool flag as given; the tool's calls and the page reload are spies. `loaded` lets the tool's code
 * arrive (it loads lazily).
 */
function setup(opts: { adminId?: string | null; toolEnabled?: boolean; holdCode?: boolean } = {}) {
  const switchUser = vi.fn(async ({ input }: { input: { userId: string } }) => {
    if (input.userId !== 'u-target') throw notFound;
    return {};
  });
  const exitImpersonation = vi.fn(async (_: { input: { adminId: string } }) => ({}));
  const reloadPage = vi.fn();
  const logic = liveImpersonationMachine.provide({
    actors: {
      switchUser: fromPromise<unknown, { userId: string }>(switchUser),
      exitImpersonation: fromPromise<unknown, { adminId: string }>(exitImpersonation),
    },
    actions: { reloadPage },
  });
  let loaded = () => {};
  const code = opts.holdCode ? new Promise<void>((resolve) => (loaded = resolve)) : Promise.resolve();
  const user = {
    username: 'u-target',
    email: 'target@example.com',
    ...(opts.adminId ? { adminId: opts.adminId } : {}),
  };
  render(
    <TestApp
      session={user}
      flags={{ impersonationTool: opts.toolEnabled ?? true }}
      provide={{ actors: { loadImpersonation: fromPromise(async () => (await code, logic)) as never } }}
    >
      <ImpersonateButton />
      <ImpersonationRoot />
    </TestApp>,
  );
  return { switchUser, exitImpersonation, reloadPage, loaded, user: userEvent.setup() };
}

describe('Impersonation Tool', () => {
  it('opens for a request made before its code had loaded (a tap on "Impersonate User" on a slow phone)', async () => {
    const { user, loaded } = setup({ holdCode: true });
    await user.click(await screen.findByRole('button', { name: 'Impersonate User' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    loaded();
    expect(await screen.findByRole('dialog', { name: 'Impersonation Tool' })).toBeInTheDocument();
    expect(screen.getByLabelText('User id')).toBeInTheDocument();
  });

  it("opens with Alt+Shift+I, shows 'User doesn't exist.' for an unknown id, then switches and reloads", async () => {
    const { switchUser, reloadPage, user } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The shortcut works once the tool's code has arrived (the app loads it when the flags are known).
    await waitFor(async () => {
      await user.keyboard('{Alt>}{Shift>}I{/Shift}{/Alt}');
      expect(screen.getByRole('dialog', { name: 'Impersonation Tool' })).toBeInTheDocument();
    });
    const dialog = screen.getByRole('dialog', { name: 'Impersonation Tool' });
    expect(dialog).toBeInTheDocument();
    const switchButton = screen.getByRole('button', { name: 'Switch User' });
    expect(switchButton).toBeDisabled();

    await user.type(screen.getByLabelText('User id'), 'nobody');
    await user.click(switchButton);
    expect(await screen.findByRole('alert')).toHaveTextContent("User doesn't exist.");
    expect(reloadPage).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('User id'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('User id'), 'u-target');
    await user.click(screen.getByRole('button', { name: 'Switch User' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(switchButton).toBeDisabled();
    expect(switchUser).toHaveBeenLastCalledWith(expect.objectContaining({ input: { userId: 'u-target' } }));
  });

  it('closes with Cancel, and opens from the account menu event', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Impersonate User' }));
    await screen.findByRole('dialog', { name: 'Impersonation Tool' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not open without the flag', async () => {
    const { user } = setup({ toolEnabled: false, adminId: 'a-admin' });
    await screen.findByRole('region', { name: 'Impersonation' });
    await user.keyboard('{Alt>}{Shift>}I{/Shift}{/Alt}');
    await user.click(screen.getByRole('button', { name: 'Impersonate User' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the banner while impersonating; Exit Impersonation returns to the admin and reloads', async () => {
    const { exitImpersonation, reloadPage, user } = setup({ adminId: 'a-admin', toolEnabled: false });
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('You are impersonating target@example.com.');
    await user.click(screen.getByRole('button', { name: 'Exit Impersonation' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(exitImpersonation).toHaveBeenCalledWith(
      expect.objectContaining({ input: { adminId: 'a-admin' } }),
    );
  });
});

function ShowFlag() {
  return <p>impersonationTool: {String(useFlag('impersonationTool'))}</p>;
}

describe('useFlag', () => {
  it('has its default until the flags are evaluated for the session, then the evaluated value', async () => {
    render(
      <TestApp
        session={{ username: 'u-admin', email: 'admin@example.com' }}
        flags={{ impersonationTool: true }}
      >
        <ShowFlag />
      </TestApp>,
    );
    expect(screen.getByText('impersonationTool: false')).toBeInTheDocument();
    expect(await screen.findByText('impersonationTool: true')).toBeInTheDocument();
  });

  it('evaluates for the session user once the session is known', async () => {
    const session: SessionData = { user: { username: 'u-admin', email: 'admin@example.com' }, expires: '' };
    const evaluate = vi.fn(async ({ input }: { input: unknown }) => ({ impersonationTool: input !== null }));
    const provide = {
      actors: {
        session: sessionMachine.provide({ actors: { fetchSession: fromPromise(async () => session) } }),
        flags: liveFlagsMachine.provide({
          actors: { evaluate: fromPromise(evaluate) as never, watch: fromCallback(() => () => undefined) },
        }),
      },
    };
    render(
      <TestApp provide={provide}>
        <ShowFlag />
      </TestApp>,
    );
    expect(screen.getByText('impersonationTool: false')).toBeInTheDocument();
    expect(await screen.findByText('impersonationTool: true')).toBeInTheDocument();
    expect(evaluate).toHaveBeenCalledWith(
      expect.objectContaining({ input: { targetingKey: 'u-admin', email: 'admin@example.com' } }),
    );
  });
});
