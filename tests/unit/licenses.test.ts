import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every package the product runs with (package-lock.json entries not marked `dev`) names its license: a package
 * without one gives nobody the right to ship it.
 */
describe('production dependencies', () => {
  it('each has a license', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { dev?: boolean; link?: boolean; license?: string }>;
    };
    const shipped = Object.entries(lock.packages).filter(
      ([path, entry]) => path !== '' && !entry.dev && !entry.link,
    );
    expect(shipped.length).toBeGreaterThan(0);
    // The lock copies only the `license` field; an older package may name it in a `licenses` array instead.
    const declared = (path: string) => {
      const own = JSON.parse(readFileSync(`${path}/package.json`, 'utf8')) as {
        licenses?: { type?: string }[];
      };
      return (own.licenses ?? []).some((l) => Boolean(l.type?.trim()));
    };
    expect(
      shipped.filter(([path, entry]) => !entry.license?.trim() && !declared(path)).map(([path]) => path),
    ).toEqual([]);
  });
});
