/**
 * What the chain tests do against a node: poll until something shows, and call its JSON-RPC. Nothing here loads
 * the server, so tests of the indexer alone can use it too.
 */

/**
 * Calls `read` until it gives a value (not undefined, null or false) and returns that value; throws naming `what`
 * when none came within `ms`.
 */
export async function eventually<T>(
  read: () => Promise<T | undefined | null | false>,
  what: string,
  { ms = 40_000, everyMs = 100 }: { ms?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** One JSON-RPC call to the node at `url`; a JSON-RPC error is thrown with the method's name. */
export async function jsonRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
