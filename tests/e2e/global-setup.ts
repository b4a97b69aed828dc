import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildSpaIfStale } from '../../server/build-spa';
import { ensureChromium } from './chromium';
import { CHROMIUM } from './harness';

/** Makes sure Chromium is there, then builds the SPA once for all browser tests (each file starts its own server). */
export default async function setup() {
  // The model-based UI tests write what they reached here; a run starts from nothing (no stale rows).
  rmSync(path.resolve('.tmp/ui-paths'), { recursive: true, force: true });
  ensureChromium(CHROMIUM);
  await buildSpaIfStale(path.resolve('.'), (m) => console.log(m));
}
