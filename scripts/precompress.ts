import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; source maps and HTML are left alone (the server sends index.html itself). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Smaller files gain less than the coding's overhead. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every compressible file in `dir`, so the server sends
 * the smallest bytes without compressing per request (on-the-fly compression ran at brotli quality 4).
 * Returns the files compressed.
 */
export async function precompressFiles(dir: string, files: string[]): Promise<string[]> {
  const done: string[] = [];
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const full = path.join(dir, file);
        const content = await readFile(full);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        done.push(file);
      }),
  );
  return done.sort();
}

/** Vite plugin: precompress the bundle's output after it is written (production builds for the browser only). */
export function precompress(): Plugin {
  return {
    name: 'sentinel:precompress',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      if (options.dir) await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
