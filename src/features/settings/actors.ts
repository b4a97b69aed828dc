import { fromPromise } from 'xstate';
import { changePassword, checkChangePassword, MESSAGES } from '../../../api/auth';
import {
  addWallet,
  checkAddWallet,
  deleteProfileImage,
  deleteWallet,
  getProfile,
  getSsoSettings,
  getWallets,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  updateSsoSettings,
  uploadProfileImage,
  type NotificationSettings,
} from '../../../api/user';
import type { MutationResult } from '../../../machines/account/settings-section/settingsSection.types';
import { settingsSectionMachine } from '../../../machines/account/settings-section/settingsSection.machine';
// Writes carry the x-csrf-token header (cookie-authenticated writes need it).
import { request } from '../../lib/client';

/** A validation failure shaped like a server error body, so the section shows it the same way. */
class FormError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

function formError(fields: Record<string, string>): FormError {
  return new FormError(Object.values(fields)[0] ?? 'Please check the form.', fields);
}

const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : undefined);

export const profileSection = settingsSectionMachine.provide({
  actors: {
    load: fromPromise<unknown>(() => getProfile(request)),
    mutate: fromPromise<MutationResult, { action: string; payload: unknown }>(async ({ input }) => {
      if (input.action === 'delete') return { message: 'Profile picture removed.', data: await deleteProfileImage(request) };
      const file = input.payload as File;
      if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type))
        throw new FormError('The picture must be a PNG, JPEG or WebP image.', { file: 'Unsupported image type' });
      if (file.size > PROFILE_IMAGE_MAX_BYTES)
        throw new FormError('The picture must be at most 2 MB.', { file: 'Too large' });
      return { message: 'Profile picture updated.', data: await uploadProfileImage(request, file) };
    }),
  },
});

export const walletsSection = settingsSectionMachine.provide({
  actors: {
    load: fromPromise<unknown>(() => getWallets(request)),
    mutate: fromPromise<MutationResult, { action: string; payload: unknown }>(async ({ input }) => {
      if (input.action === 'remove') {
        await deleteWallet(request, { walletAddress: String(input.payload) });
        return { message: 'Wallet removed.', data: await getWallets(request) };
      }
      const checked = checkAddWallet(input.payload as { walletAddress: string; chain?: string });
      if (checked.fields) throw formError(checked.fields);
      await addWallet(request, checked.body);
      return { message: 'Wallet added.', data: await getWallets(request) };
    }),
  },
});

/** Messages of the change-password form for the user-pool errors. */
export const PASSWORD_MESSAGES = {
  changed: 'Your password has been changed.',
  wrongOld: 'The old password is incorrect.',
  rule: MESSAGES.passwordRule,
  limit: 'Attempt limit exceeded, please try after some time.',
} as const;

export const passwordSection = settingsSectionMachine.provide({
  actors: {
    mutate: fromPromise<MutationResult, { action: string; payload: unknown }>(async ({ input }) => {
      const checked = checkChangePassword(input.payload as { oldPassword: string; newPassword: string });
      if (checked.fields) throw formError(checked.fields);
      try {
        await changePassword(request, checked.body);
      } catch (e) {
        const c = code(e);
        if (c === 'NotAuthorizedException') throw new FormError(PASSWORD_MESSAGES.wrongOld, { oldPassword: PASSWORD_MESSAGES.wrongOld });
        if (c === 'InvalidPasswordException') throw new FormError(PASSWORD_MESSAGES.rule, { newPassword: PASSWORD_MESSAGES.rule });
        if (c === 'LimitExceededException') throw new FormError(PASSWORD_MESSAGES.limit, {});
        throw e;
      }
      return { message: PASSWORD_MESSAGES.changed };
    }),
  },
});

export const notificationsSection = settingsSectionMachine.provide({
  actors: {
    load: fromPromise<unknown>(() => getSsoSettings(request)),
    mutate: fromPromise<MutationResult, { action: string; payload: unknown }>(async ({ input }) => {
      const settings = input.payload as Partial<NotificationSettings>;
      return { message: 'Notification settings saved.', data: await updateSsoSettings(request, { settings }) };
    }),
  },
});
