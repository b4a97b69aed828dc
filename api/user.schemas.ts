/** Zod schemas of the user contract: the server validates with these (the browser uses api/user.ts). */
import { z } from 'zod';
import {
  WALLET_CHAINS,
  WALLET_ADDRESS_MAX,
  WALLET_MESSAGES,
  walletAddressProblem,
  USER_TYPES,
  EXPERTISE_TYPES,
  INSTITUTION_TYPES,
  WATCHLIST_NAME_MAX,
  WATCHLIST_NAME_MESSAGE,
} from './user';
import { ALERT_MAIL_MODES } from './notifications';

/** GET /api/user/profile */
export const Profile = z.object({
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** The user image field (identity provider picture), or null. */
  image: z.string().nullable(),
  /** Path of the uploaded profile picture with its version as cache-buster, or null when none was uploaded. */
  profileImageUrl: z.string().nullable(),
});
export const WalletChain = z.enum(WALLET_CHAINS);

/** POST /api/user/wallets */
export const AddWalletBody = z
  .object({
    walletAddress: z
      .string()
      .trim()
      .min(1, WALLET_MESSAGES.required)
      .max(WALLET_ADDRESS_MAX, WALLET_MESSAGES.tooLong),
    chain: WalletChain.optional(),
  })
  .superRefine((value, ctx) => {
    const message = walletAddressProblem(value.walletAddress, value.chain);
    if (message) ctx.addIssue({ code: 'custom', path: ['walletAddress'], message });
  });

/** POST /api/user/wallets/delete */
export const DeleteWalletBody = z.object({
  walletAddress: z.string().trim().min(1, 'Wallet address is required'),
});

export const Wallet = z.object({ walletAddress: z.string(), chain: WalletChain, createdAt: z.string() });
export const UserType = z.enum(USER_TYPES);

/** The survey answers (spec §3); skipped questions are absent. */
export const SurveyAnswers = z.object({
  userType: UserType.optional(),
  expertiseType: z.enum(EXPERTISE_TYPES).optional(),
  institutionType: z.enum(INSTITUTION_TYPES).optional(),
  projects: z.array(z.string().min(1).max(100)).max(200).default([]),
  watchlistName: z.string().trim().max(WATCHLIST_NAME_MAX, WATCHLIST_NAME_MESSAGE).optional(),
});

/** POST /api/user/survey/upload */
export const SurveyUploadBody = z.object({ survey: SurveyAnswers });

/** GET /api/user/survey — `survey` is null ("empty") until the user has completed it. */
export const SurveyStatus = z.object({
  survey: SurveyAnswers.nullable(),
  completedAt: z.string().nullable(),
});
export const NotificationSettings = z.object({
  securityAlerts: z.boolean(),
  watchlistUpdates: z.boolean(),
  productNews: z.boolean(),
  newsletter: z.boolean(),
  /**
   * How alerts about watched projects are mailed. Stored next to the booleans in the settings jsonb;
   * absent for users who saved settings before it existed: the server reads those as DEFAULT_ALERT_MAIL. No
   * `.default()` here: a partial update must leave a stored mode alone.
   */
  alertMail: z.enum(ALERT_MAIL_MODES),
});

/** A signed settings token (from an email link); optional when the caller is signed in. */
const SsoId = z.string().trim().min(1).max(300);

/** POST /api/sso-settings */
export const SsoSettingsBody = z.object({ id: SsoId.optional() });
/** POST /api/sso-settings/update */
export const SsoSettingsUpdateBody = z.object({
  id: SsoId.optional(),
  settings: NotificationSettings.partial(),
});
/** POST /api/sso-settings/unsubscribe */
export const SsoUnsubscribeBody = z.object({ id: SsoId });

/**
 * The settings; `email` only for the signed-in owner's own. Read through a mail's link, the answer names no address
 * (the link may be forwarded) and carries no new link: a link works until its own expiry, never renewed by use.
 */
export const SsoSettings = z.object({ email: z.string().optional(), settings: NotificationSettings });
