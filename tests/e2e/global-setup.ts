import path from 'node:path';
import { buildSpaIfStale } from '../../server/build-spa';

/** Builds the SPA once for all browser tests (each test file then starts its own server). */
export default async function setup() {
  await buildSpaIfStale(path.resolve('.'), (m) => console.log(m));
}
