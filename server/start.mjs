/**
 * `npm start`: runs the server from one bundled file, dist-server/main.mjs, built here from server/main.ts (esbuild,
 * packages left to node_modules) when it is missing or older than any file it was built from.
 *
 * Why not `tsx server/main.ts`: loading the server's ~130 TypeScript modules one by one through tsx's loader took
 * ~1 s of every start (3.0 s -> 1.9-2.2 s to listening at 50,000 projects on this machine). Plain JavaScript, so
 * node runs it without a loader. Tests and `npm run dev:server` still run the sources through tsx.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeManifest } from './routing/scan.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist-server');
const bundle = path.join(outDir, 'main.mjs');
/** The files the bundle was built from (esbuild's metafile), to tell when it is stale. */
const inputsFile = path.join(outDir, 'inputs.json');

function isStale() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((file) => {
    const source = path.join(root, file);
    return !existsSync(source) || statSync(source).mtimeMs > builtAt;
  });
}

/** Writes a file whole or not at all (several servers may start, and build, at once). */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

async function buildBundle() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(outDir, { recursive: true });
  // The source map and the inputs first: a bundle that is there always has both.
  const code = result.outputFiles.find((file) => file.path === bundle);
  for (const file of result.outputFiles) if (file !== code) writeAtomically(file.path, file.contents);
  const inputs = [...Object.keys(result.metafile.inputs), 'package-lock.json'];
  writeAtomically(inputsFile, JSON.stringify(inputs));
  writeAtomically(bundle, code.contents);
}

// The route modules are imported by a manifest made from the folders under server/routes/ (one list for the bundle,
// tests and dev): a route file added or removed since the last start rewrites it, and so rebuilds the bundle.
writeManifest();
if (isStale()) await buildBundle();
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
