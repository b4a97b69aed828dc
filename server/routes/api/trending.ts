import { stripRoute } from '../../routing/cachedList';

/** GET /api/trending: home's trending strip. */
export default stripRoute('/trending', 'Trending projects', 'trending');
