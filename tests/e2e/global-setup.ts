import path from 'node:path';
import { buildSpaIfStale } from '../../server/build-spa';
import { ensureChromium } from './chromium';
import { CHROMIUM } from './harness';

/** Makes sure Chromium is there, then builds the SPA once for all browser tests (each file starts its own server). */
export default async function setup() {
  ensureChromium(CHROMIUM);
  await buildSpaIfStale(path.resolve('.'), (m) => console.log(m));
}
