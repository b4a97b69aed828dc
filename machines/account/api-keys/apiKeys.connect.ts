import type { ApiKey, ApiKeyUsageDay } from '../../../api/apiKeys';
import type { ApiKeysSnapshot, UsageBar } from './apiKeys.types';

/** The usage bars of one key (last 14 days, oldest first). */
export function usageBars(usage: ApiKeyUsageDay[]): UsageBar[] {
  const peak = Math.max(1, ...usage.map((u) => u.requests + u.refused));
  return usage.map((u) => ({
    ...u,
    share: (u.requests + u.refused) / peak,
    label: `${u.day}: ${u.requests} ${u.requests === 1 ? 'request' : 'requests'}${u.refused > 0 ? `, ${u.refused} refused` : ''}`,
  }));
}

/** Requests over the days shown. */
export const totalRequests = (key: ApiKey) => key.usage.reduce((n, u) => n + u.requests, 0);

/** The view of the API-keys section that components render: booleans and data, no state names. */
export function connectApiKeys(snapshot: ApiKeysSnapshot) {
  const { keys, created, confirmId, copied, error, nameError } = snapshot.context;
  return {
    loading: snapshot.hasTag('loading'),
    failed: snapshot.hasTag('error'),
    ready: snapshot.hasTag('ready'),
    busy: snapshot.hasTag('busy'),
    creating: snapshot.hasTag('busy') && snapshot.context.name !== '',
    keys,
    /** The new key, on screen once. */
    created,
    copied,
    error,
    nameError,
    /** The key whose Revoke waits for a confirmation, while it does. */
    confirmingId: snapshot.hasTag('confirming') ? confirmId : null,
    revokingId: snapshot.hasTag('busy') && snapshot.context.name === '' ? confirmId : null,
  };
}
