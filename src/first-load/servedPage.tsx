import { createContext, useContext, type ReactNode } from 'react';
import type { ProjectDetail, ServedProject, ServedStrips } from '../../api/projects';
import { AppActor } from '../app/AppProvider';

/**
 * Page data the server sent with the HTML beyond the app's own inputs: a project page's project, home's
 * strips. The server renders the page with it, and the browser's first render uses the same, so React takes over the
 * HTML as it is.
 */
export type ServedPage = { project: ServedProject | null; strips: ServedStrips | null };
const ServedPageContext = createContext<ServedPage>({ project: null, strips: null });

export function ServedPageProvider({ served, children }: { served: ServedPage; children: ReactNode }) {
  return <ServedPageContext.Provider value={served}>{children}</ServedPageContext.Provider>;
}

/** Whether the browser is still on the address the page was served for (its data then still holds). */
function useOnServedAddress(): boolean {
  // NAVIGATED replaces the app's `location`; until then it is the very object the app started from.
  return AppActor.useSelector((s) => s.context.location === s.context.inputs.location);
}

/**
 * The project the page arrived with, while the browser is still on the address it was served for. After a
 * navigation (even back to the same address) it is out of date, and the page fetches it.
 */
export function useServedProject(id: string): ProjectDetail | undefined {
  const { project } = useContext(ServedPageContext);
  const onServedAddress = useOnServedAddress();
  return onServedAddress && project?.id === id ? project.project : undefined;
}

/** The average share of yes votes the project page arrived with (as useServedProject: on its address only). */
export function useServedVoteAverage(id: string): number | undefined {
  const { project } = useContext(ServedPageContext);
  const onServedAddress = useOnServedAddress();
  return onServedAddress && project?.id === id ? project.averageYesPercentage : undefined;
}

/** Home's strips as the page arrived with them, while the browser is on that page (as useServedProject). */
export function useServedStrips(): ServedStrips | undefined {
  const { strips } = useContext(ServedPageContext);
  return (useOnServedAddress() && strips) || undefined;
}
