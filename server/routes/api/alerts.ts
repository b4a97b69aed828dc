import { z } from 'zod';
import { Alert } from '../../../api/projects.schemas';
import { latestAlerts } from '../../projects/alerts';
import { cachedListRoute } from '../../routing/cachedList';

/** GET /api/alerts: the latest alerts, cached until the alerts table changes. */
export default cachedListRoute({
  url: '/alerts',
  summary: 'Latest security alerts',
  schema: z.array(Alert),
  responses: 'alertResponses',
  read: latestAlerts,
});
