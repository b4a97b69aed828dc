import { createElement } from 'react';
import { partOnView } from '../../first-load/partOnView';

/** The incident history panel, loaded when it scrolls near (ProjectPage renders it; its code is not in the page's). */
export const LazyIncidentHistoryPanel = partOnView(
  'incident-history',
  () => import('./IncidentHistoryPanel').then((m) => ({ default: m.IncidentHistoryPanel })),
  createElement('div', { className: 'card panel', 'aria-busy': 'true' }),
);
