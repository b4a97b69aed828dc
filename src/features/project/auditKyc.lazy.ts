import { createElement } from 'react';
import { partOnView } from '../../first-load/partOnView';

/** The Code Audit History and KYC panels, loaded when they scroll near (their code is not in the page's). */
export const LazyAuditKycPanels = partOnView(
  'audit-kyc',
  () => import('./AuditHistoryPanel').then((m) => ({ default: m.AuditKycPanels })),
  createElement('div', { className: 'card panel', 'aria-busy': 'true' }),
);
