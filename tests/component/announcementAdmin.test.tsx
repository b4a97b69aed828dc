import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  AnnouncementForm,
  StoredAnnouncement,
} from '../../machines/admin/announcement/announcementAdmin.types';
import AnnouncementAdminPage, {
  liveAnnouncementAdminMachine,
} from '../../src/features/announcement-admin/AnnouncementAdminPage';

function renderPage(
  load: () => Promise<StoredAnnouncement | null>,
  save: (form: AnnouncementForm) => Promise<StoredAnnouncement>,
) {
  const logic = liveAnnouncementAdminMachine.provide({
    actors: {
      load: fromPromise(load),
      save: fromPromise<StoredAnnouncement, AnnouncementForm>(({ input }) => save(input)),
    },
  });
  render(<AnnouncementAdminPage logic={logic} />);
  return userEvent.setup();
}

describe('/admin/announcement', () => {
  it('loads the current announcement, saves the edit, and names a refused field', async () => {
    const stored = {
      content: 'Skynet 2.0 is live',
      link: '/products/skynet',
      linkText: 'Read more',
      active: true,
    };
    const save = vi
      .fn<(form: AnnouncementForm) => Promise<StoredAnnouncement>>()
      .mockRejectedValueOnce(
        Object.assign(new Error('link: Enter a path starting with / or an http(s) URL'), {
          status: 400,
          fields: { link: 'Enter a path starting with / or an http(s) URL' },
        }),
      )
      .mockImplementation(async (form) => ({
        ...form,
        link: form.link || null,
        linkText: form.linkText || null,
      }));
    const user = renderPage(async () => stored, save);

    const content = await screen.findByLabelText('Content');
    expect(content).toHaveValue('Skynet 2.0 is live');
    expect(screen.getByLabelText('Link (optional)')).toHaveValue('/products/skynet');

    await user.clear(screen.getByLabelText('Link (optional)'));
    await user.type(screen.getByLabelText('Link (optional)'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a path starting with / or an http(s) URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Link (optional)')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Link (optional)'));
    await user.click(screen.getByLabelText('Show the banner'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Announcement saved.')).toBeInTheDocument();
    expect(save).toHaveBeenLastCalledWith({
      content: 'Skynet 2.0 is live',
      link: '',
      linkText: 'Read more',
      active: false,
    });
  });

  it('tells a non-admin the page is not for them', async () => {
    renderPage(
      async () => {
        throw Object.assign(new Error('Only admins can do this.'), { status: 403 });
      },
      async () => {
        throw new Error('unreachable');
      },
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Only admins can edit the announcement.'),
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
