import { stripRoute } from '../../routing/cachedList';

/** GET /api/audits-in-progress: home's strip of projects under audit. */
export default stripRoute('/audits-in-progress', 'Audits in progress', 'auditsInProgress');
