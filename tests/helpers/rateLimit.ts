/**
 * One policy's figures read from an answer's `RateLimit-Policy` and `RateLimit` fields (the IETF draft's structured
 * lists: `"name";q=60;w=60, …` and `"name";r=59;t=42, …`), as a client would parse them; undefined when the answer
 * names no such policy.
 */
export function rateLimitOf(
  headers: Record<string, unknown>,
  policy: string,
): { quota: number; window: number; remaining: number; reset: number } | undefined {
  const policies = items(headers['ratelimit-policy']);
  const current = items(headers.ratelimit);
  const p = policies.get(policy);
  const c = current.get(policy);
  if (!p || !c) return undefined;
  return { quota: p.get('q')!, window: p.get('w')!, remaining: c.get('r')!, reset: c.get('t')! };
}

/** The policy names an answer's `RateLimit` field lists, in order. */
export const rateLimitPolicies = (headers: Record<string, unknown>) => [...items(headers.ratelimit).keys()];

function items(value: unknown): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  if (typeof value !== 'string') return out;
  for (const item of value.split(',')) {
    const [name = '', ...params] = item.trim().split(';');
    const figures = new Map<string, number>();
    for (const param of params) {
      const [key = '', figure = ''] = param.split('=');
      figures.set(key, Number(figure));
    }
    out.set(JSON.parse(name) as string, figures);
  }
  return out;
}
