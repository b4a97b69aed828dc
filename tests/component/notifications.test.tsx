import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComponentProps, ReactNode } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type { MarkReadBody, Notification, NotificationList } from '../../api/notifications';
import { notificationsMachine } from '../../machines/account/notifications/notifications.machine';
import { NotificationBell } from '../../src/features/notifications/NotificationBell';
import { useSessionStatus } from '../../src/app/hooks';
import { fixedAccountActors, TestApp } from '../helpers/testApp';

const USER = { username: 'reader', email: 'reader@example.com' };
function SessionProbe() {
  return <p>{useSessionStatus()}</p>;
}
import { EMPTY_NOTIFICATIONS, NotificationsView } from '../../src/features/notifications/NotificationsView';

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'score',
  projectId: `p${id}`,
  projectName: `Project ${id}`,
  projectLogo: `/logos/p${id}.svg`,
  title: `Score fell 3.1 points to 7${id}`,
  body: `Audit freshness −6.2: no audit for 12 months (${id})`,
  createdAt: new Date(Date.now() - id * 3600_000).toISOString(),
  read,
});

/** An in-memory notifications server behind the machine's actors; `fail` makes the next call of that kind fail. */
function fakeServer(all: Notification[], pageSize = 20) {
  const items = all.map((n) => ({ ...n }));
  const fail = { list: 0, mark: 0 };
  const sent: MarkReadBody[] = [];
  const lists: (number | undefined)[] = [];
  const unread = () => items.filter((n) => !n.read).length;
  const logic = notificationsMachine.provide({
    actors: {
      getUnreadCount: fromPromise(async () => ({ unread: unread() })),
      listNotifications: fromPromise<NotificationList, { before?: number }>(async ({ input }) => {
        lists.push(input.before);
        if (fail.list > 0) {
          fail.list--;
          throw Object.assign(new Error('500'), { code: 'InternalError' });
        }
        const rest = items.filter((n) => input.before === undefined || n.id < input.before);
        const page = rest.slice(0, pageSize).map((n) => ({ ...n }));
        return {
          items: page,
          unread: unread(),
          nextBefore: rest.length > pageSize ? page[page.length - 1]!.id : null,
        };
      }),
      markRead: fromPromise<{ unread: number }, MarkReadBody>(async ({ input }) => {
        sent.push(input);
        if (fail.mark > 0) {
          fail.mark--;
          throw Object.assign(new Error('500'), { code: 'InternalError' });
        }
        for (const n of items) if (input.all || input.ids?.includes(n.id)) n.read = true;
        return { unread: unread() };
      }),
      visibilityWatcher: fromCallback(() => () => undefined),
    },
  });
  return { logic, fail, sent, lists };
}

/** The app, signed in as USER unless `session` says otherwise, whose account actors read `server`. */
const renderWithServer = (
  server: ReturnType<typeof fakeServer>,
  children: ReactNode,
  session: ComponentProps<typeof TestApp>['session'] = USER,
) =>
  render(
    <TestApp
      session={session}
      provide={{ actors: { accountActors: fixedAccountActors({ notifications: server.logic }) } }}
    >
      {children}
    </TestApp>,
  );

const newestFirst = (n: number) => Array.from({ length: n }, (_, i) => note(n - i));

