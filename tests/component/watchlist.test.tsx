import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';
import type { ReactNode } from 'react';
import { createMachine, fromPromise, type AnyActorLogic } from 'xstate';
import type { ProjectRow, ProjectSummary } from '../../api/projects';
import { watchlistMachine } from '../../machines/watchlist/list/watchlist.machine';
import type { WatchlistItem } from '../../machines/watchlist/list/watchlist.types';
import { watchlistPickerMachine } from '../../machines/watchlist/picker/watchlistPicker.machine';
import { AddToWatchlistButton } from '../../src/components/AddToWatchlistButton';
import { watchlistInApp } from '../../src/features/watchlist/liveWatchlist';
import { watchlistHostMachine } from '../../machines/watchlist/host/watchlistHost.machine';
import { WatchlistToast } from '../../src/features/watchlist/WatchlistProvider';
import { TestApp } from '../helpers/testApp';
import { WatchlistsView } from '../../src/features/watchlist/WatchlistsView';

const summary = (i: number): ProjectSummary => ({
  id: `p${i}`,
  rank: i === 3 ? null : i,
  logo: `/logos/p${i}.svg`,
  name: `Project ${i}`,
  tokenTickers: [`TK${i}`, `ALT${i}`],
});
const row = (id: string): ProjectRow => {
  const i = Number(id.slice(1));
  return {
    ...summary(i),
    chains: ['Ethereum'],
    score: 80 + i / 10,
    tier: 'AA',
    subScores: {
      codeSecurity: 80,
      fundamentalHealth: 80,
      operationalResilience: 80,
      governanceStrength: 80,
      marketStability: 80,
      communityTrust: 80,
    },
    auditStatus: 'audited',
    auditDate: null,
    kyc: true,
  };
};

/** An in-memory server behind the machine's actors; `fail` makes the next call of that kind fail. */
function fakeServer(initial: WatchlistItem[] = []) {
  const lists = initial.map((l) => ({ ...l, projects: [...l.projects] }));
  const fail = { toggle: false, create: false };
  let next = 100;
  const calls: string[] = [];
  const logic = watchlistMachine.provide({
    actors: {
      loadWatchlists: fromPromise(async () => lists.map((l) => ({ ...l }))),
      createWatchlist: fromPromise(async ({ input }: { input: { name: string; projects: string[] } }) => {
        calls.push(`create ${input.name} [${input.projects.join(',')}]`);
        if (fail.create) throw Object.assign(new Error('500'), { code: 'InternalError' });
        if (lists.some((l) => l.name === input.name))
          throw Object.assign(new Error('409'), { code: 'NameTaken' });
        const id = `w${next++}`;
        lists.push({ id, name: input.name, projects: input.projects });
        return { id };
      }),
      renameWatchlist: fromPromise(async ({ input }: { input: WatchlistItem }) => {
        calls.push(`update ${input.name}`);
        const l = lists.find((x) => x.id === input.id)!;
        l.name = input.name;
        return { ...l };
      }),
      deleteWatchlist: fromPromise<unknown, { id: string }>(async ({ input }) => {
        calls.push(`delete ${input.id}`);
        lists.splice(
          lists.findIndex((l) => l.id === input.id),
          1,
        );
        return {};
      }),
      toggleProject: fromPromise(async ({ input }: { input: { id: string; projectId: string } }) => {
        calls.push(`toggle ${input.projectId}`);
        if (fail.toggle) throw Object.assign(new Error('500'), { code: 'InternalError' });
        const l = lists.find((x) => x.id === input.id)!;
        const added = !l.projects.includes(input.projectId);
        l.projects = added
          ? [...l.projects, input.projectId]
          : l.projects.filter((p) => p !== input.projectId);
        return { projects: [...l.projects], added };
      }),
    },
  });
  return { lists, fail, calls, logic };
}

const pickerLogic = watchlistPickerMachine.provide({
  actors: {
    searchProjects: fromPromise(async ({ input }: { input: { keyword: string } }) =>
      input.keyword === '' ? [1, 2, 3].map(summary) : [summary(4)],
    ),
  },
});
const loadRows = async (ids: string[]) => ids.map(row);

const USER = { username: 'watcher', email: 'watcher@example.com' };

