import { repositoryPlugin } from '../plugins/app/repository';
import { userPoolFor } from './index';
import type { UserPool } from './pool';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserPool;
  }
}

/**
 * The app's user pool (accounts, their codes and passwords, over this app's database, mailing through its mailer) as
 * `app.users`, for the routes of /api/auth, /api/user and the impersonation tool.
 */
export const users = repositoryPlugin('users', userPoolFor, ['db', 'config', 'clock']);
