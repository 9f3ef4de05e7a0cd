import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { ENGINE_NAMES, ENGINE_VERSION, type EngineChoice, type Retoucher, enhance } from '..';
import { decodePhoto } from '../decode';
import {
  CAST_SPREAD,
  EXPOSURE_SPREAD_EV,
  greyShift,
  type HarmonisedPhoto,
  type Look,
  type LookCorrection,
  planHarmonisation,
  renderHarmonised,
} from '../harmonise';
import { MaximPool } from '../learned/maxim-pool';
import { ANALYSIS_LONG_SIDE, measurePhoto, type PhotoStats } from '../measure';
import { downscale, rawInput } from '../rgb-image';
import { splitHalves } from '../bench/halves';
import { type OrderSpread, WHITE_POINT_SHARE, orderSpread } from '../bench/spread';
import { defaultPhotosDir, repoRoot, usageExit } from './bench-support';

/**
 * Harmonisation benchmark: orders made of the shared photo sets, each photo enhanced on its own (engine `auto`, as
 * the product does, on a copy reduced to LONG_SIDE), then the order harmonised with the engine's plan and rendering.
 * For each order: the exposure and white-point spreads of the untouched inputs, of the engine's outputs as they are
 * (the baseline) and of the harmonised outputs, all measured on the decoded JPEGs; how far photos were moved; and a
 * contact sheet with the outputs as they are above the harmonised ones.
 */

const PHOTO = /\.(jpe?g|png|webp|heic|tiff?)$/i;
/** Photos are reduced to this long side before enhancement: the bench measures spreads, not detail, and stays fast. */
const LONG_SIDE = 1024;

type Role = 'tune' | 'check';
interface Order {
  name: string;
  role: Role;
  /** Paths relative to the data folder. */
  photos: string[];
}

const photosIn = async (root: string, folder: string) =>
  existsSync(path.join(root, folder))
    ? (await readdir(path.join(root, folder)))
        .filter((f) => PHOTO.test(f))
        .sort()
        .map((f) => path.join(folder, f))
    : [];

/**
 * An order is one property: the five bedrooms and the twelve rooms are the closest to one; the exposure set is
 * split into two orders by its tune / check halves; the phone night shots show the night rule; the FiveK inputs
 * (mixed scenes) are a stress test, not a property. Constants may be chosen looking at the tune orders only.
 */
const buildOrders = async (root: string): Promise<Order[]> => {
  const exposure = await photosIn(root, 'exposure');
  const halves = splitHalves(exposure.map((p) => path.basename(p)));
  const half = (role: Role) => exposure.filter((p) => halves.get(path.basename(p)) === role);
  const orders: Order[] = [
    { name: 'publishable', role: 'check', photos: await photosIn(root, 'publishable') },
    { name: 'rooms', role: 'check', photos: await photosIn(root, 'rooms') },
    { name: 'exposure-tune', role: 'tune', photos: half('tune') },
    { name: 'exposure-check', role: 'check', photos: half('check') },
    { name: 'lowlight-phone', role: 'tune', photos: await photosIn(root, 'lowlight-phone') },
    { name: 'fivek-dev', role: 'tune', photos: await photosIn(root, path.join('fivek-dev', 'input')) },
  ];
  return orders.filter((order) => order.photos.length > 0);
};

interface Models {
  retoucher?: Retoucher;
  lowLightRetoucher?: Retoucher;
}

/** The models start on the first photo that is not cached: a re-run from the cache loads none. */
class LazyModels {
  private pools: MaximPool[] = [];
  constructor(private readonly engine: EngineChoice) {}
  get(): Models {
    if (this.engine === 'classic') return {};
    if (!this.pools.length) {
      this.pools.push(new MaximPool({ workers: 1 }));
      if (this.engine === 'auto') this.pools.push(new MaximPool({ workers: 1, variant: 'enhancement' }));
    }
    return { retoucher: this.pools[0], lowLightRetoucher: this.pools[1] };
  }
  close = () => Promise.all(this.pools.map((pool) => pool.close()));
}

interface Enhanced {
  /** The reduced input as PNG (what the engine was given). */
  input: Buffer;
  jpeg: Buffer;
  /** The engine's own `after` measurements and the input's exposure: what the product hands to the plan. */
  look: Look;
  route: string;
}

/**
 * Enhances one photo, or reads it from the cache (keyed by set, file name, engine, engine version and size, so an
 * engine change is never served a stale result).
 */
