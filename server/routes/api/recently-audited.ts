import { stripRoute } from '../../routing/cachedList';

/** GET /api/recently-audited: home's strip of recently audited projects. */
export default stripRoute('/recently-audited', 'Recently audited projects', 'recentlyAudited');
