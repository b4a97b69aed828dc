import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A flags file for FLAGS_FILE, in a new temporary folder: each named boolean flag ENABLED with the on/off variants
 * and the default variant given (a flag not named keeps its shipped setting). Returns the file's path.
 */
export function booleanFlagsFile(defaults: Record<string, 'on' | 'off'>): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'flags-')), 'flags.json');
  const flags = Object.fromEntries(
    Object.entries(defaults).map(([name, defaultVariant]) => [
      name,
      { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant },
    ]),
  );
  writeFileSync(file, JSON.stringify({ flags }));
  return file;
}