const enhanced = async (root: string, file: string, engine: EngineChoice, models: LazyModels, cache: string) => {
  const key = `${file.replace(/[\\/]/g, '__')}-${engine}-${ENGINE_VERSION}-${LONG_SIDE}`;
  const jpegFile = path.join(cache, `${key}.jpg`);
  const metaFile = path.join(cache, `${key}.json`);
  const reduced = await downscale((await decodePhoto(path.join(root, file))).image, LONG_SIDE);
  const input = await rawInput(reduced).png({ compressionLevel: 1 }).toBuffer();
  if (existsSync(jpegFile) && existsSync(metaFile)) {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { look: Look; route: string };
    return { input, jpeg: await readFile(jpegFile), ...meta } satisfies Enhanced;
  }
  const result = await enhance(input, { engine, ...models.get() });
  const meta = {
    look: { ...result.report.after, inputExposureEv: result.report.before.exposureEv },
    route: result.report.route,
  };
  await writeFile(jpegFile, result.image);
  await writeFile(metaFile, JSON.stringify(meta));
  return { input, jpeg: result.image, ...meta } satisfies Enhanced;
};

/** What a guest sees: the encoded file, decoded and measured on the analysis copy as the engine measures. */
const measured = async (encoded: Buffer) =>
  measurePhoto(await downscale((await decodePhoto(encoded)).image, ANALYSIS_LONG_SIDE));

const STRIP = { corrected: '#3fae5a', unchanged: '#707070', night: '#3a6fd8' };

/**
 * Two rows: the engine's outputs as they are above the harmonised ones, all at one height, each harmonised photo with
 * a strip below it (green: corrected, grey: left as it was, blue: left out (a dusk or night shot, or light too different to match)).
 */
const contactSheet = async (before: Buffer[], after: Buffer[], marks: (keyof typeof STRIP)[], file: string) => {
  const height = Math.round(Math.min(300, Math.max(120, 1200 / before.length)));
  const gap = 4;
  const strip = 6;
  const composites: OverlayOptions[] = [];
  let left = 0;
  for (const [column, mark] of marks.entries()) {
    let width = 0;
    for (const [row, image] of [before[column], after[column]].entries()) {
      const resized = await sharp(image).resize({ height }).png().toBuffer({ resolveWithObject: true });
      composites.push({ input: resized.data, left, top: row * (height + gap) });
      width = resized.info.width;
    }
    const bar = await sharp({ create: { width, height: strip, channels: 3, background: STRIP[mark] } })
      .png()
      .toBuffer();
    composites.push({ input: bar, left, top: 2 * (height + gap) });
    left += width + gap;
  }
  await sharp({
    create: { width: left - gap, height: 2 * (height + gap) + strip, channels: 3, background: '#202020' },
  })
    .composite(composites)
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(file);
};

const fixed = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);
const max = (values: number[]) => (values.length ? Math.max(...values) : 0);
const greyShiftOf = (correction: LookCorrection | null) =>
  correction ? greyShift(correction.gainRed, correction.gainBlue) : 0;
const ab = (s: PhotoStats) => `${fixed(s.castA, 1)}/${fixed(s.castB, 1)}`;

interface OrderResult {
  order: Order;
  photos: number;
  matched: number;
  leftOut: number;
  corrected: number;
  input: OrderSpread;
  before: OrderSpread;
  after: OrderSpread;
  evApplied: number[];
  castShift: number[];
  evMoved: number[];
  /** What the applied gains do to a mid-light grey (L* 65), ΔE: the move a white wall or a cloud sees. */
  greyShift: number[];
  /** Matched photos the plan itself cannot bring into the band (beyond the per-photo bounds), and the spreads of the rest. */
  outOfReach: { ev: number; cast: number; rest: { exposureBelowMedian: number; cast: number } };
}

