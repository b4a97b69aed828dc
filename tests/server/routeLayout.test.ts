import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeSources } from '../../server/routing/loader';
import {
  MANIFEST_FILE,
  manifestSource,
  scanRoutes,
  segmentOf,
  type ScannedFolder,
} from '../../server/routing/scan.mjs';
import { useTestApp } from '../helpers/app';

/**
 * A URL's handler is found from the URL alone: the folders under server/routes/ are its prefix (`_id` for `:id`), and
 * the file is named after the next segment (`/api/user/profile/upload` is in routes/api/user/profile.ts), or is the
 * folder's index.ts when no file or folder has that name. The route list every build loads is the folder tree.
 */

const folderPrefix = (file: string) =>
  file
    .split('/')
    .slice(0, -1)
    .map((name) => `/${segmentOf(name)}`)
    .join('');

/** Names (files without .ts, and folders) in each folder of the tree, by folder path. */
function namesByFolder(folder: ScannedFolder, into = new Map<string, Set<string>>()) {
  const names = new Set<string>();
  for (const file of folder.routes) names.add(file.split('/').pop()!.replace(/\.ts$/, ''));
  for (const sub of folder.folders) {
    names.add(sub.path.split('/').pop()!);
    namesByFolder(sub, into);
  }
  into.set(folder.path, names);
  return into;
}

describe('route layout', () => {
  const t = useTestApp();

  it('the generated route manifest lists exactly the files under server/routes/', () => {
    expect(
      readFileSync(MANIFEST_FILE, 'utf8'),
      'server/routing/routes.generated.ts is stale: run `node server/routing/scan.mjs`',
    ).toBe(manifestSource());
  });

  it('every route lives in the folder of its URL prefix, in the file named after its next segment', () => {
    const names = namesByFolder(scanRoutes());
    const sources = routeSources(t.app);
    expect(sources.length).toBeGreaterThan(90);
    const misplaced = sources.filter(({ file, url }) => {
      const prefix = folderPrefix(file);
      if (!url.startsWith(prefix)) return true;
      const next = url.slice(prefix.length).split('/')[1]?.split('.')[0] ?? '';
      const name = file.split('/').pop()!.replace(/\.ts$/, '');
      const folder = file.split('/').slice(0, -1).join('/');
      if (name === 'index') return names.get(folder)!.has(next);
      return next !== name;
    });
    expect(misplaced).toEqual([]);
  });

  it('every route file adds routes, and every URL is answered by one file', () => {
    const sources = routeSources(t.app);
    const files = new Set(sources.map((s) => s.file));
    const all: string[] = [];
    const walk = (folder: ScannedFolder) => {
      all.push(...folder.routes);
      folder.folders.forEach(walk);
    };
    walk(scanRoutes());
    expect(all.filter((file) => !files.has(file))).toEqual([]);
    const fileOf = new Map<string, Set<string>>();
    for (const { file, url } of sources) fileOf.set(url, (fileOf.get(url) ?? new Set()).add(file));
    expect([...fileOf].filter(([, f]) => f.size > 1).map(([url]) => url)).toEqual([]);
  });
});
