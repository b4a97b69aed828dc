import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ON_EVERY_PAGE, RENDERED_PAGES } from '../../server/site/render';
import { PAGE_PATHS } from '../../src/routes';

/*
 * The server links the stylesheets of the lazy modules each rendered page shows (server/site/render.ts). The list
 * names them by source path, as the build's manifest does: a module moved or renamed without the list would leave
 * its page unstyled until its code arrives.
 */
describe('the pages the server renders', () => {
  it('name modules that exist and that the app loads lazily', () => {
    const app = readFileSync('src/App.tsx', 'utf8');
    for (const [page, modules] of Object.entries(RENDERED_PAGES)) {
      expect(Object.keys(PAGE_PATHS)).toContain(page);
      for (const module of [...modules, ...ON_EVERY_PAGE]) {
        expect(existsSync(module), `${page}: ${module}`).toBe(true);
        // A lazy import of the module, as `import('./features/…/X')` from its parent.
        const name = module.replace(/^.*\//, '').replace(/\.tsx$/, '');
        const imported = new RegExp(`lazy\\(\\(\\) =>\\s*import\\('[^']*/${name}'\\)`);
        const parent = module.startsWith('src/features/home/')
          ? 'src/features/home/HomePage.tsx'
          : module === 'src/layout/Footer.tsx'
            ? 'src/layout/Shell.tsx'
            : null;
        expect(
          imported.test(parent ? readFileSync(parent, 'utf8') : app),
          `${page}: ${module} is loaded lazily`,
        ).toBe(true);
      }
    }
  });
});