describe('notification bell', () => {
  it('shows the unread count, the latest five in its popover, and View all', async () => {
    const server = fakeServer([note(9), note(8), note(7, true), note(6), note(5), note(4, true)]);
    const user = userEvent.setup();
    renderWithServer(server, <NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 4 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell.querySelector('[data-part="badge"]')).toHaveTextContent('4');

    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const popover = screen.getByRole('region', { name: 'Notifications' });
    const items = await within(popover).findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Project 9',
      'Project 8',
      'Project 7',
      'Project 6',
      'Project 5',
    ]);
    expect(within(popover).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/my/notifications',
    );
    expect(within(popover).getByRole('link', { name: 'Project 9' })).toHaveAttribute('href', '/projects/p9');

    // Following a notification marks it read and closes the popover.
    await user.click(within(popover).getByRole('link', { name: 'Project 9' }));
    expect(server.sent).toEqual([{ ids: [9] }]);
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    // Mark all as read: the badge goes.
    await user.click(bell);
    await user.click(within(popover).getByRole('button', { name: 'Mark all as read' }));
    expect(server.sent).toEqual([{ ids: [9] }, { all: true }]);
    await screen.findByRole('button', { name: 'Notifications' });
    expect(document.querySelector('[data-part="badge"]')).toBeNull();

    // Escape closes the popover and gives focus back to the bell.
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('renders nothing when signed out, and no badge at 0', async () => {
    const server = fakeServer([note(1, true)]);
    const { unmount } = renderWithServer(
      server,
      <>
        <NotificationBell />
        <SessionProbe />
      </>,
      null,
    );
    await screen.findByText('unauthenticated');
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    unmount();
    renderWithServer(server, <NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.querySelector('[data-part="badge"]')).toBeNull();
  });
});

describe('/my/notifications', () => {
  // The list loads because the app starts on this page (it asks the centre for it), not because the view mounts.
  beforeEach(() => history.replaceState(null, '', '/my/notifications'));
  afterEach(() => history.replaceState(null, '', '/'));
  const renderPage = (server: ReturnType<typeof fakeServer>) =>
    renderWithServer(
      server,
      <>
        <NotificationBell />
        <NotificationsView />
      </>,
    );
  const pageList = () => screen.getByRole('list', { name: 'Notifications' });

  it('lists newest first, marks one read (restored when that fails), pages with Load more', async () => {
    const server = fakeServer(newestFirst(25));
    const user = userEvent.setup();
    renderPage(server);
    await waitFor(() => expect(pageList().querySelectorAll('[data-part="item"]')).toHaveLength(20));
    const rows = within(pageList()).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link').textContent).toBe('Project 25');
    expect(rows[0]).toHaveTextContent('Audit freshness −6.2: no audit for 12 months (25)');
    expect(within(rows[0]!).getByText('Unread:', { exact: false })).toBeInTheDocument();
    expect(rows[0]!.querySelector('time')).toHaveTextContent('yesterday');
    expect(rows[19]!.querySelector('time')).toHaveTextContent('6 hours ago');
    await screen.findByRole('button', { name: 'Notifications, 25 unread' });

    // A failed mark-read restores the notification and the count.
    server.fail.mark = 1;
    await user.click(within(rows[0]!).getByRole('button', { name: /^Mark as read: Project 25/ }));
    expect(server.sent).toEqual([{ ids: [25] }]);
    const centre = document.querySelector<HTMLElement>('[data-part="centre"]')!;
    expect(await within(centre).findByRole('alert')).toHaveTextContent(
      'Could not mark as read. Please try again.',
    );
    expect(rows[0]).toHaveAttribute('data-unread');
    expect(screen.getByRole('button', { name: 'Notifications, 25 unread' })).toBeInTheDocument();

    // Then it works.
    await user.click(within(rows[0]!).getByRole('button', { name: /^Mark as read: Project 25/ }));
    await screen.findByRole('button', { name: 'Notifications, 24 unread' });
    expect(within(pageList()).getAllByRole('listitem')[0]).not.toHaveAttribute('data-unread');
    expect(server.sent).toEqual([{ ids: [25] }, { ids: [25] }]);

    // Load more asks for the page before the last shown id, and appends it.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(pageList()).getAllByRole('listitem')).toHaveLength(25));
    expect(server.lists).toEqual([undefined, 6]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(pageList().querySelector('[data-unread]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows the empty state', async () => {
    renderPage(fakeServer([]));
    expect(await screen.findByText(EMPTY_NOTIFICATIONS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows the error state with a retry that works', async () => {
    const server = fakeServer([note(1)]);
    server.fail.list = 1;
    const user = userEvent.setup();
    renderPage(server);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your notifications.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(await screen.findByRole('list', { name: 'Notifications' })).findByText('Project 1');
  });
});
