import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ADJUSTMENT_STYLES, type AdjustmentStyle, enhance, MaximPool } from '..';
import { usageExit } from './bench-support';

const USAGE = 'usage: npm run looks:examples -- <photo> <output folder> [--width 320] [--max-kb 40]';
const exit = usageExit(USAGE);

/**
 * The look picker's examples: one licensed photo rendered by the engine in each look an order can be given, beside
 * the photo as it was, all at the same small size. Written as `before.jpg` and `<look>.jpg` (JPEG, the quality the
 * largest that fits under the size limit). Straightening is left off so every example has the photo's own framing
 * and the before and after line up; `natural` runs the learned model, as an order in that look does.
 */
const parseArgs = (argv: string[]) => {
  const positional: string[] = [];
  let width = 320;
  let maxKb = 40;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help') exit();
    else if (arg === '--width') width = Number(argv[++i]);
    else if (arg === '--max-kb') maxKb = Number(argv[++i]);
    else if (arg.startsWith('--')) exit(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  if (positional.length !== 2) exit('Give one photo and one output folder.');
  if (!(width >= 64 && width <= 2048)) exit('--width must be 64 to 2048 pixels.');
  if (!(maxKb >= 4 && maxKb <= 1024)) exit('--max-kb must be 4 to 1024.');
  return { photo: positional[0], output: positional[1], width, maxBytes: maxKb * 1024 };
};

/** The image at `width`, as the best-quality JPEG no larger than `maxBytes`. */
const smallJpeg = async (image: Buffer, width: number, maxBytes: number) => {
  const resized = await sharp(image).resize({ width }).toBuffer();
  for (let quality = 88; quality >= 40; quality -= 4) {
    const jpeg = await sharp(resized).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= maxBytes) return { jpeg, quality };
  }
  throw new Error(`Even at quality 40 the example is over ${maxBytes} bytes: choose a smaller --width.`);
};

const main = async () => {
  const { photo, output, width, maxBytes } = parseArgs(process.argv.slice(2));
  await mkdir(output, { recursive: true });
  const write = async (name: string, image: Buffer) => {
    const { jpeg, quality } = await smallJpeg(image, width, maxBytes);
    await writeFile(path.join(output, name), jpeg);
    console.log(`${name}: ${width} px wide, quality ${quality}, ${(jpeg.length / 1024).toFixed(1)} KB`);
  };
  const retoucher = new MaximPool({ workers: 1 });
  try {
    let before: Buffer | null = null;
    for (const look of ADJUSTMENT_STYLES as readonly AdjustmentStyle[]) {
      const learned = look === 'natural';
      const result = await enhance(photo, {
        engine: learned ? 'learned' : 'listing',
        retoucher: learned ? retoucher : undefined,
        look,
        correctVerticals: false,
      });
      before ??= result.beforePreview;
      await write(`${look}.jpg`, result.image);
    }
    if (before) await write('before.jpg', before);
  } finally {
    await retoucher.close();
  }
};

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
