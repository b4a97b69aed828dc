import type { FastifyInstance } from 'fastify';
import { createMailer } from '../mail/index';
import { siteOrigin } from './origin';
import { UserPool } from './pool';

const pools = new WeakMap<object, UserPool>();

/** The app's user pool (one per database), for any route that needs accounts (auth, impersonation, …). */
export function userPoolFor(app: FastifyInstance): UserPool {
  let pool = pools.get(app.db);
  if (!pool) {
    const mailer = createMailer({ config: app.config, db: app.db, clock: app.clock, log: app.log });
    pool = new UserPool({
      db: app.db,
      clock: app.clock,
      config: app.config,
      mailer,
      log: app.log,
      origin: () => siteOrigin(app),
    });
    pools.set(app.db, pool);
  }
  return pool;
}
