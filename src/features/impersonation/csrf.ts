import { getCsrfToken } from '../../../api/auth';
import type { Request, RequestOptions } from '../../../api/http';
import { request } from '../../lib/client';

/**
 * The request helper for cookie-authenticated writes: adds the `x-csrf-token` header (the token of
 * GET /api/auth/csrf, fetched fresh for each write — these writes are rare admin actions).
 */
export const csrfRequest: Request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  if (method === 'GET') return request<T>(path, options);
  const token = await getCsrfToken(request);
  return request<T>(path, { ...options, headers: { ...options.headers, 'x-csrf-token': token } });
};
