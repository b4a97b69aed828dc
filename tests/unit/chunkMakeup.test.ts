import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapGenerator } from 'source-map-js';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkMakeup, packageOf } from '../../bench/chunkMakeup';

const dir = mkdtempSync(path.join(os.tmpdir(), 'chunk-makeup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const gzipKb = (text: string) => gzipSync(text, { level: 9 }).length / 1024;

/** A two-line "bundle": a library's code, then the app's, each mapped to its source; the line break is unmapped. */
function bundle(library: string, app: string) {
  const file = path.join(dir, 'start-test.js');
  const map = new SourceMapGenerator({ file: 'start-test.js' });
  const source = '../../node_modules/@scope/lib/dist/index.js';
  map.addMapping({ generated: { line: 1, column: 0 }, original: { line: 1, column: 0 }, source });
  map.addMapping({
    generated: { line: 2, column: 0 },
    original: { line: 1, column: 0 },
    source: '../../src/App.tsx',
  });
  writeFileSync(file, `${library}\n${app}`);
  writeFileSync(`${file}.map`, map.toString());
  return file;
}

describe('chunkMakeup (npm run size)', () => {
  it('names the package of a source, scoped or not, and our own code "app"', () => {
    expect(packageOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(packageOf('../../node_modules/@xstate/react/dist/xstate-react.esm.js')).toBe('@xstate/react');
    expect(packageOf('../../machines/core/app/app.machine.ts')).toBe('app');
  });

  it("splits a chunk's gzip size by package and gives the size without the app's code", () => {
    const library = 'function libraryCode(){return "the library";}'.repeat(40);
    const app = Array.from({ length: 200 }, (_, i) => `app.step${i}=${i * 7919};`).join('');
    const makeup = chunkMakeup(bundle(library, app));
    expect(makeup.gzipKb).toBeCloseTo(gzipKb(`${library}\n${app}`), 6);
    expect(makeup.withoutAppKb).toBeCloseTo(gzipKb(`${library}\n`), 6);
    expect(makeup.parts.map((p) => p.name)).toEqual(['app', '@scope/lib', '(unmapped)']);
    const appPart = makeup.parts.find((p) => p.name === 'app')!;
    expect(appPart.gzipKb).toBeCloseTo(makeup.gzipKb - makeup.withoutAppKb, 6);
  });
});
