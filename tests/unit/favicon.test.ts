import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/**
 * The pages name public/favicon.png as their icon, not favicon.svg: Chromium draws an SVG icon as a document of its
 * own on the page's main thread (9-104 ms, median ~30, of a project page's load at 4x CPU); a PNG is only decoded.
 * The SVG stays the drawing (the sign-in pages' header shows it); the PNG must be that drawing at 32 px, so neither
 * changes alone. (tests/e2e/auth.test.ts checks that the pages name it.)
 */
describe('the favicon', () => {
  it('is the SVG drawn at 32 × 32', async () => {
    const png = sharp(readFileSync('public/favicon.png'));
    expect(await png.metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    const drawn = await sharp(readFileSync('public/favicon.svg'), { density: 144 })
      .resize(32, 32)
      .ensureAlpha()
      .raw()
      .toBuffer();
    const committed = await png.ensureAlpha().raw().toBuffer();
    expect(committed.length).toBe(drawn.length);
    // Both RGBA; a rebuilt sharp may round a few edge pixels differently.
    let difference = 0;
    for (let i = 0; i < drawn.length; i++) difference += Math.abs(drawn[i]! - committed[i]!);
    expect(difference / drawn.length).toBeLessThan(1);
  });
});
