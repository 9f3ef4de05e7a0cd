import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { ENGINE_NAMES, type EngineChoice, type EnhanceOptions, type Retoucher, enhance } from '..';
import { decodePhoto } from '../decode';
import { JPEG_QUALITY } from '../encode';
import { renderBaseline } from '../stages/learned';
import { MaximPool } from '../learned/maxim-pool';
import { measurableCast, measureHalfSizeNoise, measureNoise, measurePhoto } from '../measure';
import { type RgbImage, downscale } from '../rgb-image';
import { DEGRADATIONS, type Degradation, correctionFits, degrade, measuredPitch } from '../bench/degrade';
import { nameHash, splitHalves } from '../bench/halves';
import {
  type Check,
  LISTING_FIGURES,
  type ListingFigures,
  type ListingPair,
  listingDevChecks,
  listingFigures,
  listingFinishedChecks,
} from '../bench/listing-report';
import { deltaE2000, psnr, ssim } from '../bench/metrics';
import { defaultPhotosDir, usageExit } from './bench-support';

/**
 * Scores the engine on the shared photo sets against the baseline (the learned model's output as is: its LUT-lifted
 * rendering, no finishing, routing or guard). Paired sets: PSNR / SSIM / ΔE00 against the reference, per photo and
 * per half (tune / check), and the photos more than 0.5 dB below their own input. Unpaired sets: exposure, clipping,
 * cast and noise before and after, new clipping and new casts. Degradation benchmark: known-bad copies of the room
 * and exposure photos, and how close the engine brings each to its result on the original. Listing sets (unedited
 * listing photos and finished ones): the listing report's six figures for the input, the engine's default path and
 * the natural style, and the issue's targets as PASS / FAIL lines. Contact sheets go to a temporary folder for a
 * person to look at.
 */

const PHOTO = /\.(jpe?g|png|webp|heic|tiff?)$/i;
type Raw = RgbImage;
const PAIRS: Record<string, [string, string]> = { 'fivek-dev': ['input', 'expert'], 'lol-dev': ['low', 'high'] };
/** A photo "below its input" scores more than this many dB under the untouched input against the reference. */
const BELOW_INPUT_DB = 0.5;
/** The degradation benchmark works on copies with this long side at most (the model sees 192 px anyway). */
const DEGRADATION_LONG_SIDE = 1024;
const DEGRADATION_SETS = { names: ['rooms', 'exposure'] };
/** `--limit n`: only the first n photos of each set (by name), for quick runs. */
const LIMIT = { n: Infinity };
/**
 * Converging-verticals correction. Paired sets are scored with it off unless --straighten: no expert reference is
 * straightened, so a straightened output would be scored on its geometry, not its look. The other sets run the
 * engine's default (on) unless --no-straighten.
 */
const STRAIGHTEN: { paired: boolean; other: boolean | undefined } = { paired: false, other: undefined };
/** The unpaired folders of listing photos that get the listing report instead of the unpaired figures. */
const LISTING_DEV = 'listing-dev';
const LISTING_FINISHED = 'listing-finished';
/** The listing report measures every photo with its long side reduced to this (the issue's definition). */
const LISTING_LONG_SIDE = 1024;
/** `--half tune|check`: only that half of each listing set. */
const HALF: { only: 'tune' | 'check' | null } = { only: null };

const toRaw = async (input: Buffer | string, size?: { width: number; height: number }): Promise<Raw> => {
  let pipeline = sharp(input).autoOrient().toColourspace('srgb').removeAlpha();
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};
const png = (image: Raw) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();

/**
 * The baseline is written as the engine writes its output (JPEG quality 90, 4:4:4), so the comparison is like for
 * like: on the 512 px FiveK photos the JPEG alone costs about 0.5 dB.
 */
const jpeg = (image: Raw) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();

/** `grain`: luma noise at half size, where the coarse grain of a lifted phone shot shows (the full-size noise misses it). */
type Stats = { exposure: number; clipped: number; cast: number | null; noise: number; grain: number };
const statsOf = async (raw: Raw, isInput: boolean): Promise<Stats> => {
  const small = await downscale(raw, 768);
  const s = measurePhoto(small);
  // The input's cast is measured so that a photo too dark to measure does not read as neutral (null: no colour to
  // measure, left out of the cast means and the new-cast count); outputs are measured as they are: what a guest sees.
  const measured = isInput ? measurableCast(small, s) : s;
  return {
    exposure: s.meanLuma,
    clipped: s.clippedHighlights + s.clippedShadows,
    cast: measured ? Math.hypot(measured.castA, measured.castB) : null,
    noise: measureNoise(raw),
    grain: measureHalfSizeNoise(raw),
  };
};
const STAT_KEYS = ['exposure', 'clipped', 'noise', 'grain'] as const;
const newClipping = (before: Stats, after: Stats) => after.clipped > before.clipped + 0.005;
const newCast = (before: Stats, after: Stats) =>
  before.cast !== null && after.cast !== null && after.cast > Math.max(before.cast, 4) + 2;

