/** The auth service error codes of spec §8, logged by the server and accepted from clients through _log. */
export const AUTH_LOG_CODES = {
  missingRoute: 'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  noSecret: 'NO_SECRET',
  credentialsHandler: 'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  emailRequiresAdapter: 'EMAIL_REQUIRES_ADAPTER_ERROR',
  credentialsJwt: 'CALLBACK_CREDENTIALS_JWT_ERROR',
} as const;
