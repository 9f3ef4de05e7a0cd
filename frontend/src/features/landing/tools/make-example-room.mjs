/**
 * Makes a before/after WebP pair for the landing page from a licensed original and our engine's output of it
 * (`npm run enhance -- <original> <out-dir> --no-straighten`), with identical framing so the slider lines up. The
 * "after" is only resized and re-encoded, never retouched. Sources and credits: docs/landing-assets.md.
 * Run from the repository root:
 *   node frontend/src/features/landing/tools/make-example-room.mjs <original> <enhanced> <public-dir> <name> [3:2]
 * Without an aspect the photo keeps its own shape at 1600 px wide (the large example under the hero); with one, both
 * are centre-cropped to it at 1200 px wide (a card of the six-room gallery, like the illustrations beside it).
 */
import path from 'node:path';
import sharp from 'sharp';

const [original, enhanced, dir, name, aspect] = process.argv.slice(2);
if (!original || !enhanced || !dir || !name) {
  console.error('usage: make-example-room.mjs <original> <enhanced> <public-dir> <name> [W:H]');
  process.exit(2);
}
const WIDTH = aspect ? 1200 : 1600;

const meta = await sharp(enhanced).metadata();
let height = Math.round((WIDTH * meta.height) / meta.width);
if (aspect) {
  const [w, h] = aspect.split(':').map(Number);
  height = Math.round((WIDTH * h) / w);
}
for (const [source, suffix] of [
  [original, 'before'],
  [enhanced, 'after'],
]) {
  const file = path.join(dir, `${name}-${suffix}.webp`);
  const info = await sharp(source)
    .rotate()
    .resize(WIDTH, height, { fit: 'cover', position: 'centre' })
    .webp({ quality: 80 })
    .toFile(file);
  console.log(`${file}: ${info.width}x${info.height}, ${Math.round(info.size / 1024)} KB`);
}
