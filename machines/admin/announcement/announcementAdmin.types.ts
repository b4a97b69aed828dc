import type { Tags } from '../../core/tags';
import type { connectAnnouncementAdmin } from './announcementAdmin.connect';

/** The form as typed (empty link fields are sent as null). */
export type AnnouncementForm = { content: string; link: string; linkText: string; active: boolean };
/** What the server stores and answers (link fields may be null). */
export type StoredAnnouncement = {
  content: string;
  link: string | null;
  linkText: string | null;
  active: boolean;
};

export type AnnouncementAdminEvent =
  { type: 'CHANGE'; patch: Partial<AnnouncementForm> } | { type: 'SUBMIT' } | { type: 'RETRY' };

export type AnnouncementAdminContext = {
  form: AnnouncementForm;
  /** The last failure's message (the load's or the save's). */
  error: string | null;
  /** The server's message per field it named. */
  fields: Record<string, string>;
};

/**
 * `loading` the announcement loads; `ready` the form shows; `busy` a save is on the way; `saved` it went through;
 * `error` the load (without `ready`) or the save (with it) failed; `forbidden` the caller is not an admin.
 */
export type AnnouncementAdminTag = Tags<'loading' | 'ready' | 'busy' | 'error' | 'forbidden', 'saved'>;

/** What the view needs besides the machine: a prefix for the ids of the form's fields (React's useId). */
export type AnnouncementAdminViewOptions = { idPrefix: string };
/** What AnnouncementAdminPage renders (announcementAdmin.connect). */
export type AnnouncementAdminView = ReturnType<typeof connectAnnouncementAdmin>;
