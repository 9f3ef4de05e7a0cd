import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ENGINE_NAMES, type EngineChoice, enhance, isEnhancementError, MaximPool, resolveEngine } from '..';

const USAGE =
  'usage: npm run enhance -- <input file or folder> <output folder> [--engine listing|learned] ' +
  '[--min-long-side 2048] [--no-straighten]';
const PHOTO = /\.(jpe?g|png|webp|heic|heif|tiff?)$/i;

const parseArgs = (argv: string[]) => {
  const positional: string[] = [];
  let engine: EngineChoice = 'listing';
  let minLongSide: number | undefined;
  let correctVerticals: boolean | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-straighten') {
      correctVerticals = false;
      continue;
    }
    if (arg === '--min-long-side' || arg.startsWith('--min-long-side=')) {
      minLongSide = Number(arg.includes('=') ? arg.split('=')[1] : argv[++i]);
      if (!Number.isFinite(minLongSide) || minLongSide < 0) throw new Error(`Bad --min-long-side. ${USAGE}`);
      continue;
    }
    const value = arg.startsWith('--engine=') ? arg.slice(9) : arg === '--engine' ? argv[++i] : null;
    if (value === null) positional.push(arg);
    else if ((ENGINE_NAMES as readonly string[]).includes(value)) engine = value as EngineChoice;
    else throw new Error(`Unknown engine "${value}". ${USAGE}`);
  }
  if (positional.length !== 2) throw new Error(USAGE);
  return { input: positional[0], output: positional[1], engine, minLongSide, correctVerticals };
};

const listPhotos = async (input: string): Promise<string[]> => {
  const found = await stat(input).catch(() => null);
  if (!found) throw new Error(`No such file or folder: ${input}\n${USAGE}`);
  if (!found.isDirectory()) return [input];
  const names = (await readdir(input)).filter((name) => PHOTO.test(name)).sort();
  return names.map((name) => path.join(input, name));
};

const main = async () => {
  const { input, output, engine, minLongSide, correctVerticals } = parseArgs(process.argv.slice(2));
  const files = await listPhotos(input);
  await mkdir(output, { recursive: true });
  const learned = resolveEngine(engine) === 'learned';
  const retoucher = learned ? new MaximPool({ workers: 1 }) : undefined;
  // Starts no worker unless a low-light photo comes along.
  const lowLightRetoucher = learned ? new MaximPool({ workers: 1, variant: 'enhancement' }) : undefined;
  let failed = 0;
  try {
    for (const file of files) {
      const base = path.parse(file).name;
      try {
        const result = await enhance(file, { engine, retoucher, lowLightRetoucher, minLongSide, correctVerticals });
        await writeFile(path.join(output, `${base}.jpg`), result.image);
        await writeFile(path.join(output, `${base}.report.json`), JSON.stringify(result.report, null, 2) + '\n');
        const { report } = result;
        console.log(
          `${path.basename(file)}: ${report.pipeline} (${report.route}), ${report.output.width}x${report.output.height}, ` +
            `${report.timingsMs.total} ms`,
        );
      } catch (error) {
        if (!isEnhancementError(error)) throw error;
        failed++;
        console.error(`${path.basename(file)}: ${error.code}: ${error.message}`);
      }
    }
  } finally {
    await Promise.all([retoucher?.close(), lowLightRetoucher?.close()]);
  }
  process.exitCode = failed ? 1 : 0;
};

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 2;
});
