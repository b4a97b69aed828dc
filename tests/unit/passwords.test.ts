import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashCostLog2N, hashPassword, OWASP_LOG2_N, verifyPassword } from '../../server/accounts/passwords';

/**
 * Passwords are stored with scrypt at OWASP's parameters (N=2^17, r=8, p=1). Only a test process may lower N
 * (NODE_ENV=test and TEST_SCRYPT_LOG2_N, which vite.config.ts sets for the suites); everything else gets OWASP's.
 */
describe('password hashing cost', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('is OWASP’s N=2^17 outside tests, whatever TEST_SCRYPT_LOG2_N says', () => {
    expect(OWASP_LOG2_N).toBe(17);
    for (const NODE_ENV of ['production', 'development', undefined])
      expect(hashCostLog2N({ NODE_ENV, TEST_SCRYPT_LOG2_N: '12' })).toBe(17);
  });

  it('takes a lower N only in a test process, and only a sane one', () => {
    expect(hashCostLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2_N: '12' })).toBe(12);
    for (const bad of ['', '4', '9', '12.5', '18', 'abc', undefined])
      expect(hashCostLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2_N: bad })).toBe(17);
  });

  it('stores scrypt$17$8$1$… at the production cost, and a hash of any cost still verifies', async () => {
    vi.stubEnv('TEST_SCRYPT_LOG2_N', '');
    const owasp = await hashPassword('Correct-horse-1');
    expect(owasp).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    vi.stubEnv('TEST_SCRYPT_LOG2_N', '12');
    const cheap = await hashPassword('Correct-horse-1');
    expect(cheap).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(await verifyPassword('Correct-horse-1', owasp)).toBe(true);
    expect(await verifyPassword('Correct-horse-1', cheap)).toBe(true);
    expect(await verifyPassword('Correct-horse-2', owasp)).toBe(false);
  });
});
