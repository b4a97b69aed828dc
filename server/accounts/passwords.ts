import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { AppError } from '../errors';

/** OWASP password-storage parameters for scrypt: N=2^17, r=8, p=1 (128 MiB per hash). */
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

/**
 * Every scrypt (hash, verify, burn) runs through one gate per process: at most HASH_CONCURRENCY at a time (each
 * takes 128 MiB and a libuv thread), at most HASH_QUEUE waiting. When the queue is full the caller gets a 503 with
 * Retry-After at once instead of piling up work, so a flood of sign-ins cannot starve the rest of the server
 * (libuv's 4 threads also serve file and DNS work) or its memory.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 16;
export const HASH_BUSY_RETRY_SECONDS = 5;
const gate = pLimit(HASH_CONCURRENCY);
let runs = 0;

/** The gate's state: running and waiting hashes, and how many scrypt runs started since the process began. */
export const hashingStats = () => ({ active: gate.activeCount, waiting: gate.pendingCount, runs });

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  if (gate.activeCount >= HASH_CONCURRENCY && gate.pendingCount >= HASH_QUEUE) {
    return Promise.reject(
      // The Cognito name the sign-in and sign-up forms already show as "Attempt limit exceeded…".
      new AppError(
        503,
        'LimitExceededException',
        'The server is busy; please try again shortly.',
        undefined,
        {
          'retry-after': String(HASH_BUSY_RETRY_SECONDS),
        },
      ),
    );
  }
  const options: ScryptOptions = { N: n, r, p, maxmem: MAXMEM };
  return gate(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        runs += 1;
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N, R, P);
  return ['scrypt', Math.log2(N), R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64url'),
    2 ** Number(logN),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A stored-hash look-alike with random bytes: checking against it costs one real scrypt and never matches. */
const DUMMY_HASH = [
  'scrypt',
  Math.log2(N),
  R,
  P,
  randomBytes(16).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');

/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, DUMMY_HASH);
}
