import type { FastifyInstance } from 'fastify';
import { OidcClient } from '../../../accounts/oidc';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hosted identity provider's client (social sign-in), inside /api/auth only; undefined when none is set. */
    oidc: OidcClient | undefined;
  }
}

/**
 * Shared by the providers list, the sign-in redirect and the callback: one client, so the provider's discovery
 * document is fetched once for all three.
 */
export default async function authHooks(scope: FastifyInstance) {
  scope.decorate(
    'oidc',
    scope.config.oidc ? new OidcClient(scope.config.oidc, scope.config.production) : undefined,
  );
}
