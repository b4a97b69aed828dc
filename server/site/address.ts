import type { FastifyRequest } from 'fastify';

/**
 * The page a request reached, rebuilt from the matched route, its decoded parameters and the parsed query, never
 * from the raw request line: `GET http://elsewhere.example/my/settings` (absolute form) reaches /my/* with that
 * whole string as `request.url`. `search` is empty or starts with `?`.
 */
export function matchedAddress(request: FastifyRequest): { path: string; search: string } {
  const params = request.params as Record<string, string | undefined>;
  const path = request.routeOptions.url!.replace(/:(\w+)|\*/g, (_whole, name?: string) =>
    encodeURI(Object.hasOwn(params, name ?? '*') ? (params[name ?? '*'] ?? '') : ''),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value])
      if (typeof one === 'string') query.append(key, one);
  }
  const search = query.toString();
  return { path, search: search ? `?${search}` : '' };
}
