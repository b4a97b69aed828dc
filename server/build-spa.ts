import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'machines', 'api', 'content', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

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
  const built = path.join(distDir, 'index.html');
  const builtAt = existsSync(built) && existsSync(renderEntry(root)) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt > sourcesAt) return distDir;
  log(
    builtAt === 0 ? 'Building the web app (first start)…' : 'Client sources changed; rebuilding the web app…',
  );
  const { build } = await import('vite');
  // Always a production bundle, even when started from tests (NODE_ENV=test would bundle React's dev build).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const options = { root, mode: 'production', logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') } as const;
    await build(options);
    await build({ ...options, build: { ssr: 'src/entry-server.tsx', outDir: path.dirname(renderEntry(root)) } });
  } finally {
    process.env.NODE_ENV = previous;
  }
  return distDir;
}
