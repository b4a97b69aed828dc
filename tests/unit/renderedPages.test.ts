import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ON_EVERY_PAGE, RENDERED_PAGES } from '../../server/site/render';
import { PAGE_PATHS } from '../../api/pages';

/*
 * The server links the stylesheets of the lazy modules each rendered page shows (server/site/render.ts), and preloads
 * the code of those not loaded on view. The list names them by source path, as the build's manifest does: a module
 * moved or renamed without the list would leave its page unstyled until its code arrives, and a part listed on the
 * wrong side would be preloaded for nothing or taken over late.
 */
describe('the pages the server renders', () => {
  it('name modules that exist and that the app loads lazily', () => {
    const app = readFileSync('src/App.tsx', 'utf8');
    for (const [page, modules] of Object.entries(RENDERED_PAGES)) {
      expect(Object.keys(PAGE_PATHS)).toContain(page);
      const listed = [
        ...[...modules.preload, ...ON_EVERY_PAGE.preload].map((module) => ({ module, onView: false })),
        ...[...modules.onView, ...ON_EVERY_PAGE.onView].map((module) => ({ module, onView: true })),
      ];
      for (const { module, onView } of listed) {
        expect(existsSync(module), `${page}: ${module}`).toBe(true);
        // A lazy import of the module from its parent, as `lazy(() => import('./features/…/X'))`, or for a part loaded
        // on view as `partOnView('name', () => import('./X')`.
        const name = module.replace(/^.*\//, '').replace(/\.tsx$/, '');
        const loader = onView ? "partOnView\\(\\s*'[^']+',\\s*" : 'lazy\\(';
        const imported = new RegExp(`${loader}\\(\\) =>\\s*import\\('[^']*/${name}'\\)`);
        const parent = module.startsWith('src/features/home/')
          ? 'src/features/home/HomePage.tsx'
          : module === 'src/layout/Footer.tsx'
            ? 'src/layout/Shell.tsx'
            : null;
        expect(
          imported.test(parent ? readFileSync(parent, 'utf8') : app),
          `${page}: ${module} is loaded ${onView ? 'on view' : 'lazily'}`,
        ).toBe(true);
      }
    }
  });
});
