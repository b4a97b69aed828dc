import type { Tags } from '../../core/tags';
import type { connectEmailSettings, connectSettingsSection } from './settingsSection.connect';

/** What a finished write reports: a message for the user and, when it changed them, the section's new data. */
export type MutationResult = { message: string; data?: unknown };
export type SectionMessage = { kind: 'success' | 'error'; text: string; fields?: Record<string, string> };

export type SettingsSectionContext = {
  data: unknown;
  message: SectionMessage | null;
  /** The write in flight (e.g. 'upload', 'add', 'remove'), for the button that shows progress. */
  action: string | null;
};

export type SettingsSectionEvent =
  { type: 'SUBMIT'; action: string; payload?: unknown } | { type: 'RETRY' } | { type: 'DISMISS' };

/** `loads`: the section has data to load first (the password form has none). */
export type SettingsSectionInput = { loads: boolean };

/** `loading` the data loads; `error` it could not; `ready` the section shows; `busy` a write is on the way. */
export type SettingsSectionTag = Tags<'loading' | 'error' | 'ready' | 'busy'>;

/** What a settings section renders (settingsSection.connect). */
export type SettingsSectionView = ReturnType<typeof connectSettingsSection>;
/** What notification settings render (the email link's on UnsubscribePage, Account Settings' section). */
export type EmailSettingsView = ReturnType<typeof connectEmailSettings>;