/**
 * Keeps each model output on disk, keyed by the model and its exact input pixels, so re-running the bench after a
 * change to the classical stages or the routing does not repeat the inferences. Timings of cached runs exclude the
 * model; the bench says so.
 */
class CachingRetoucher implements Retoucher {
  readonly modelName: string;
  constructor(
    private readonly inner: Retoucher,
    private readonly dir: string,
  ) {
    this.modelName = inner.modelName;
  }
  async retouch(image: { width: number; height: number; data: Uint8Array }): Promise<Uint8Array> {
    const key = createHash('sha1')
      .update(`${this.modelName}:${image.width}x${image.height}:`)
      .update(image.data)
      .digest('hex');
    const file = path.join(this.dir, `${key}.bin`);
    if (existsSync(file)) return new Uint8Array(await readFile(file));
    const data = await this.inner.retouch(image);
    await writeFile(file, data);
    return data;
  }
}

interface Models {
  retoucher?: Retoucher;
  lowLightRetoucher?: Retoucher;
}

/** One enhancement, with the whole process's CPU time (main thread, libvips and model workers) beside wall time. */
const timed = async (input: Buffer | string, options: EnhanceOptions) => {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await enhance(input, options);
  const used = process.cpuUsage(cpu);
  return {
    result,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
};

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1);
const fixed = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

/** Rows of images side by side, each scaled into a `tile` px square; a JPEG when `file` ends in .jpg, else a PNG. */
const contactSheet = async (rows: Buffer[][], file: string, tile = 300) => {
  const composites: OverlayOptions[] = [];
  let top = 0;
  for (const row of rows) {
    let height = 0;
    for (const [column, image] of row.entries()) {
      const resized = await sharp(image)
        .resize(tile, tile, { fit: 'inside' })
        .png()
        .toBuffer({ resolveWithObject: true });
      composites.push({ input: resized.data, left: column * (tile + 4), top });
      height = Math.max(height, resized.info.height);
    }
    top += height + 4;
  }
  const columns = Math.max(1, ...rows.map((r) => r.length));
  const sheet = sharp({
    create: { width: columns * (tile + 4), height: Math.max(top, 1), channels: 3, background: '#202020' },
  }).composite(composites);
  await (file.endsWith('.jpg') ? sheet.jpeg({ quality: 85 }) : sheet.png()).toFile(file);
};

/** Per photo and per engine: the scores a set's summary is made of. */
type Scores = Record<string, number[]>;
const push = (scores: Scores, key: string, value: number) => (scores[key] ??= []).push(value);

