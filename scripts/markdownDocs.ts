import { readFile } from 'node:fs/promises';
import { marked } from 'marked';
import type { Plugin } from 'vite';
import { parseDoc, slugFromPath, type RenderedDoc } from '../src/lib/markdown.ts';

const QUERY = '?doc';

/**
 * `import.meta.glob('…/*.md', { query: '?doc' })`: each Markdown document of content/ parsed and rendered to HTML at
 * build time. The browser then needs no Markdown renderer, and the server's render of a company page or blog post
 * has its text.
 */
export function markdownDocs(): Plugin {
  return {
    name: 'markdown-docs',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const doc = parseDoc(slugFromPath(file), await readFile(file, 'utf8'));
      const rendered: RenderedDoc = {
        ...doc,
        html: marked.parse(doc.body, { async: false, gfm: true }) as string,
      };
      return `export default ${JSON.stringify(rendered)};`;
    },
  };
}