/** The app's actor system with this fake watchlist server; `authOpened` records what the auth modal was asked. */
function inApp(server: ReturnType<typeof fakeServer>, signedIn: boolean) {
  const authOpened: unknown[] = [];
  let watchlistLoads = 0;
  const authModal = createMachine({ on: { OPEN: { actions: ({ event }) => authOpened.push(event) } } });
  const provide = {
    actors: {
      // The app's watchlist host, loading this server's watchlist as the app loads its chunk.
      watchlist: watchlistHostMachine.provide({
        actors: {
          load: fromPromise<AnyActorLogic>(async () => {
            watchlistLoads += 1;
            return watchlistInApp(server.logic);
          }),
        },
      }),
      loadAuthModal: fromPromise(async () => authModal),
    },
  };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <TestApp session={signedIn ? USER : null} provide={provide as never}>
      {children}
      <WatchlistToast />
    </TestApp>
  );
  return { Wrapper, authOpened, watchlistLoads: () => watchlistLoads };
}

function renderPage(server: ReturnType<typeof fakeServer>, signedIn = true) {
  const { Wrapper, authOpened, watchlistLoads } = inApp(server, signedIn);
  const utils = render(
    <Wrapper>
      <AddToWatchlistButton projectId="p9" projectName="Project 9" />
      <WatchlistsView pickerLogic={pickerLogic} loadRows={loadRows} />
    </Wrapper>,
  );
  return { ...utils, authOpened, watchlistLoads };
}

const toast = () => screen.findByText((_, el) => el?.getAttribute('data-part') === 'message');