const pairedSet = async (
  root: string,
  set: string,
  engines: EngineChoice[],
  models: Models,
  sheets: string,
  print: (line: string) => void,
) => {
  const [inDir, refDir] = PAIRS[set];
  const all = (await readdir(path.join(root, set, inDir))).filter((f) => PHOTO.test(f)).sort();
  // The halves are those of the whole set, so a --limit run labels each photo as the full run does.
  const halves = splitHalves(all);
  const files = all.slice(0, LIMIT.n);
  const columns = [...(models.retoucher ? ['baseline'] : []), ...engines];
  const byHalf: Record<'tune' | 'check' | 'all', Scores> = { tune: {}, check: {}, all: {} };
  const rows: Buffer[][] = [];
  print(`\n### ${set}: per photo, PSNR against the reference (dB); [tune] / [check] half`);
  for (const name of files) {
    const file = path.join(root, set, inDir, name);
    const refFile = path.join(root, set, refDir, name);
    const reference = await toRaw(refFile);
    const size = { width: reference.width, height: reference.height };
    const input = await toRaw(file, size);
    const inputPsnr = psnr(input, reference);
    const which = halves.get(name) as 'tune' | 'check';
    const record = (key: string, value: number) => {
      push(byHalf[which], key, value);
      push(byHalf.all, key, value);
    };
    record('psnr:input', inputPsnr);
    record('ssim:input', ssim(input, reference));
    record('de:input', deltaE2000(input, reference));
    const cells: string[] = [];
    const sheetRow: Buffer[] = [await readFile(file)];
    for (const column of columns) {
      let output: Raw;
      let note = '';
      if (column === 'baseline') {
        const decoded = (await decodePhoto(file)).image;
        const rendered = await jpeg(await renderBaseline(decoded, models.retoucher as Retoucher));
        output = await toRaw(rendered, size);
        sheetRow.push(rendered);
      } else {
        const { result, cpuSeconds } = await timed(file, {
          engine: column as EngineChoice,
          ...models,
          correctVerticals: STRAIGHTEN.paired,
        });
        output = await toRaw(result.image, size);
        note = ` (${result.report.route}; ${fixed(cpuSeconds)} s CPU)`;
        record(`cpu:${column}`, cpuSeconds);
        sheetRow.push(result.image);
      }
      const score = psnr(output, reference);
      record(`psnr:${column}`, score);
      record(`ssim:${column}`, ssim(output, reference));
      record(`de:${column}`, deltaE2000(output, reference));
      record(`below:${column}`, score < inputPsnr - BELOW_INPUT_DB ? 1 : 0);
      if (column !== 'baseline' && byHalf.all['psnr:baseline'])
        record(
          `belowBaseline:${column}`,
          score < (byHalf.all['psnr:baseline'].at(-1) as number) - BELOW_INPUT_DB ? 1 : 0,
        );
      cells.push(`${column} ${fixed(score)}${score < inputPsnr - BELOW_INPUT_DB ? ' BELOW INPUT' : ''}${note}`);
    }
    sheetRow.push(await readFile(refFile));
    rows.push(sheetRow);
    print(`- ${name} [${which}]: input ${fixed(inputPsnr)} | ${cells.join(' | ')}`);
  }
  print(`\n| ${set} | half | n | figure | input | ${columns.join(' | ')} |`);
  print(`|---|---|---|---|---|${columns.map(() => '---|').join('')}`);
  for (const which of ['tune', 'check', 'all'] as const) {
    const s = byHalf[which];
    const n = s['psnr:input']?.length ?? 0;
    if (!n) continue;
    const row = (figure: string, key: string, digits = 2) =>
      print(
        `| ${set} | ${which} | ${n} | ${figure} | ${key === 'below' ? '' : fixed(mean(s[`${key}:input`] ?? []), digits)} | ${columns
          .map((c) =>
            key === 'below'
              ? `${(s[`below:${c}`] ?? []).reduce((a, b) => a + b, 0)}`
              : fixed(mean(s[`${key}:${c}`] ?? []), digits),
          )
          .join(' | ')} |`,
      );
    row('PSNR dB', 'psnr');
    row('SSIM', 'ssim', 3);
    row('ΔE00', 'de');
    row(`photos > ${BELOW_INPUT_DB} dB below input`, 'below');
  }
  for (const engine of engines) {
    const below = (byHalf.all[`belowBaseline:${engine}`] ?? []).reduce((a, b) => a + b, 0);
    if (byHalf.all['psnr:baseline'])
      print(
        `${set} ${engine}: ${below} photos more than ${BELOW_INPUT_DB} dB below the baseline; CPU ${fixed(mean(byHalf.all[`cpu:${engine}`] ?? []))} s per photo`,
      );
  }
  await contactSheet(rows, path.join(sheets, `${set}.png`), 220);
};

