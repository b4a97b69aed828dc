import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

/**
 * A production start on a DATA_DIR that does not exist yet: with AUTH_SECRET given nothing writes a generated secret
 * there first, and PGlite, which makes only its own folder, failed with ENOENT.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'sentinel-datadir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a fresh DATA_DIR', () => {
  it('is created, parents and all, when a production server opens its embedded database', async () => {
    const dataDir = path.join(root, 'not', 'yet', 'there');
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(48),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    expect(config.dataDir).toBe(dataDir);
    expect(existsSync(dataDir)).toBe(false);
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      const rows = await database.db.execute(sql`SELECT 1 AS one`);
      expect(JSON.stringify(rows)).toContain('"one":1');
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
