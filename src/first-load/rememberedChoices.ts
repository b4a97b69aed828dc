import { COOKIE_CONSENT_KEY, IGNORED_BANNER_KEY } from '../../api/storageKeys';

/**
 * The two choices a visitor makes on every page (the dismissed banner, the accepted cookie notice) live in browser
 * storage under the spec's keys (§3). Each is also kept in a cookie of the same name, so the server renders the page
 * as the browser will show it (the page is painted from the server's HTML and then hydrated).
 */
export const REMEMBERED_KEYS = [IGNORED_BANNER_KEY, COOKIE_CONSENT_KEY] as const;

// A cookie is sent with every request: a long banner text is kept in storage only (the page then renders in the
// browser instead of hydrating, see startApp.ts).
const MAX_COOKIE_VALUE = 1500;

export function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: everything shows as on a first visit
  }
}

function writeCookie(key: string, value: string) {
  const encoded = encodeURIComponent(value);
  if (encoded.length > MAX_COOKIE_VALUE) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${key}=${encoded}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** Stores a choice in browser storage and in its cookie. */
export function remember(key: (typeof REMEMBERED_KEYS)[number], value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode): the choice holds for this visit.
  }
  writeCookie(key, value);
}

/** Copies choices stored before their cookies existed into the cookies, so the next page renders them. */
export function mirrorRememberedChoices() {
  const cookies = new Set(document.cookie.split('; ').map((pair) => pair.split('=')[0]));
  for (const key of REMEMBERED_KEYS) {
    const value = stored(key);
    if (value !== null && !cookies.has(key)) writeCookie(key, value);
  }
}
