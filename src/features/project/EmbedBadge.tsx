import { partOnView } from '../../first-load/partOnView';

/** The "Embed badge" panel of the project page, loaded when the visitor scrolls near it (its code is not a guest's first view). */
export const EmbedBadge = partOnView(
  'embed-badge',
  () => import('./EmbedBadgePanel').then((m) => ({ default: m.EmbedBadgePanel })),
  <div className="card panel" aria-busy="true" />,
);
