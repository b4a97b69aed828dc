/** Rows of a raw `execute` result on either driver (PGlite and node-postgres both answer `{ rows }`). */
export function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
