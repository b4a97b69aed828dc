import { useActor } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { getAdminAnnouncement, updateAnnouncement } from '../../../api/admin';
import { announcementAdminMachine } from '../../../machines/admin/announcement/announcementAdmin.machine';
import type {
  AnnouncementForm,
  StoredAnnouncement,
} from '../../../machines/admin/announcement/announcementAdmin.types';
import { connectAnnouncementAdmin } from '../../../machines/admin/announcement/announcementAdmin.connect';
import { MessageLine } from '../../components/MessageLine';
import { StaffPage, staffGate } from '../../components/StaffPage';
import { request } from '../../lib/client';
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
  const view = connectAnnouncementAdmin(snapshot, send, { idPrefix: useId() });

  const gate = staffGate(view, view.loadError, view.retryText);
  if (gate) return gate;

  const fieldError = (name: 'content' | 'link' | 'linkText') => {
    const props = view.getFieldErrorProps(name);
    return props && <span {...props} />;
  };

  return (
    <StaffPage view={view}>
      <p className="announcement-admin__lead">{view.lead}</p>
      <form {...view.getFormProps()}>
        <label {...view.getLabelProps('content')} />
        <textarea {...view.getTextFieldProps('content')} />
        {fieldError('content')}

        <label {...view.getLabelProps('link')} />
        <input {...view.getTextFieldProps('link')} />
        {fieldError('link')}

        <label {...view.getLabelProps('linkText')} />
        <input {...view.getTextFieldProps('linkText')} />
        {fieldError('linkText')}

        <label className="announcement-admin__check">
          <input {...view.getActiveProps()} />
          {view.activeText}
        </label>

        <MessageLine role="alert" className="announcement-admin__error" text={view.saveError} />
        <MessageLine role="status" className="announcement-admin__saved" text={view.savedText} />
        <div className="dialog-actions">
          <button {...view.getSaveButtonProps()}>{view.saveText}</button>
        </div>
      </form>
    </StaffPage>
  );
}
