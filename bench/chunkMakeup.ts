/**
 * What a built chunk is made of, by its source map: each stretch of the minified code belongs to one source, and the
 * sources are grouped by npm package (our own code is "app"). A package's figure is what the chunk's gzip -9 size
 * would lose without its code (the chunk compressed with and without it): what removing it would save. (Compression
 * shares across packages, so the figures do not add up to the chunk's size.) Used by `npm run size` to show what the
 * start chunk, every page's first download, spends on the fixed stack and on the app.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type MappingItem, type RawSourceMap } from 'source-map-js';

export type ChunkPart = { name: string; gzipKb: number };
export type ChunkMakeup = { gzipKb: number; withoutAppKb: number; parts: ChunkPart[] };

/** The package a source belongs to (`@scope/name` or `name` under node_modules), or "app". */
export function packageOf(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return 'app';
  const [first = '', second = ''] = source.slice(at + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * The chunk's gzip -9 KB, the same without the app's own code, and what each package accounts for (largest first;
 * code no mapping covers is "(unmapped)").
 */
export function chunkMakeup(file: string): ChunkMakeup {
  const code = readFileSync(file, 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap);
  const mappings: MappingItem[] = [];
  map.eachMapping((m) => mappings.push(m), undefined, SourceMapConsumer.GENERATED_ORDER);
  // The code in order, each stretch with its package: a mapping runs to the next one on its line, or to the line's
  // end; text before a line's first mapping, and the line breaks, have none. Joined, the stretches are the file.
  const stretches: { name: string; text: string }[] = [];
  let line = 0;
  let column = 0;
  const lines = code.split('\n');
  const moveTo = (target: number) => {
    for (; line < target; line++, column = 0)
      stretches.push({ name: '(unmapped)', text: `${(lines[line] ?? '').slice(column)}\n` });
  };
  for (const [i, m] of mappings.entries()) {
    const next = mappings[i + 1];
    moveTo(m.generatedLine - 1);
    const lineText = lines[line] ?? '';
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : lineText.length;
    stretches.push({ name: '(unmapped)', text: lineText.slice(column, m.generatedColumn) });
    stretches.push({
      name: m.source ? packageOf(m.source) : '(unmapped)',
      text: lineText.slice(m.generatedColumn, end),
    });
    column = end;
  }
  moveTo(lines.length - 1);
  stretches.push({ name: '(unmapped)', text: (lines[line] ?? '').slice(column) });
  const gzipKb = (keep: (name: string) => boolean) =>
    gzipSync(
      stretches
        .filter((s) => keep(s.name))
        .map((s) => s.text)
        .join(''),
      { level: 9 },
    ).length / 1024;
  const whole = gzipKb(() => true);
  const parts = [...new Set(stretches.map((s) => s.name))]
    .map((name) => ({ name, gzipKb: whole - gzipKb((n) => n !== name) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  return { gzipKb: whole, withoutAppKb: gzipKb((n) => n !== 'app'), parts };
}
