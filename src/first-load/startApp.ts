// First: React DOM, then a turn for the page (see reactDomClient.ts).
import { createRoot, hydrateRoot } from './reactDomClient';
import { startTransition, type ReactNode } from 'react';
import { RENDERED_FOR_ELEMENT_ID, type RenderedFor } from '../../api/site';
import { pageData } from './pageData';
import { renderedAsShown, type KeptInThisBrowser } from './renderedAsShown';

/**
 * Starts `app` in `root`. The server rendered the page (src/entry-server.tsx) from what it knew of this visitor. When
 * the browser knows the same (`kept`: its remembered choices, no tour under way), React takes over that HTML;
 * otherwise (a choice kept only in storage, a tour under way) it renders afresh. Either way as a transition: React
 * then works in slices of a few milliseconds and the page answers input meanwhile (one long render would block the
 * main thread for hundreds of milliseconds on a slow phone).
 */
export function startApp(root: HTMLElement, app: ReactNode, kept: KeptInThisBrowser): void {
  const renderedFor = pageData<RenderedFor>(RENDERED_FOR_ELEMENT_ID);
  startTransition(() => {
    if (renderedFor && root.firstElementChild && renderedAsShown(renderedFor, kept)) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.warn('The server-rendered page was rendered again:', error),
      });
    } else {
      createRoot(root).render(app);
    }
  });
}
