/**
 * A JSON data block the server wrote into the page (server/site/pageData.ts), or undefined when the page has none
 * (the dev server's page) or it does not parse.
 */
export function pageData<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
