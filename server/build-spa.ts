import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';

const SOURCES = [
  'src',
  'machines',
  'api',
  'content',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Where the server's render of the app is built (src/entry-server.tsx, `vite build --ssr`). */
export const renderEntry = (root: string) => path.join(root, 'dist-ssr', 'entry-server.js');

/**
 * Builds the SPA with Vite when dist/ is missing or older than any client source: the browser's bundle into dist/,
 * and the server's render of the same app into dist-ssr/.
 */
export async function buildSpaIfStale(root: string, log: (msg: string) => void): Promise<string> {
  const distDir = path.join(root, 'dist');
  if (isFresh(root)) return distDir;
  // Two processes starting together (two servers, two test runs) would both empty and refill dist/: one builds
  // while the other waits for it, then finds the build fresh.
  const release = await buildLock(root);
  try {
    if (isFresh(root)) return distDir;
    await buildApp(root, log);
  } finally {
    release();
  }
  return distDir;
}

function isFresh(root: string): boolean {
  const built = path.join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) && existsSync(renderEntry(root)) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  return builtAt > sourcesAt;
}

/** A lock directory beside dist/ (mkdir is atomic); one left by a killed build is taken over after 10 minutes. */
async function buildLock(root: string): Promise<() => void> {
  const lock = path.join(root, '.build.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(500);
    }
  }
}

async function buildApp(root: string, log: (msg: string) => void): Promise<void> {
  const first = !existsSync(path.join(root, 'dist', 'index.html'));
  log(first ? 'Building the web app (first start)…' : 'Client sources changed; rebuilding the web app…');
  const { build } = await import('vite');
  // Always a production bundle, even when started from tests (NODE_ENV=test would bundle React's dev build).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const options = {
      root,
      mode: 'production',
      logLevel: 'warn',
      configFile: path.join(root, 'vite.config.ts'),
    } as const;
    await build(options);
    await build({
      ...options,
      build: { ssr: 'src/entry-server.tsx', outDir: path.dirname(renderEntry(root)) },
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
