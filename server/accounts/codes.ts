import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export type CodePurpose = 'verify' | 'reset';

export const CODE_TTL_MS: Record<CodePurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};
/**
 * Guesses allowed per code from one client address: past that the code is dead for that address only, so a
 * stranger cannot burn the owner's code with a few wrong guesses.
 */
export const MAX_CODE_ATTEMPTS = 5;
/** Guesses allowed per code from all addresses together; the code is dead for everyone after that. */
export const MAX_CODE_ATTEMPTS_TOTAL = 20;

/** A 6-digit code, uniformly random. */
export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Codes have little entropy, so they are stored as a keyed hash bound to the user and purpose. */
export function hashCode(secret: string, userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`code:${purpose}:${userId}:${code}`).digest('base64url');
}

export function codeMatches(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(candidate);
  return a.length === b.length && timingSafeEqual(a, b);
}
