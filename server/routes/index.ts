import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin';
import { adminSignalsRoutes } from './adminSignals';
import { apiKeysRoutes } from './apiKeys';
import { authRoutes } from './auth';
import { devRoutes } from './dev';
import { flagsRoutes } from './flags';
import { healthRoutes } from './health';
import { impersonationRoutes } from './impersonation';
import { portfolioRoutes } from './portfolio';
import { notificationsRoutes } from './notifications';
import { projectsRoutes } from './projects';
import { ratingsRoutes } from './ratings';
import { siteRoutes } from './site';
import { skynetRoutes } from './skynet';
import { userRoutes } from './user';
import { watchlistRoutes } from './watchlist';
import { watchlistImportRoutes } from './watchlistImport';
import { watchlistShareRoutes } from './watchlistShare';
import { webhooksRoutes } from './webhooks';

/** Every route module, registered once here. */
export async function routes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(projectsRoutes);
  await app.register(ratingsRoutes);
  await app.register(skynetRoutes);
  await app.register(siteRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(apiKeysRoutes);
  await app.register(portfolioRoutes);
  await app.register(notificationsRoutes);
  await app.register(webhooksRoutes);
  await app.register(watchlistRoutes);
  await app.register(watchlistShareRoutes);
  await app.register(watchlistImportRoutes);
  await app.register(flagsRoutes);
  await app.register(impersonationRoutes);
  await app.register(adminRoutes);
  await app.register(adminSignalsRoutes);
  await app.register(devRoutes);
}