describe('Watchlists page', () => {
  it('shows the temp list, turns it real with the first add from the picker, and refuses to delete it', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderPage(server);
    expect(await screen.findByRole('heading', { name: 'My Watchlist' })).toBeInTheDocument();
    expect(screen.getByText('This watchlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.queryByText('Export CSV')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Add Projects' })[0]!);
    const picker = await screen.findByRole('dialog');
    expect(within(picker).getByRole('heading', { name: 'Add Projects' })).toBeInTheDocument();
    expect(within(picker).getByPlaceholderText('Search Project by Name / Token')).toBeInTheDocument();
    expect(await within(picker).findByRole('heading', { name: 'Trending Projects' })).toBeInTheDocument();
    expect(within(picker).getByText('N/A')).toBeInTheDocument();
    expect(within(picker).getByText('TK1')).toBeInTheDocument();
    expect(within(picker).queryByText('ALT1')).not.toBeInTheDocument();
    expect(picker.querySelector('[data-part="list"]')).toHaveStyle({ height: '256px' });

    await user.click(within(picker).getByRole('button', { name: /Project 2/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await toast()).toHaveTextContent('The project is successfully added');
    expect(server.calls).toEqual(['create My Watchlist [p2]']);
    expect(await screen.findByRole('link', { name: 'Project 2' })).toHaveAttribute('href', '/projects/p2');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByText('Export CSV')).toHaveAttribute(
      'href',
      '/api/watchlist/export?id=w100&format=csv',
    );

    // Single-add mode: a project already in the list is marked and does nothing.
    await user.click(screen.getByRole('button', { name: 'Add Projects' }));
    const again = await screen.findByRole('dialog');
    const marked = await within(again).findByRole('button', { name: /Project 2/ });
    expect(marked).toHaveAttribute('aria-pressed', 'true');
    await user.click(marked);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.type(within(again).getByRole('searchbox'), 'pro');
    expect(await within(again).findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    await user.click(await within(again).findByRole('button', { name: /Project 4/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.lists[0]!.projects).toEqual(['p2', 'p4']);
  });

  it('creates with the modal: empty ignored, duplicate refused and cleared, Enter submits', async () => {
    const user = userEvent.setup();
    const server = fakeServer([{ id: 'w1', name: 'Majors', projects: [] }]);
    renderPage(server);
    await user.click(await screen.findByRole('button', { name: '+ Create Watchlist' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Create Watchlist' })).toBeInTheDocument();
    expect(within(dialog).getByText('Watchlist name cannot exceed 20 characters.')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Watchlist name');
    expect(input).toHaveAttribute('maxLength', '20');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(server.calls).toEqual([]);

    await user.type(input, 'Majors{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The name is already used');
    expect(input).toHaveValue('');

    await user.type(input, 'Memecoins to watch!!{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await toast()).toHaveTextContent('Successfully created watchlist Memecoins to watch!!.');
    expect(screen.getByRole('heading', { name: 'Memecoins to watch!!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Memecoins to watch!!/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('renames, and deletes with confirmation moving the selection back', async () => {
    const user = userEvent.setup();
    const server = fakeServer([
      { id: 'w1', name: 'One', projects: [] },
      { id: 'w2', name: 'Two', projects: ['p1'] },
    ]);
    renderPage(server);
    await user.click(await screen.findByRole('button', { name: /Two/ }));
    expect(await screen.findByRole('link', { name: 'Project 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Rename Watchlist' })).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Watchlist name');
    expect(input).toHaveValue('Two');
    await user.clear(input);
    await user.type(input, 'One{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The name is already used');
    await user.type(input, 'Deux{Enter}');
    expect(await screen.findByRole('heading', { name: 'Deux' })).toBeInTheDocument();
    expect(await toast()).toHaveTextContent('Successfully renamed watch list.');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls).not.toContain('delete w2');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'One' })).toBeInTheDocument();
    expect(await toast()).toHaveTextContent('Successfully deleted watch list.');
    expect(server.lists.map((l) => l.name)).toEqual(['One']);
  });

  it('removes a project from the table', async () => {
    const user = userEvent.setup();
    const server = fakeServer([{ id: 'w1', name: 'One', projects: ['p1', 'p2'] }]);
    renderPage(server);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('#1')).toBeInTheDocument();
    expect(within(table).getByText('TK1, ALT1')).toBeInTheDocument();
    expect(within(table).getByText('80.1')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Remove Project 1' }));
    expect(await toast()).toHaveTextContent('The project is successfully removed');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Project 1' })).not.toBeInTheDocument());
    expect(server.lists[0]!.projects).toEqual(['p2']);
  });
});

describe('Watchlists page freshness', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('reloads the lists when the page opens (a list made elsewhere shows up)', async () => {
    const server = fakeServer([{ id: 'w1', name: 'One', projects: [] }]);
    const { Wrapper } = inApp(server, true);
    // As the app's router: the page shows at its address.
    function Page() {
      const [path] = useBrowserLocation();
      return path === '/my/watchlists' ? (
        <WatchlistsView pickerLogic={pickerLogic} loadRows={loadRows} />
      ) : null;
    }
    render(
      <Wrapper>
        <AddToWatchlistButton projectId="p9" projectName="Project 9" />
        <Page />
      </Wrapper>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Watchlist' })).toBeEnabled());
    server.lists.push({ id: 'w2', name: 'From the survey', projects: ['p1'] });
    act(() => navigate('/my/watchlists'));
    expect(await screen.findByRole('button', { name: /From the survey/ })).toBeInTheDocument();
  });
});

describe('AddToWatchlistButton', () => {
  it('toggles optimistically and rolls back when the update fails', async () => {
    const user = userEvent.setup();
    const server = fakeServer([{ id: 'w1', name: 'One', projects: [] }]);
    renderPage(server);
    const button = await screen.findByRole('button', { name: 'Add to Watchlist' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'In Watchlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await toast()).toHaveTextContent('The project is successfully added');

    server.fail.toggle = true;
    await user.click(screen.getByRole('button', { name: 'In Watchlist' }));
    expect(await toast()).toHaveTextContent('Unable to update watchlist.');
    expect(screen.getByRole('button', { name: 'In Watchlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.lists[0]!.projects).toEqual(['p9']);
  });

  it('asks a signed-out visitor to log in', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    const { authOpened, watchlistLoads } = renderPage(server, false);
    const star = screen.getByRole('button', { name: 'Add to Watchlist' });
    await waitFor(() => expect(star).toBeEnabled());
    await user.click(star);
    // The star knows the visitor is a guest: the app opens the auth modal on the login view, and the watchlist's
    // code, of no use before the login, is not loaded.
    await waitFor(() => expect(authOpened).toEqual([{ type: 'OPEN', view: 'login' }]));
    expect(watchlistLoads()).toBe(0);
    expect(server.calls).toEqual([]);
  });
});
