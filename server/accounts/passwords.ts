import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { AppError } from '../errors';

/** OWASP password-storage parameters for scrypt: N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

/**
 * log2 of scrypt's N for new hashes: OWASP's 17, unless the process runs tests (NODE_ENV=test) and
 * TEST_SCRYPT_LOG2_N lowers it. One OWASP hash costs ~0.35 s of a core, and the test suites sign up and in
 * thousands of times: at full cost they spent most of CI's time hashing (tests/server/auth.session.test.ts: 68 s
 * against 14 s at 2^14). Any other NODE_ENV ignores the variable; tests that need the real cost (the hashing gate's
 * floods, the stored format) unset it. A stored hash names its own N, so checks work across costs.
 */
export function hashCostLog2N(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = env.NODE_ENV === 'test' ? Number(env.TEST_SCRYPT_LOG2_N) : NaN;
  return Number.isInteger(lowered) && lowered >= 10 && lowered < OWASP_LOG2_N ? lowered : OWASP_LOG2_N;
}

/**
 * Every scrypt (hash, verify, burn) runs through one gate per process: at most HASH_CONCURRENCY at a time (each
 * takes 128 MiB and a libuv thread), at most HASH_QUEUE waiting. When the queue is full the caller gets a 503 with
 * Retry-After at once instead of piling up work, so a flood of sign-ins cannot starve the rest of the server
 * (libuv's 4 threads also serve file and DNS work) or its memory.
 *
 * One client address holds at most HASH_PER_ADDRESS of those places (running or waiting); beyond that it gets a
 * 429 at once. Without this share one address's burst filled the queue and everyone else got the 503. The share
 * is the sign-in lockout's allowance per address (5 checks), so parallel guesses at one account still get their
 * password answers and the lockout's, and it takes four addresses to fill the queue.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 16;
export const HASH_PER_ADDRESS = 5;
export const HASH_BUSY_RETRY_SECONDS = 5;
const gate = pLimit(HASH_CONCURRENCY);
let runs = 0;
/** Places in the gate (running or waiting) per client address; an address leaves the map with its last one. */
const held = new Map<string, number>();

const busy = (status: 429 | 503) =>
  // The Cognito name the sign-in and sign-up forms already show as "Attempt limit exceeded…".
  new AppError(
    status,
    'LimitExceededException',
    status === 503
      ? 'The server is busy; please try again shortly.'
      : 'Attempt limit exceeded, please try after some time.',
    undefined,
    { 'retry-after': String(HASH_BUSY_RETRY_SECONDS) },
  );

/** The gate's state: running and waiting hashes, and how many scrypt runs started since the process began. */
export const hashingStats = () => ({ active: gate.activeCount, waiting: gate.pendingCount, runs });

/** `owner`: the client address the hash is done for (server-side work, e.g. seeding, has none). */
async function scryptAsync(
  owner: string | undefined,
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  if (gate.activeCount >= HASH_CONCURRENCY && gate.pendingCount >= HASH_QUEUE) throw busy(503);
  const mine = owner === undefined ? 0 : (held.get(owner) ?? 0);
  if (owner !== undefined && mine >= HASH_PER_ADDRESS) throw busy(429);
  if (owner !== undefined) held.set(owner, mine + 1);
  const options: ScryptOptions = { N: n, r, p, maxmem: MAXMEM };
  try {
    return await gate(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          runs += 1;
          scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
            err ? reject(err) : resolve(key),
          );
        }),
    );
  } finally {
    if (owner !== undefined) {
      const left = (held.get(owner) ?? 1) - 1;
      if (left > 0) held.set(owner, left);
      else held.delete(owner);
    }
  }
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so parameters can be raised later. */
export async function hashPassword(password: string, owner?: string): Promise<string> {
  const salt = randomBytes(16);
  const log2N = hashCostLog2N();
  const key = await scryptAsync(owner, password, salt, 2 ** log2N, R, P);
  return ['scrypt', log2N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string, owner?: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(
    owner,
    password,
    Buffer.from(salt, 'base64url'),
    2 ** Number(logN),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A stored-hash look-alike with random bytes: checking against it costs one real scrypt and never matches. */
const DUMMY_SALT = randomBytes(16).toString('base64url');
const DUMMY_KEY = randomBytes(KEY_LENGTH).toString('base64url');
const dummyHash = () => ['scrypt', hashCostLog2N(), R, P, DUMMY_SALT, DUMMY_KEY].join('$');

/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function burnPasswordCheck(password: string, owner?: string): Promise<void> {
  await verifyPassword(password, dummyHash(), owner);
}
