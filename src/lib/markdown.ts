/** Markdown documents in the repo (content/**): front matter + body. */
export type Doc = { slug: string; meta: Record<string, string>; body: string };
/** A document with its body rendered to HTML at build time (scripts/markdownDocs.ts, imported with `?doc`). */
export type RenderedDoc = Doc & { html: string };

export function parseDoc(slug: string, raw: string): Doc {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  const meta: Record<string, string> = {};
  if (!match) return { slug, meta, body: raw };
  for (const line of match[1]!.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { slug, meta, body: match[2]! };
}

export const slugFromPath = (path: string) => path.split('/').pop()!.replace(/\.md$/, '');