const unpairedSet = async (
  root: string,
  set: string,
  engines: EngineChoice[],
  models: Models,
  sheets: string,
  print: (line: string) => void,
) => {
  const files = (await readdir(path.join(root, set)))
    .filter((f) => PHOTO.test(f))
    .sort()
    .slice(0, LIMIT.n);
  const columns = [...(models.retoucher ? ['baseline'] : []), ...engines];
  const scores: Scores = {};
  const rows: Buffer[][] = [];
  print(`\n### ${set}: per photo (exposure = mean luma, clipped %, cast = Lab chroma of near-neutral pixels)`);
  for (const name of files) {
    const file = path.join(root, set, name);
    const inputBuffer = await readFile(file);
    const input = await toRaw(inputBuffer);
    const before = await statsOf(input, true);
    const cells: string[] = [];
    const sheetRow: Buffer[] = [await png(await downscale(input, 600))];
    for (const column of columns) {
      let output: Raw;
      let note = '';
      if (column === 'baseline') {
        output = await toRaw(
          await jpeg(await renderBaseline((await decodePhoto(file)).image, models.retoucher as Retoucher)),
        );
      } else {
        const { result, cpuSeconds } = await timed(file, {
          engine: column as EngineChoice,
          ...models,
          correctVerticals: STRAIGHTEN.other,
        });
        output = await toRaw(result.image);
        note = ` (${result.report.route})`;
        push(scores, `cpu:${column}`, cpuSeconds);
        push(scores, `cpuPerMp:${column}`, cpuSeconds / ((output.width * output.height) / 1e6));
      }
      sheetRow.push(await png(await downscale(output, 600)));
      const after = await statsOf(output, false);
      for (const key of STAT_KEYS) push(scores, `${key}:${column}`, after[key]);
      if (before.cast !== null && after.cast !== null) push(scores, `cast:${column}`, after.cast);
      push(scores, `newClipping:${column}`, newClipping(before, after) ? 1 : 0);
      push(scores, `newCast:${column}`, newCast(before, after) ? 1 : 0);
      const flags = `${newClipping(before, after) ? ' NEW CLIPPING' : ''}${newCast(before, after) ? ' NEW CAST' : ''}`;
      cells.push(
        `${column} ${fixed(after.exposure)} / ${fixed(after.clipped * 100, 1)}% / ${after.cast === null ? 'n/a' : fixed(after.cast, 1)}${flags}${note}`,
      );
    }
    for (const key of STAT_KEYS) push(scores, `${key}:input`, before[key]);
    if (before.cast !== null) push(scores, 'cast:input', before.cast);
    rows.push(sheetRow);
    print(
      `- ${name}: input ${fixed(before.exposure)} / ${fixed(before.clipped * 100, 1)}% / ${before.cast === null ? 'n/a' : fixed(before.cast, 1)} | ${cells.join(' | ')}`,
    );
  }
  const sum = (key: string) => (scores[key] ?? []).reduce((a, b) => a + b, 0);
  print(
    `\n| ${set} (${files.length}) | exposure | clipped | cast | noise | grain (½ size) | new clipping | new cast | CPU / photo, / MP |`,
  );
  print('|---|---|---|---|---|---|---|---|---|');
  for (const column of ['input', ...columns])
    print(
      `| ${column} | ${fixed(mean(scores[`exposure:${column}`] ?? []))} | ${fixed(mean(scores[`clipped:${column}`] ?? []) * 100)}% | ${fixed(mean(scores[`cast:${column}`] ?? []))} | ${fixed(mean(scores[`noise:${column}`] ?? []))} | ${fixed(mean(scores[`grain:${column}`] ?? []))} | ${column === 'input' ? '' : sum(`newClipping:${column}`)} | ${column === 'input' ? '' : sum(`newCast:${column}`)} | ${scores[`cpu:${column}`] ? `${fixed(mean(scores[`cpu:${column}`]))} s, ${fixed(mean(scores[`cpuPerMp:${column}`]))} s` : ''} |`,
    );
  await contactSheet(rows, path.join(sheets, `${set}.png`), 240);
};

