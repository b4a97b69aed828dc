import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';

/** The router refuses a path it cannot decode before any route or hook runs; the answer is still ours. */

const t = useTestApp();

describe('addresses the router cannot decode', () => {
  it('answers /api/projects/%ff%fe with a 400 in our error shape, with the security headers', async () => {
    for (const url of ['/api/projects/%ff%fe', '/projects/%ff%fe', '/api/watchlist/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        error: 'BadRequest',
        message: 'The address is not valid: it has a percent-encoding that does not decode.',
      });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
