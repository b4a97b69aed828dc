import type { z } from 'zod';
import type * as schemas from './apiKeys.schemas';
import type { Request } from './http';

/** Default quota of a new key: requests per minute (fixed window) … */
export const API_KEY_PER_MINUTE = 60;
/** … and per UTC day. */
export const API_KEY_PER_DAY = 10_000;
/** Keys a user may have that are not revoked. */
export const MAX_ACTIVE_API_KEYS = 10;
/** Keys a user may create in any 24 hours, revoked ones included (create-and-revoke cannot mint keys without end). */
export const MAX_API_KEYS_PER_DAY = 20;
export const API_KEY_NAME_MAX = 40;
/** Days of usage shown per key in settings (today included). */
export const API_KEY_USAGE_DAYS = 14;
/** Characters of a key kept and shown as its prefix (`sk_` + 7). */
export const API_KEY_PREFIX_LENGTH = 10;
/** A key: `sk_` and the base64url form (43 characters) of 32 random bytes. */
export const API_KEY_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/;

/** Texts the settings section shows. */
export const API_KEY_MESSAGES = {
  shownOnce: 'This key is shown once. Store it somewhere safe.',
  tooMany: `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one before creating another.`,
  tooManyToday: `You can create at most ${MAX_API_KEYS_PER_DAY} API keys in 24 hours, revoked ones included. Try again later.`,
  impersonating:
    'API keys cannot be created while impersonating: a key would outlive the impersonation. Exit impersonation first.',
  nameRequired: 'Give the key a name.',
  nameTooLong: `The name can be at most ${API_KEY_NAME_MAX} characters.`,
  createFailed: 'Could not create the key. Please try again.',
  revokeFailed: 'Could not revoke the key. Please try again.',
  loadFailed: 'Could not load your API keys.',
  copied: 'Copied',
  copyFailed: 'Copying did not work: select the key and copy it.',
} as const;

export type ApiKey = z.infer<typeof schemas.ApiKey>;
export type ApiKeyUsageDay = z.infer<typeof schemas.ApiKeyUsageDay>;
export type ApiKeyList = z.infer<typeof schemas.ApiKeyList>;
export type CreatedApiKey = z.infer<typeof schemas.CreatedApiKey>;
export type CreateApiKeyBody = z.infer<typeof schemas.CreateApiKeyBody>;
export type RevokeApiKeyBody = z.infer<typeof schemas.RevokeApiKeyBody>;

/** The name as the server will take it, or the message saying why not (checked before the call). */
export function checkApiKeyName(name: string): { name: string } | { error: string } {
  const trimmed = name.trim();
  if (trimmed.length === 0) return { error: API_KEY_MESSAGES.nameRequired };
  if (trimmed.length > API_KEY_NAME_MAX) return { error: API_KEY_MESSAGES.nameTooLong };
  return { name: trimmed };
}

export const listApiKeys = (request: Request) => request<ApiKeyList>('/api/user/api-keys');
export const createApiKey = (request: Request, body: CreateApiKeyBody) =>
  request<CreatedApiKey>('/api/user/api-keys', { method: 'POST', body });
export const revokeApiKey = (request: Request, body: RevokeApiKeyBody) =>
  request<ApiKey>('/api/user/api-keys/revoke', { method: 'POST', body });
