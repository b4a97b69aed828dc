import type { z } from 'zod';
import type * as schemas from './user.schemas';
import { ClientError, GenericError, NotFoundError, ServerError } from './errors';
import type { Request } from './http';

// ---------------------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------------------

/** Largest profile picture accepted by POST /api/user/profile/upload. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type Profile = z.infer<typeof schemas.Profile>;

/** The public address of a user's profile picture; `v` changes every minute (spec §3, avatar cache-busting). */
export const profileImagePath = (username: string, now = Date.now()) =>
  `/api/user/profile/image/${encodeURIComponent(username)}?v=${Math.floor(now / 60_000)}`;

export const getProfile = (request: Request) => request<Profile>('/api/user/profile');

/**
 * POST /api/user/profile/upload: a multipart form (field `file`), so it cannot go through the JSON request
 * helper; it sends the same credentials and CSRF header, and fails with the same error classes.
 */
export async function uploadProfileImage(
  request: Request,
  file: Blob,
  options: { baseURL?: string; fetch?: typeof globalThis.fetch } = {},
): Promise<Profile> {
  const path = '/api/user/profile/upload';
  const { csrfToken } = await request<{ csrfToken: string }>('/api/auth/csrf');
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'picture');
  const response = await (options.fetch ?? globalThis.fetch)(`${options.baseURL ?? ''}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
    body: form,
  });
  const text = await response.text();
  if (response.ok) return JSON.parse(text) as Profile;
  const status = response.status;
  if (status >= 500) throw new ServerError(status, path, text);
  if (status === 404) throw new NotFoundError(status, path, text);
  if (status >= 400) throw new ClientError(status, path, text);
  throw new GenericError(status, path, text);
}

export const deleteProfileImage = (request: Request) =>
  request<Profile>('/api/user/profile/delete', { method: 'POST', body: {} });

// ---------------------------------------------------------------------------------------------------------
// Wallets
// ---------------------------------------------------------------------------------------------------------

export const WALLET_CHAINS = ['evm', 'solana', 'tron', 'cosmos'] as const;
export type WalletChain = z.infer<typeof schemas.WalletChain>;

export const WALLET_CHAIN_LABELS: Record<WalletChain, string> = {
  evm: 'Ethereum / EVM',
  solana: 'Solana',
  tron: 'Tron',
  cosmos: 'Cosmos',
};

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

/** A bech32 string (BIP-173) with a valid checksum: hrp, '1', data of at least 6 characters. */
export function isBech32(address: string): boolean {
  if (address.length > 90 || address !== address.toLowerCase()) return false;
  const sep = address.lastIndexOf('1');
  if (sep < 1 || address.length - sep - 1 < 6) return false;
  const hrp = address.slice(0, sep);
  if (!/^[\x21-\x7e]+$/.test(hrp)) return false;
  const data: number[] = [];
  for (const c of address.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(c);
    if (v < 0) return false;
    data.push(v);
  }
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
  ];
  return bech32Polymod([...expanded, ...data]) === 1;
}

/** Address format per chain. EVM addresses are compared case-insensitively (checksum casing ignored). */
export const WALLET_VALIDATORS: Record<WalletChain, (address: string) => boolean> = {
  evm: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
  solana: (a) => a.length >= 32 && a.length <= 44 && BASE58.test(a),
  tron: (a) => a.length === 34 && a.startsWith('T') && BASE58.test(a),
  cosmos: (a) => isBech32(a.toLowerCase()) && (a === a.toLowerCase() || a === a.toUpperCase()),
};

/** The chain an address belongs to, when none was given (EVM, then Tron, then Cosmos, then Solana). */
export function detectChain(address: string): WalletChain | undefined {
  return (['evm', 'tron', 'cosmos', 'solana'] as const).find((c) => WALLET_VALIDATORS[c](address));
}

/** The form in which two addresses of one chain are compared for duplicates. */
export function normalizeWalletAddress(chain: WalletChain, address: string): string {
  return chain === 'evm' || chain === 'cosmos' ? address.toLowerCase() : address;
}
export const WALLET_ADDRESS_MAX = 128;
export const WALLET_MESSAGES = {
  required: 'Wallet address is required',
  tooLong: 'Wallet address is too long',
  unrecognised: 'Unrecognised wallet address',
} as const;

/** Why an address does not fit its chain (or any chain when none is given), or undefined when it fits. */
export function walletAddressProblem(address: string, chain?: WalletChain): string | undefined {
  const ok = chain ? WALLET_VALIDATORS[chain](address) : !!detectChain(address);
  if (ok) return undefined;
  return chain ? `Invalid ${WALLET_CHAIN_LABELS[chain]} address` : WALLET_MESSAGES.unrecognised;
}

/**
 * The add-wallet form checked in the browser by the rules of AddWalletBody (api/user.schemas.ts), without zod:
 * the body to send, or the message per field.
 */
export function checkAddWallet(input: {
  walletAddress: string;
  chain?: string;
}): { body: AddWalletBody; fields?: undefined } | { fields: Record<string, string> } {
  const walletAddress = input.walletAddress.trim();
  if (!walletAddress) return { fields: { walletAddress: WALLET_MESSAGES.required } };
  if (walletAddress.length > WALLET_ADDRESS_MAX)
    return { fields: { walletAddress: WALLET_MESSAGES.tooLong } };
  const chain = input.chain as WalletChain | undefined;
  if (chain !== undefined && !(WALLET_CHAINS as readonly string[]).includes(chain))
    return { fields: { chain: 'Unknown chain' } };
  const problem = walletAddressProblem(walletAddress, chain);
  if (problem) return { fields: { walletAddress: problem } };
  return { body: chain ? { walletAddress, chain } : { walletAddress } };
}
export type AddWalletBody = z.input<typeof schemas.AddWalletBody>;
export type DeleteWalletBody = z.infer<typeof schemas.DeleteWalletBody>;
export type Wallet = z.infer<typeof schemas.Wallet>;

export const getWallets = (request: Request) => request<Wallet[]>('/api/user/wallets');
export const addWallet = (request: Request, body: AddWalletBody) =>
  request<Wallet>('/api/user/wallets', { method: 'POST', body });
export const deleteWallet = (request: Request, body: DeleteWalletBody) =>
  request<{ deleted: true }>('/api/user/wallets/delete', { method: 'POST', body });

// ---------------------------------------------------------------------------------------------------------
// Survey
// ---------------------------------------------------------------------------------------------------------

export const USER_TYPES = ['Retail Investor', 'Institutional Partner'] as const;
export type UserType = z.infer<typeof schemas.UserType>;

export const EXPERTISE_TYPES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const INSTITUTION_TYPES = ['Fund', 'Security Firm', 'Exchange', 'Project Owner'] as const;

/** Watchlist names: 1–20 characters (spec §5). */
export const WATCHLIST_NAME_MAX = 20;
export const WATCHLIST_NAME_MESSAGE = 'Watchlist name cannot exceed 20 characters.';
export type SurveyAnswers = z.infer<typeof schemas.SurveyAnswers>;
export type SurveyUploadBody = z.input<typeof schemas.SurveyUploadBody>;
export type SurveyStatus = z.infer<typeof schemas.SurveyStatus>;

export const getSurveyStatus = (request: Request) => request<SurveyStatus>('/api/user/survey');
export const uploadSurvey = (request: Request, survey: SurveyAnswers) =>
  request<SurveyStatus>('/api/user/survey/upload', { method: 'POST', body: { survey } });

// ---------------------------------------------------------------------------------------------------------
// Notification settings (sso-settings)
// ---------------------------------------------------------------------------------------------------------

export const NOTIFICATION_SETTINGS = ['securityAlerts', 'watchlistUpdates', 'productNews', 'newsletter'] as const;
export const NOTIFICATION_LABELS: Record<(typeof NOTIFICATION_SETTINGS)[number], string> = {
  securityAlerts: 'Security alerts for projects I watch',
  watchlistUpdates: 'Watchlist score changes',
  productNews: 'Product news',
  newsletter: 'Newsletter',
};
export type NotificationSettings = z.infer<typeof schemas.NotificationSettings>;
/** The alert mail mode of a user who never chose one (see ALERT_MAIL_MODES in api/notifications.ts). */
export const DEFAULT_ALERT_MAIL = 'instant' as const;
export type SsoSettingsUpdateBody = z.infer<typeof schemas.SsoSettingsUpdateBody>;
export type SsoSettings = z.infer<typeof schemas.SsoSettings>;

export const getSsoSettings = (request: Request, id?: string) =>
  request<SsoSettings>('/api/sso-settings', { method: 'POST', body: id ? { id } : {} });
export const updateSsoSettings = (request: Request, body: SsoSettingsUpdateBody) =>
  request<SsoSettings>('/api/sso-settings/update', { method: 'POST', body });
export const unsubscribe = (request: Request, id: string) =>
  request<SsoSettings>('/api/sso-settings/unsubscribe', { method: 'POST', body: { id } });