const runOrder = async (
  root: string,
  order: Order,
  engine: EngineChoice,
  models: LazyModels,
  out: string,
  verbose: boolean,
  print: (line: string) => void,
): Promise<OrderResult> => {
  const photos: Enhanced[] = [];
  for (const file of order.photos) photos.push(await enhanced(root, file, engine, models, path.join(out, 'cache')));
  const plan = planHarmonisation(photos.map((p) => p.look));
  const rows: {
    photo: HarmonisedPhoto;
    input: PhotoStats;
    before: PhotoStats;
    after: PhotoStats;
    jpeg: Buffer;
    applied: LookCorrection | null;
  }[] = [];
  for (const [i, enhancedPhoto] of photos.entries()) {
    const photo = plan.photos[i];
    // As the product does: a photo without a correction keeps its delivered file, it is not encoded again.
    const rendered = photo.correction ? await renderHarmonised(enhancedPhoto.jpeg, photo) : null;
    const jpeg = rendered?.image ?? enhancedPhoto.jpeg;
    rows.push({
      photo,
      input: await measured(enhancedPhoto.input),
      before: await measured(enhancedPhoto.jpeg),
      after: await measured(jpeg),
      jpeg,
      applied: rendered?.correction ?? null,
    });
  }
  const matched = rows.filter((r) => r.photo.matched);
  // The white points compared are those the engine's outputs let the plan measure, the same set at every stage.
  const hasWhitePoint = matched.map((r) => r.before.neutralShare >= WHITE_POINT_SHARE);
  const spreadOf = (stage: 'input' | 'before' | 'after') =>
    orderSpread(
      matched.map((r) => r[stage]),
      hasWhitePoint,
    );
  const corrected = rows.filter((r) => r.photo.correction);
  // A photo is out of reach when the plan's own expectation for it is under the band: the cap stopped its lift.
  const target = plan.target ?? { exposureEv: 0, castA: 0, castB: 0 };
  const evOut = matched.map((r) => target.exposureEv - r.photo.expected.exposureEv > EXPOSURE_SPREAD_EV);
  const castOut = matched.map(
    (r, i) =>
      hasWhitePoint[i] &&
      Math.hypot(r.photo.expected.castA - target.castA, r.photo.expected.castB - target.castB) > CAST_SPREAD / 2,
  );
  const result: OrderResult = {
    order,
    photos: rows.length,
    matched: matched.length,
    leftOut: rows.filter((r) => !r.photo.matched).length,
    corrected: corrected.length,
    input: spreadOf('input'),
    before: spreadOf('before'),
    after: spreadOf('after'),
    evApplied: corrected.map((r) => Math.abs(r.applied?.ev ?? 0)),
    greyShift: corrected.map((r) => greyShiftOf(r.applied)),
    evMoved: corrected.map((r) => Math.abs(r.after.exposureEv - r.before.exposureEv)),
    castShift: corrected.map((r) => Math.hypot(r.after.castA - r.before.castA, r.after.castB - r.before.castB)),
    outOfReach: {
      ev: evOut.filter(Boolean).length,
      cast: castOut.filter(Boolean).length,
      rest: {
        exposureBelowMedian: orderSpread(
          matched.filter((_, i) => !evOut[i]).map((r) => r.after),
          [],
        ).exposureBelowMedian,
        cast: orderSpread(
          matched.map((r) => r.after),
          hasWhitePoint.map((has, i) => has && !castOut[i]),
        ).cast,
      },
    },
  };
  if (verbose) {
    print(
      `\n### ${order.name} [${order.role}]: order look ${plan.target ? `${fixed(target.exposureEv)} EV, a*/b* ${fixed(target.castA, 1)}/${fixed(target.castB, 1)}` : 'none (fewer than two photos to match)'}`,
    );
    for (const [i, r] of rows.entries()) {
      const c = r.applied;
      print(
        `- ${path.basename(order.photos[i])} (${photos[i].route}): input ${fixed(r.input.exposureEv)} EV ${ab(r.input)}` +
          ` | as is ${fixed(r.before.exposureEv)} EV ${ab(r.before)} (neutral ${fixed(r.before.neutralShare * 100, 0)}%)` +
          ` | ${r.photo.matched ? '' : 'LEFT OUT '}${c ? `ev ${fixed(c.ev)}, gains R ${fixed(c.gainRed, 3)} B ${fixed(c.gainBlue, 3)} (grey shift ${fixed(greyShiftOf(c), 1)} ΔE)` : 'no correction'}` +
          ` | harmonised ${fixed(r.after.exposureEv)} EV ${ab(r.after)}${r.photo.note ? ` (${r.photo.note})` : ''}`,
      );
    }
  }
  await contactSheet(
    photos.map((p) => p.jpeg),
    rows.map((r) => r.jpeg),
    rows.map((r) => (!r.photo.matched ? 'night' : r.photo.correction ? 'corrected' : 'unchanged')),
    path.join(out, `${order.name}.jpg`),
  );
  return result;
};

const USAGE =
  'usage: npm run bench:harmonise -- [--data <photos dir>] [--engine auto|classic|learned] ' +
  '[--orders publishable,rooms,exposure-tune,exposure-check,lowlight-phone,fivek-dev] [--out <dir>] [--verbose]';

const usage = usageExit(USAGE);

