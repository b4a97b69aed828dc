import { createContext, useContext, type ReactNode } from 'react';
import type { ProjectDetail, ServedProject } from '../../api/projects';
import { AppActor } from './AppProvider';

/**
 * Page data the server sent with the HTML beyond the app's own inputs (issue 11): a project page's project. The
 * server renders the page with it, and the browser's first render uses the same, so React takes over the HTML as it is.
 */
const ServedProjectContext = createContext<ServedProject | null>(null);

export function ServedPageProvider({
  project,
  children,
}: {
  project: ServedProject | null;
  children: ReactNode;
}) {
  return <ServedProjectContext.Provider value={project}>{children}</ServedProjectContext.Provider>;
}

/**
 * The project the page arrived with, while the browser is still on the address it was served for. After a
 * navigation (even back to the same address) it is out of date, and the page fetches it.
 */
export function useServedProject(id: string): ProjectDetail | undefined {
  const served = useContext(ServedProjectContext);
  // NAVIGATED replaces the app's `location`; until then it is the very object the app started from.
  const onServedAddress = AppActor.useSelector((s) => s.context.location === s.context.inputs.location);
  return onServedAddress && served?.id === id ? served.project : undefined;
}
