import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildSpaIfStale } from '../../server/build-spa';
import { ensureChromium } from './chromium';
import { CHROMIUM, prepareSeededData, SEEDED_DATA_ENV } from './harness';

/**
 * Makes sure Chromium is there, builds the SPA once for all browser tests (each file starts its own server), and
 * prepares the seeded data folder their servers start from (harness.ts, SEEDED_DATA_ENV; the test workers inherit
 * the environment), deleted at the end. When SEEDED_DATA_ENV is set already, whoever set it did all of this.
 */
export default async function setup() {
  // scripts/browser-lanes.ts (npm test) prepared all of this once for the many runs it starts.
  if (process.env[SEEDED_DATA_ENV]) return undefined;
  const seeded = await prepareBrowserRun();
  process.env[SEEDED_DATA_ENV] = seeded;
  return () => rmSync(seeded, { recursive: true, force: true });
}

/** What a run of the browser tests needs once: Chromium, a fresh build, and the seeded folder (returned; the caller deletes it). */
export async function prepareBrowserRun(): Promise<string> {
  // The model-based UI tests write what they reached here; a run starts from nothing (no stale rows).
  rmSync(path.resolve('.tmp/ui-paths'), { recursive: true, force: true });
  ensureChromium(CHROMIUM);
  await buildSpaIfStale(path.resolve('.'), (m) => console.log(m));
  return prepareSeededData();
}
