import { useActor } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { getAdminAnnouncement, updateAnnouncement } from '../../../api/admin';
import {
  announcementAdminMachine,
  type AnnouncementForm,
  type StoredAnnouncement,
} from '../../../machines/admin/announcement/announcementAdmin.machine';
import { request } from '../../lib/client';
import { formFields } from '../../lib/formFields';
import './announcement-admin.css';
import { inspect } from '../../lib/inspect';

export const liveAnnouncementAdminMachine = announcementAdminMachine.provide({
  actors: {
    load: fromPromise<StoredAnnouncement | null>(() => getAdminAnnouncement(request)),
    save: fromPromise<StoredAnnouncement, AnnouncementForm>(({ input }) =>
      updateAnnouncement(request, {
        content: input.content,
        link: input.link || null,
        linkText: input.linkText || null,
        active: input.active,
      }),
    ),
  },
});

/** /admin/announcement — admins edit the announcement banner (content, link, link text, shown or hidden). */
export default function AnnouncementAdminPage({ logic }: { logic?: typeof liveAnnouncementAdminMachine }) {
  const [snapshot, send] = useActor(logic ?? liveAnnouncementAdminMachine, { inspect });
  const id = useId();
  const { form, error, fields } = snapshot.context;
  const change = (patch: Partial<AnnouncementForm>) => send({ type: 'CHANGE', patch });

  if (snapshot.hasTag('forbidden')) {
    return (
      <main className="container announcement-admin">
        <h1>Announcement</h1>
        <p role="alert">Only admins can edit the announcement.</p>
      </main>
    );
  }
  if (snapshot.hasTag('loading')) {
    return (
      <main className="container announcement-admin" aria-busy="true">
        <h1>Announcement</h1>
      </main>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <main className="container announcement-admin">
        <h1>Announcement</h1>
        <p role="alert">{error}</p>
        <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>
          Try again
        </button>
      </main>
    );
  }

  const { fieldError, text } = formFields({
    id,
    form,
    fields,
    change,
    errorClass: 'announcement-admin__field-error',
  });

  return (
    <main className="container announcement-admin">
      <h1>Announcement</h1>
      <p className="announcement-admin__lead">The banner shown at the top of every page.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <label htmlFor={`${id}-content`}>Content</label>
        <textarea {...text('content')} maxLength={500} rows={3} required />
        {fieldError('content')}

        <label htmlFor={`${id}-link`}>Link (optional)</label>
        <input {...text('link')} maxLength={500} placeholder="/products/skynet or https://…" />
        {fieldError('link')}

        <label htmlFor={`${id}-linkText`}>Link text</label>
        <input {...text('linkText')} maxLength={100} />
        {fieldError('linkText')}

        <label className="announcement-admin__check">
          <input
            type="checkbox"
            checked={form.active}
            onChange={(e) => change({ active: e.target.checked })}
          />
          Show the banner
        </label>

        {snapshot.matches('saveFailed') && (
          <p role="alert" className="announcement-admin__error">
            {error}
          </p>
        )}
        {snapshot.hasTag('saved') && (
          <p role="status" className="announcement-admin__saved">
            Announcement saved.
          </p>
        )}
        <div className="dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={!snapshot.can({ type: 'SUBMIT' })}>
            Save
          </button>
        </div>
      </form>
    </main>
  );
}
