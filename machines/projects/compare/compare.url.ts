import { COMPARE_MAX } from '../../../api/compare';

/**
 * The ids an address asks to compare (`?ids=a,b,c`): trimmed, empty entries dropped, each once, in order. More than
 * COMPARE_MAX are kept (the page says to remove some), up to a bound against absurd links.
 */
export function idsFromSearch(search: string): string[] {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  const ids: string[] = [];
  for (const part of raw.split(',')) {
    const id = part.trim().slice(0, 200);
    if (id && !ids.includes(id)) ids.push(id);
    if (ids.length >= COMPARE_MAX * 5) break;
  }
  return ids;
}