const parseArgs = (argv: string[]) => {
  let root: string | null = null;
  let engine: EngineChoice = 'auto';
  let orders: string[] | null = null;
  let out = path.join(repoRoot(), 'bench-output', 'harmonise');
  let verbose = false;
  const value = (i: number) => argv[i + 1] ?? usage(`${argv[i]} needs a value`);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--engine') {
      engine = value(i++) as EngineChoice;
      if (!ENGINE_NAMES.includes(engine)) usage(`Unknown engine '${engine}'`);
    } else if (argv[i] === '--data') root = path.resolve(value(i++));
    else if (argv[i] === '--orders') orders = value(i++).split(',');
    else if (argv[i] === '--out') out = path.resolve(value(i++));
    else if (argv[i] === '--verbose') verbose = true;
    else if (argv[i] === '--help' || argv[i] === '-h') usage();
    else usage(`Unknown option ${argv[i]}`);
  }
  root ??= defaultPhotosDir();
  if (!existsSync(root)) {
    console.log(`No photos to benchmark: ${root} does not exist (pass --data <dir>).`);
    process.exit(2);
  }
  return { root, engine, orders, out, verbose };
};

const main = async () => {
  const { root, engine, orders: wanted, out, verbose } = parseArgs(process.argv.slice(2));
  await mkdir(path.join(out, 'cache'), { recursive: true });
  const orders = (await buildOrders(root)).filter((o) => !wanted || wanted.includes(o.name));
  const models = new LazyModels(engine);
  const lines: string[] = [];
  const print = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const results: OrderResult[] = [];
  try {
    for (const order of orders) results.push(await runOrder(root, order, engine, models, out, verbose, print));
  } finally {
    await models.close();
  }
  const trio = (
    s: (r: OrderResult) => OrderSpread,
    r: OrderResult,
    key: 'exposureFromMedian' | 'exposureBelowMedian' | 'exposureRange' | 'cast',
  ) => fixed(s(r)[key]);
  print(
    `\nEngine ${engine} ${ENGINE_VERSION}, photos reduced to ${LONG_SIDE} px; spreads over the matched photos, measured on` +
      ' the decoded JPEGs (768 px); "as is" = the engine output before harmonisation (the baseline).',
  );
  print(
    '\n| order | role | photos | matched | left out | corrected | EV under median: input / as is / harmonised |' +
      ' EV from median: input / as is / harmonised |' +
      ' EV max−min: input / as is / harmonised | cast spread ΔE: input / as is / harmonised (photos) |' +
      ' EV applied mean / max | cast shift ΔE mean / max | grey shift ΔE max |',
  );
  print('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const row = (key: 'exposureFromMedian' | 'exposureBelowMedian' | 'exposureRange' | 'cast') =>
      [trio((x) => x.input, r, key), trio((x) => x.before, r, key), `**${trio((x) => x.after, r, key)}**`].join(' / ');
    print(
      `| ${r.order.name} | ${r.order.role} | ${r.photos} | ${r.matched} | ${r.leftOut} | ${r.corrected} |` +
        ` ${row('exposureBelowMedian')} | ${row('exposureFromMedian')} | ${row('exposureRange')} |` +
        ` ${row('cast')} (${r.after.whitePoints}) |` +
        ` ${fixed(mean(r.evApplied))} / ${fixed(max(r.evApplied))} | ${fixed(mean(r.castShift), 1)} / ${fixed(max(r.castShift), 1)} | ${fixed(max(r.greyShift), 1)} |`,
    );
  }
  for (const r of results) {
    const misses = [
      r.after.exposureBelowMedian > EXPOSURE_SPREAD_EV
        ? `exposure ${fixed(r.after.exposureBelowMedian)} EV under the median`
        : '',
      r.after.cast > CAST_SPREAD ? `cast spread ${fixed(r.after.cast)} ΔE` : '',
    ].filter(Boolean);
    if (misses.length) print(`${r.order.name} [${r.order.role}]: NOT MET after harmonisation: ${misses.join(', ')}`);
    print(
      `${r.order.name}: measured EV move of corrected photos mean ${fixed(mean(r.evMoved))}, max ${fixed(max(r.evMoved))};` +
        ` out of the cap's reach: ${r.outOfReach.ev} for exposure, ${r.outOfReach.cast} for white point; without them,` +
        ` harmonised ${fixed(r.outOfReach.rest.exposureBelowMedian)} EV under the median, cast spread ${fixed(r.outOfReach.rest.cast)} ΔE`,
    );
  }
  await writeFile(path.join(out, 'results.md'), lines.join('\n') + '\n');
  console.log(`\nContact sheets, results.md and the cache of enhanced photos in ${out}`);
};

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