/** A photo as the listing report measures it: upright sRGB, its long side resized to 1024 px. */
const atListingSize = async (input: Buffer | string): Promise<Raw> => {
  const { data, info } = await sharp(input)
    .autoOrient()
    .toColourspace('srgb')
    .removeAlpha()
    .resize(LISTING_LONG_SIDE, LISTING_LONG_SIDE, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};

const FIGURE_HEADINGS: Record<keyof ListingFigures, string> = {
  medianLuma: 'median luma',
  p10Luma: 'p10 luma',
  clippedPercent: 'clipped %',
  crushedPercent: 'crushed %',
  cast: 'cast ΔE',
  colourfulness: 'colourfulness',
};
const FIGURE_DIGITS: Record<keyof ListingFigures, number> = {
  medianLuma: 3,
  p10Luma: 3,
  clippedPercent: 2,
  crushedPercent: 2,
  cast: 2,
  colourfulness: 1,
};
const figureCell = (key: keyof ListingFigures, values: (number | null)[]) =>
  values.map((v) => (v === null ? 'n/a' : fixed(v, FIGURE_DIGITS[key]))).join(' / ');
const signed = (v: number, digits: number) => `${v >= 0 ? '+' : ''}${fixed(v, digits)}`;
const printChecks = (set: string, style: string, checks: Check[], print: (line: string) => void) => {
  for (const check of checks)
    print(
      `${check.pass ? 'PASS' : 'FAIL'} ${set} ${style}: ${check.label}: ${check.measured}${check.offenders.length ? ` (${check.offenders.join(', ')})` : ''}`,
    );
};

/**
 * The listing report on a folder of listing photos: the six figures of the input, the engine's default path (no
 * engine named: whatever the engine's default is) and, with --natural, the natural style (the learned path), each
 * measured at 1024 px. Finished photos also get PSNR against their input and the change of median luma: the engine
 * should leave them nearly alone. Then the issue's targets as PASS / FAIL lines.
 */
const listingSet = async (
  root: string,
  set: string,
  models: Models,
  natural: boolean,
  sheets: string,
  print: (line: string) => void,
) => {
  const all = (await readdir(path.join(root, set))).filter((f) => PHOTO.test(f)).sort();
  const halves = splitHalves(all);
  const files = all.filter((name) => !HALF.only || halves.get(name) === HALF.only).slice(0, LIMIT.n);
  const finished = set === LISTING_FINISHED;
  const styles: { name: string; options: EnhanceOptions }[] = [
    { name: 'default', options: { ...models, correctVerticals: STRAIGHTEN.other } },
    ...(natural
      ? [{ name: 'natural', options: { engine: 'learned' as const, ...models, correctVerticals: STRAIGHTEN.other } }]
      : []),
  ];
  // The target look beside every unedited photo on the sheet: the first finished photo.
  const finishedDir = path.join(root, LISTING_FINISHED);
  const target =
    !finished && existsSync(finishedDir)
      ? (await readdir(finishedDir)).filter((f) => PHOTO.test(f)).sort()[0]
      : undefined;
  const targetImage = target ? await png(await atListingSize(path.join(finishedDir, target))) : null;

  const pairs: Record<string, (ListingPair & { psnr: number; cpu: number })[]> = {};
  const inputs: ListingFigures[] = [];
  const rows: Buffer[][] = [];
  const columns = ['input', ...styles.map((s) => s.name)].join(' / ');
  print(
    `\n### ${set}${HALF.only ? ` (${HALF.only} half)` : ''}: listing report at ${LISTING_LONG_SIDE} px; each cell ${columns}` +
      (natural ? '' : ' (natural not run: pass --natural)'),
  );
  const extra = finished ? ' PSNR vs input dB | Δ median luma |' : '';
  print(
    `\n| photo | half | ${LISTING_FIGURES.map((k) => FIGURE_HEADINGS[k]).join(' | ')} |${extra} default route, CPU s |`,
  );
  print(`|---|---|${LISTING_FIGURES.map(() => '---|').join('')}${finished ? '---|---|' : ''}---|`);
  for (const name of files) {
    const file = path.join(root, set, name);
    const buffer = await readFile(file);
    const input = await atListingSize(buffer);
    const before = listingFigures(input);
    inputs.push(before);
    const sheetRow: Buffer[] = [await png(input)];
    const after: ListingFigures[] = [];
    const psnrs: number[] = [];
    let route = '';
    for (const style of styles) {
      const { result, cpuSeconds } = await timed(buffer, style.options);
      let output = await atListingSize(result.image);
      // The engine keeps the input's size, so the reduced copies match; a rounding of a pixel is resized away.
      if (output.width !== input.width || output.height !== input.height)
        output = await toRaw(result.image, { width: input.width, height: input.height });
      const figures = listingFigures(output);
      const score = psnr(output, input);
      after.push(figures);
      psnrs.push(score);
      (pairs[style.name] ??= []).push({ name, input: before, output: figures, psnr: score, cpu: cpuSeconds });
      if (style.name === 'default') route = `${result.report.route}, ${fixed(cpuSeconds, 1)}`;
      sheetRow.push(await png(output));
    }
    if (targetImage) sheetRow.push(targetImage);
    rows.push(sheetRow);
    const cells = LISTING_FIGURES.map((k) => figureCell(k, [before[k], ...after.map((f) => f[k])]));
    const finishedCells = finished
      ? ` ${psnrs.map((v) => fixed(v)).join(' / ')} | ${after.map((f) => signed(f.medianLuma - before.medianLuma, 3)).join(' / ')} |`
      : '';
    print(`| ${name} | ${halves.get(name)} | ${cells.join(' | ')} |${finishedCells} ${route} |`);
  }
  if (!files.length) return;
  const meanOf = (figures: ListingFigures[], key: keyof ListingFigures) =>
    mean(figures.flatMap((f) => (f[key] === null ? [] : [f[key] as number])));
  const outputsOf = (style: string) => pairs[style].map((p) => p.output);
  const meanCells = LISTING_FIGURES.map((k) =>
    figureCell(k, [meanOf(inputs, k), ...styles.map((s) => meanOf(outputsOf(s.name), k))]),
  );
  const meanFinished = finished
    ? ` ${styles.map((s) => fixed(mean(pairs[s.name].map((p) => p.psnr)))).join(' / ')} | ${styles
        .map((s) => signed(mean(pairs[s.name].map((p) => p.output.medianLuma - p.input.medianLuma)), 3))
        .join(' / ')} |`
    : '';
  print(
    `| **mean (${files.length})** | | ${meanCells.join(' | ')} |${meanFinished} ${fixed(mean(pairs.default.map((p) => p.cpu)), 1)} |`,
  );
  print('(cast: the mean over the photos with near-neutral pixels to measure; n/a: none)');
  print('');
  for (const style of styles)
    printChecks(
      set,
      style.name,
      finished ? listingFinishedChecks(pairs[style.name]) : listingDevChecks(pairs[style.name]),
      print,
    );
  await contactSheet(rows, path.join(sheets, `${set}.jpg`), 400);
  print(
    `(contact sheet ${path.join(sheets, `${set}.jpg`)}: ${['input', ...styles.map((s) => s.name)].join(' | ')}${targetImage ? ` | target ${target}` : ''})`,
  );
};

/**
 * The degradation benchmark: each room and exposure photo (reduced to at most 1024 px) is degraded in linear light,
 * and the engine's result on the bad copy is compared with its result on the original (PSNR, ΔE00). "untouched" is
 * the same figure for the copy and the original themselves: what an engine that does nothing scores. For the pitch
 * copy the geometry differs by design, so it is scored by the residual tilt instead.
 */
const degradationBench = async (
  root: string,
  engines: EngineChoice[],
  models: Models,
  sheets: string,
  print: (line: string) => void,
) => {
  const scores: Scores = {};
  const sheetRows: Record<string, Buffer[][]> = {};
  const columns = [...(models.retoucher ? ['baseline'] : []), ...engines];
  print('\n### degradation: PSNR dB between the output for the original and for the degraded copy');
  for (const set of DEGRADATION_SETS.names) {
    if (!existsSync(path.join(root, set))) continue;
    const files = (await readdir(path.join(root, set)))
      .filter((f) => PHOTO.test(f))
      .sort()
      .slice(0, LIMIT.n);
    for (const name of files) {
      const original = await downscale((await decodePhoto(path.join(root, set, name))).image, DEGRADATION_LONG_SIDE);
      const originalPng = await png(original);
      // The baseline (the model's rendering as is) beside the engines: what the learned model alone makes of the
      // copy.
      const render = async (column: string, image: Raw, encoded: Buffer) =>
        column === 'baseline'
          ? jpeg(await renderBaseline(image, models.retoucher as Retoucher))
          : (
              await timed(encoded, {
                engine: column as EngineChoice,
                ...models,
                correctVerticals: STRAIGHTEN.other,
              })
            ).result.image;
      const outputs: Record<string, Raw> = {};
      for (const engine of columns) outputs[engine] = await toRaw(await render(engine, original, originalPng));
      const cells: string[] = [];
      for (const kind of DEGRADATIONS) {
        const bad = degrade(original, kind, nameHash(name));
        const badPng = await png(bad);
        if (kind !== 'pitch') {
          const untouched = psnr(original, bad);
          push(scores, `psnr:untouched:${kind}`, untouched);
          push(scores, `de:untouched:${kind}`, deltaE2000(original, bad));
          cells.push(`${kind} untouched ${fixed(untouched)}`);
        }
        for (const engine of columns) {
          const image = await render(engine, bad, badPng);
          const out = await toRaw(image);
          (sheetRows[`${kind}-${engine}`] ??= []).push([badPng, await png(outputs[engine]), image]);
          if (kind === 'pitch') {
            const want = measuredPitch(outputs[engine]);
            const got = measuredPitch(out);
            const tilt = want === null || got === null ? null : Math.abs(got - want);
            // The tilt target is on photos whose correction fits: one eased off by the crop limit, or too dark
            // to straighten, keeps part of the added pitch by design.
            const fits = (await correctionFits(original)) && (await correctionFits(bad));
            if (tilt !== null && fits) push(scores, `tilt:${engine}`, tilt);
            cells.push(
              `pitch ${engine} residual tilt ${tilt === null ? 'n/a (too few verticals)' : `${fixed(tilt)}°`}${fits ? '' : ' (not counted: correction eased or too dark)'}`,
            );
          } else {
            const score = psnr(outputs[engine], out);
            push(scores, `psnr:${engine}:${kind}`, score);
            push(scores, `de:${engine}:${kind}`, deltaE2000(outputs[engine], out));
            cells.push(`${engine} ${fixed(score)}`);
          }
        }
      }
      print(`- ${set}/${name}: ${cells.join(', ')}`);
    }
  }
  const photometric = DEGRADATIONS.filter((k): k is Exclude<Degradation, 'pitch'> => k !== 'pitch');
  print(`\n| degradation | untouched PSNR / ΔE00 | ${columns.map((e) => `${e} PSNR / ΔE00`).join(' | ')} |`);
  print(`|---|---|${columns.map(() => '---|').join('')}`);
  const all = (column: string, figure: string) => photometric.flatMap((k) => scores[`${figure}:${column}:${k}`] ?? []);
  for (const kind of photometric)
    print(
      `| ${kind} | ${fixed(mean(scores[`psnr:untouched:${kind}`] ?? []))} / ${fixed(mean(scores[`de:untouched:${kind}`] ?? []))} | ${columns
        .map(
          (e) => `${fixed(mean(scores[`psnr:${e}:${kind}`] ?? []))} / ${fixed(mean(scores[`de:${e}:${kind}`] ?? []))}`,
        )
        .join(' | ')} |`,
    );
  print(
    `| **mean** | ${fixed(mean(all('untouched', 'psnr')))} / ${fixed(mean(all('untouched', 'de')))} | ${columns
      .map((e) => `**${fixed(mean(all(e, 'psnr')))}** / ${fixed(mean(all(e, 'de')))}`)
      .join(' | ')} |`,
  );
  for (const engine of columns) {
    const tilts = scores[`tilt:${engine}`] ?? [];
    print(
      `pitch +3°, ${engine}: residual tilt mean ${fixed(mean(tilts))}°, max ${fixed(Math.max(0, ...tilts))}°, on ${tilts.length} photos straightened with a correction that fits`,
    );
  }
  for (const [key, rows] of Object.entries(sheetRows))
    await contactSheet(rows, path.join(sheets, `degradation-${key}.png`), 220);
};

/**
 * The engine's cost on a 12 MP JPEG (4000 x 3000, a real photo enlarged), wall and CPU time, libvips limited to one
 * thread; one warm-up run, then the median of three. `auto` runs the model for real (never from the cache).
 */
const timeTwelveMegapixels = async (root: string, models: Models, print: (line: string) => void) => {
  const source = path.join(root, 'exposure', 'Justin_Chiaratti-CC_BY-NC-SA_2.0.jpg');
  if (!existsSync(source)) return;
  const jpeg = await sharp(source).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer();
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  try {
    for (const engine of ['classic', ...(models.retoucher ? ['auto'] : [])] as EngineChoice[]) {
      const runs: { seconds: number; cpu: number; stages: string }[] = [];
      for (let run = 0; run < 4; run++) {
        const { result, seconds, cpuSeconds } = await timed(jpeg, { engine, ...models });
        const stages = Object.entries(result.report.timingsMs)
          .map(([stage, ms]) => `${stage} ${ms}`)
          .join(', ');
        if (run > 0) runs.push({ seconds, cpu: cpuSeconds, stages });
      }
      runs.sort((a, b) => a.cpu - b.cpu);
      const median = runs[1];
      print(
        `| 12 MP JPEG | ${engine}, 1 libvips thread | ${fixed(median.seconds)} s wall, ${fixed(median.cpu)} s CPU (median of 3; CPU ${runs.map((r) => fixed(r.cpu)).join(' / ')}) | stages (ms): ${median.stages} |`,
      );
    }
  } finally {
    sharp.concurrency(threads);
  }
};

const USAGE =
  'usage: npm run bench:enhance -- [--photos <dir>] [--engines listing,learned] ' +
  '[--sets fivek-dev,lol-dev,rooms,exposure,lowlight-phone,publishable,listing-dev,listing-finished,degradation] ' +
  '[--model-cache <dir>] [--sheets <dir>] [--limit <photos per set>] [--degradation-sets rooms,exposure] ' +
  '[--no-low-light-model] [--no-12mp] [--straighten | --no-straighten] [--natural] [--half tune|check]\n' +
  '  listing-dev / listing-finished: the listing report (input, the default path, and the natural style with ' +
  '--natural, which runs the learned path on every photo); --engines does not apply to them; --half keeps one half\n' +
  '  verticals are corrected on the paired sets (fivek-dev, lol-dev) only with --straighten, elsewhere unless ' +
  '--no-straighten';

const usage = usageExit(USAGE);

const parseArgs = (argv: string[]) => {
  let root: string | null = null;
  let engines: EngineChoice[] = ['listing'];
  let sets: string[] | null = null;
  let modelCache: string | null = null;
  let sheets = path.join(os.tmpdir(), 'listinglens-bench');
  let lowLight = true;
  let twelve = true;
  let limit = Infinity;
  let straighten: boolean | undefined;
  let natural = false;
  let half: 'tune' | 'check' | null = null;
  const value = (i: number) => argv[i + 1] ?? usage(`${argv[i]} needs a value`);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--engines') {
      engines = value(i++).split(',') as EngineChoice[];
      const unknown = engines.find((engine) => !ENGINE_NAMES.includes(engine));
      if (unknown) usage(`Unknown engine '${unknown}'`);
    } else if (argv[i] === '--sets') sets = value(i++).split(',');
    else if (argv[i] === '--photos') root = path.resolve(value(i++));
    else if (argv[i] === '--model-cache') modelCache = path.resolve(value(i++));
    else if (argv[i] === '--sheets') sheets = path.resolve(value(i++));
    else if (argv[i] === '--no-low-light-model') lowLight = false;
    else if (argv[i] === '--no-12mp') twelve = false;
    else if (argv[i] === '--limit') limit = Number(value(i++));
    else if (argv[i] === '--degradation-sets') DEGRADATION_SETS.names = value(i++).split(',');
    else if (argv[i] === '--straighten') straighten = true;
    else if (argv[i] === '--no-straighten') straighten = false;
    else if (argv[i] === '--natural') natural = true;
    else if (argv[i] === '--half') {
      const which = value(i++);
      if (which !== 'tune' && which !== 'check') usage(`--half takes tune or check, not '${which}'`);
      half = which as 'tune' | 'check';
    } else if (argv[i] === '--help' || argv[i] === '-h') usage();
    else if (argv[i].startsWith('-')) usage(`Unknown option ${argv[i]}`);
    else root = path.resolve(argv[i]);
  }
  root ??= defaultPhotosDir();
  if (!existsSync(root)) {
    console.log(`No photos to benchmark: ${root} does not exist (pass --photos <dir>).`);
    process.exit(2);
  }
  return { root, engines, sets, modelCache, sheets, lowLight, twelve, limit, straighten, natural, half };
};

const main = async () => {
  const { root, engines, sets, modelCache, sheets, lowLight, twelve, limit, straighten, natural, half } = parseArgs(
    process.argv.slice(2),
  );
  LIMIT.n = limit;
  STRAIGHTEN.paired = straighten ?? false;
  STRAIGHTEN.other = straighten;
  HALF.only = half;
  await mkdir(sheets, { recursive: true });
  if (modelCache) await mkdir(modelCache, { recursive: true });
  const pools = [
    new MaximPool({ workers: 1 }),
    ...(lowLight ? [new MaximPool({ workers: 1, variant: 'enhancement' })] : []),
  ];
  const cached = pools.map((pool) => (modelCache ? new CachingRetoucher(pool, modelCache) : pool));
  const models: Models = { retoucher: cached[0], lowLightRetoucher: cached[1] };
  const lines: string[] = [];
  const print = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  print(
    `Verticals: ${STRAIGHTEN.paired ? 'corrected' : 'not corrected'} on the paired sets (${Object.keys(PAIRS).join(', ')})` +
      `${straighten === undefined ? ': no expert reference straightens' : ''}; ` +
      `${STRAIGHTEN.other === false ? 'not corrected' : 'corrected (the engine default)'} on the other sets.`,
  );
  try {
    const present = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    const wanted = sets ?? [...present.sort(), 'degradation'];
    for (const set of wanted) {
      if (set === 'degradation') await degradationBench(root, engines, models, sheets, print);
      else if (!present.includes(set)) print(`(no set ${set} under the photos folder)`);
      else if (PAIRS[set]) await pairedSet(root, set, engines, models, sheets, print);
      else if (set === LISTING_DEV || set === LISTING_FINISHED)
        await listingSet(root, set, models, natural, sheets, print);
      else await unpairedSet(root, set, engines, models, sheets, print);
    }
    if (modelCache)
      print(`\n(model outputs cached in ${modelCache}: CPU times of cached photos exclude the model inference)`);
    if (twelve) await timeTwelveMegapixels(root, { retoucher: pools[0], lowLightRetoucher: pools[1] }, print);
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  await writeFile(path.join(sheets, 'results.md'), lines.join('\n') + '\n');
  console.log(`\nContact sheets and results.md in ${sheets}`);
};

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
