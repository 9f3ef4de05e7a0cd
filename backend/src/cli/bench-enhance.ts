import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { ENGINE_CHOICES, type EngineChoice, type Retoucher, enhance } from '../modules/enhancement/engine';
import { linearRgbToLab, linearToSrgb, SRGB_TO_LINEAR } from '../modules/enhancement/engine/color';
import { MaximPool } from '../modules/enhancement/engine/learned/maxim-pool';
import { measureNoise, measurePhoto, neutralCast } from '../modules/enhancement/engine/measure';
import { downscale } from '../modules/enhancement/engine/rgb-image';

/**
 * Scores the engine on the shared photo sets: fidelity to the expert on the paired FiveK set, exposure / clipping /
 * cast / noise before and after on the others, and time and memory per photo. Writes contact sheets to
 * bench-output/ for a person to look at.
 */

const PHOTO = /\.(jpe?g|png|webp|heic|tiff?)$/i;
type Raw = { width: number; height: number; data: Uint8Array };

const repoRoot = () => {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'nx.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
};

const toRaw = async (input: Buffer | string, size?: { width: number; height: number }): Promise<Raw> => {
  let pipeline = sharp(input).autoOrient().toColourspace('srgb').removeAlpha();
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};

const psnr = (a: Raw, b: Raw) => {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += (a.data[i] - b.data[i]) ** 2;
  return 10 * Math.log10((255 * 255) / Math.max(sum / a.data.length, 1e-10));
};

/** SSIM on luma with the usual 11-tap Gaussian window (sigma 1.5). */
const ssim = (a: Raw, b: Raw) => {
  const { width, height } = a;
  const n = width * height;
  const luma = (img: Raw) => {
    const out = new Float32Array(n);
    for (let p = 0; p < n; p++)
      out[p] = 0.299 * img.data[p * 3] + 0.587 * img.data[p * 3 + 1] + 0.114 * img.data[p * 3 + 2];
    return out;
  };
  const kernel = Array.from({ length: 11 }, (_, i) => Math.exp(-((i - 5) ** 2) / (2 * 1.5 * 1.5)));
  const total = kernel.reduce((s, v) => s + v, 0);
  const k = kernel.map((v) => v / total);
  const blur = (src: Float32Array) => {
    const tmp = new Float32Array(n);
    const out = new Float32Array(n);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let i = -5; i <= 5; i++) s += k[i + 5] * src[y * width + Math.min(width - 1, Math.max(0, x + i))];
        tmp[y * width + x] = s;
      }
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let i = -5; i <= 5; i++) s += k[i + 5] * tmp[Math.min(height - 1, Math.max(0, y + i)) * width + x];
        out[y * width + x] = s;
      }
    return out;
  };
  const x = luma(a);
  const y = luma(b);
  const product = (p: Float32Array, q: Float32Array) => p.map((v, i) => v * q[i]);
  const mx = blur(x);
  const my = blur(y);
  const sxx = blur(product(x, x));
  const syy = blur(product(y, y));
  const sxy = blur(product(x, y));
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const vx = sxx[i] - mx[i] * mx[i];
    const vy = syy[i] - my[i] * my[i];
    const cov = sxy[i] - mx[i] * my[i];
    sum += ((2 * mx[i] * my[i] + c1) * (2 * cov + c2)) / ((mx[i] ** 2 + my[i] ** 2 + c1) * (vx + vy + c2));
  }
  return sum / n;
};

/** Mean CIEDE2000 colour difference per pixel. */
const deltaE2000 = (a: Raw, b: Raw) => {
  const rad = Math.PI / 180;
  let total = 0;
  const n = a.width * a.height;
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    const x = linearRgbToLab(SRGB_TO_LINEAR[a.data[i]], SRGB_TO_LINEAR[a.data[i + 1]], SRGB_TO_LINEAR[a.data[i + 2]]);
    const y = linearRgbToLab(SRGB_TO_LINEAR[b.data[i]], SRGB_TO_LINEAR[b.data[i + 1]], SRGB_TO_LINEAR[b.data[i + 2]]);
    const c1 = Math.hypot(x.a, x.b);
    const c2 = Math.hypot(y.a, y.b);
    const cm = (c1 + c2) / 2;
    const g = 0.5 * (1 - Math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)));
    const a1 = x.a * (1 + g);
    const a2 = y.a * (1 + g);
    const cp1 = Math.hypot(a1, x.b);
    const cp2 = Math.hypot(a2, y.b);
    const h1 = cp1 === 0 ? 0 : (Math.atan2(x.b, a1) / rad + 360) % 360;
    const h2 = cp2 === 0 ? 0 : (Math.atan2(y.b, a2) / rad + 360) % 360;
    const dL = y.l - x.l;
    const dC = cp2 - cp1;
    let dh = 0;
    if (cp1 * cp2 !== 0) dh = Math.abs(h2 - h1) <= 180 ? h2 - h1 : h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 + 360;
    const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin((dh / 2) * rad);
    const lm = (x.l + y.l) / 2;
    const cpm = (cp1 + cp2) / 2;
    let hm = h1 + h2;
    if (cp1 * cp2 !== 0)
      hm = Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
    const t =
      1 -
      0.17 * Math.cos((hm - 30) * rad) +
      0.24 * Math.cos(2 * hm * rad) +
      0.32 * Math.cos((3 * hm + 6) * rad) -
      0.2 * Math.cos((4 * hm - 63) * rad);
    const dTheta = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
    const rc = 2 * Math.sqrt(cpm ** 7 / (cpm ** 7 + 25 ** 7));
    const sl = 1 + (0.015 * (lm - 50) ** 2) / Math.sqrt(20 + (lm - 50) ** 2);
    const sc = 1 + 0.045 * cpm;
    const sh = 1 + 0.015 * cpm * t;
    const rt = -Math.sin(2 * dTheta * rad) * rc;
    total += Math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh));
  }
  return total / n;
};

/** Share of pixels too dark for the cast measurement to use them (L* below 15). */
const tooDarkShare = (image: Raw) => {
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 3) {
    const y =
      0.2126729 * SRGB_TO_LINEAR[image.data[i]] +
      0.7151522 * SRGB_TO_LINEAR[image.data[i + 1]] +
      0.072175 * SRGB_TO_LINEAR[image.data[i + 2]];
    if (y < 0.0191) dark++; // L* 15
  }
  return dark / (image.data.length / 3);
};

/**
 * The input's cast, measured so that a photo too dark to measure does not read as neutral (1.3 reported 0.0 for
 * lowlight `147`, which made any result look like a new cast): when more than half of its pixels are below the
 * lightness the measurement uses (L* 15), the cast is measured on a copy brought to a log-average of 18 % grey by
 * one linear gain (at most 2^8), which keeps the photo's colour balance: the cast its greys would show exposed.
 * If fewer than a fifth of its pixels reach code 8 in any channel, the few codes left cannot resolve a colour
 * (lowlight `450`: 86 % of its pixels are below code 4), or if the lifted copy has no greys, the cast is null
 * ("n/a"), left out of the cast means and the new-cast count.
 * Outputs are measured as they are: that is what a guest sees.
 */
const inputCast = (small: Raw, stats: { exposureEv: number; cast: number }) => {
  if (tooDarkShare(small) <= 0.5) return { cast: stats.cast as number | null, normalised: false };
  let resolved = 0;
  for (let i = 0; i < small.data.length; i += 3)
    if (Math.max(small.data[i], small.data[i + 1], small.data[i + 2]) >= 8) resolved++;
  if (resolved < (small.data.length / 3) * 0.2) return { cast: null, normalised: true };
  const gain = Math.min(256, 2 ** -stats.exposureEv);
  const lifted = new Uint8Array(small.data.length);
  for (let i = 0; i < lifted.length; i++)
    lifted[i] = Math.round(linearToSrgb(Math.min(1, SRGB_TO_LINEAR[small.data[i]] * gain)) * 255);
  const greys = neutralCast({ width: small.width, height: small.height, data: lifted });
  return { cast: greys.share > 0 ? Math.hypot(greys.a, greys.b) : null, normalised: true };
};

const statsOf = async (raw: Raw, isInput: boolean) => {
  const small = await downscale(raw, 768);
  const s = measurePhoto(small);
  const { cast, normalised } = isInput ? inputCast(small, s) : { cast: s.cast, normalised: false };
  return {
    exposure: s.meanLuma,
    clipped: s.clippedHighlights + s.clippedShadows,
    cast,
    castNormalised: normalised,
    noise: measureNoise(raw),
  };
};

/**
 * Keeps each model output on disk, keyed by the model and its exact input pixels, so re-running the bench after a
 * change to the classical stages or the routing does not repeat 10-15 s inferences. Timings of cached runs
 * exclude the model; the bench says so.
 */
class CachingRetoucher implements Retoucher {
  readonly modelName: string;
  hits = 0;
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
    if (existsSync(file)) {
      this.hits++;
      return new Uint8Array(await readFile(file));
    }
    const data = await this.inner.retouch(image);
    await writeFile(file, data);
    return data;
  }
}

/**
 * Runs one enhancement while sampling RSS, so the peak includes the model workers (threads of this process).
 * CPU time is the whole process's (main thread, libvips threads and model workers): the machine is shared, so
 * wall time alone overstates the cost.
 */
const timed = async (file: string, engine: EngineChoice, retoucher?: Retoucher, lowLightRetoucher?: Retoucher) => {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  try {
    const result = await enhance(file, { engine, retoucher, lowLightRetoucher });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    return { result, seconds, cpuSeconds, peakMb: Math.max(peak, process.memoryUsage().rss) / 1e6 };
  } finally {
    clearInterval(timer);
  }
};

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1);
const fixed = (v: number, digits = 2) => v.toFixed(digits);

const contactSheet = async (rows: Buffer[][], file: string) => {
  const tile = 300;
  const composites: OverlayOptions[] = [];
  let top = 0;
  const heights: number[] = [];
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
    heights.push(height);
    top += height + 4;
  }
  const columns = Math.max(...rows.map((r) => r.length));
  await sharp({ create: { width: columns * (tile + 4), height: Math.max(top, 1), channels: 3, background: '#202020' } })
    .composite(composites)
    .png()
    .toFile(file);
};

/**
 * The classical stages' cost on a 12 MP JPEG (4000 x 3000, a real photo enlarged), wall and CPU time, libvips
 * limited to one thread. One warm-up run, then the median of three.
 */
const timeTwelveMegapixels = async (root: string, print: (line: string) => void) => {
  const source = path.join(root, 'exposure', 'Justin_Chiaratti-CC_BY-NC-SA_2.0.jpg');
  if (!existsSync(source)) return;
  const jpeg = await sharp(source).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer();
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  try {
    const runs: { seconds: number; cpu: number; stages: string }[] = [];
    for (let run = 0; run < 4; run++) {
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      const { report } = await enhance(jpeg, { engine: 'classic' });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const used = process.cpuUsage(cpu);
      const stages = Object.entries(report.timingsMs)
        .map(([stage, ms]) => `${stage} ${ms}`)
        .join(', ');
      if (run > 0) runs.push({ seconds, cpu: (used.user + used.system) / 1e6, stages });
    }
    runs.sort((a, b) => a.cpu - b.cpu);
    const median = runs[1];
    print(
      `| 12 MP JPEG | classic, 1 libvips thread | ${fixed(median.seconds)} s wall, ${fixed(median.cpu)} s CPU (median of 3; CPU ${runs.map((r) => fixed(r.cpu)).join(' / ')}) | stages (ms): ${median.stages} |`,
    );
  } finally {
    sharp.concurrency(threads);
  }
};

const USAGE =
  'usage: npm run bench:enhance -- [<photos dir>] [--engines classic,learned,auto] [--sets rooms,fivek-dev] ' +
  '[--model-cache <dir>] [--no-low-light-model] [--no-12mp]';

/** Exits with the usage line: a typo in a flag must not become a photos folder that does not exist. */
const usage = (problem?: string): never => {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(problem ? 2 : 0);
};

const parseArgs = (argv: string[]) => {
  let root = path.resolve(repoRoot(), '../shared/data/photos');
  let engines: EngineChoice[] = [...ENGINE_CHOICES];
  let sets: string[] | null = null;
  let modelCache: string | null = null;
  let lowLight = true;
  let twelve = true;
  const value = (i: number) => argv[i + 1] ?? usage(`${argv[i]} needs a value`);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--engines') {
      engines = value(i++).split(',') as EngineChoice[];
      const unknown = engines.find((engine) => !ENGINE_CHOICES.includes(engine));
      if (unknown) usage(`Unknown engine '${unknown}'`);
    } else if (argv[i] === '--sets') sets = value(i++).split(',');
    else if (argv[i] === '--model-cache') modelCache = path.resolve(value(i++));
    else if (argv[i] === '--no-low-light-model') lowLight = false;
    else if (argv[i] === '--no-12mp') twelve = false;
    else if (argv[i] === '--help' || argv[i] === '-h') usage();
    else if (argv[i].startsWith('-')) usage(`Unknown option ${argv[i]}`);
    else root = path.resolve(argv[i]);
  }
  if (!existsSync(root)) usage(`No photos folder at ${root}`);
  return { root, engines, sets, modelCache, lowLight, twelve };
};

const main = async () => {
  const { root, engines, sets, modelCache, lowLight, twelve } = parseArgs(process.argv.slice(2));
  const outDir = path.join(repoRoot(), 'bench-output');
  await mkdir(outDir, { recursive: true });
  if (modelCache) await mkdir(modelCache, { recursive: true });
  const needsModel = engines.some((e) => e !== 'classic');
  const pools = needsModel
    ? [new MaximPool({ workers: 1 }), ...(lowLight ? [new MaximPool({ workers: 1, variant: 'enhancement' })] : [])]
    : [];
  const cached = pools.map((pool) => (modelCache ? new CachingRetoucher(pool, modelCache) : pool));
  const [retoucher, lowLightRetoucher] = cached;
  const lines: string[] = [];
  const print = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    const setNames = (await readdir(root, { withFileTypes: true }))
      .filter((d) => d.isDirectory() && (!sets || sets.includes(d.name)))
      .map((d) => d.name)
      .sort();
    for (const set of setNames) {
      const paired = existsSync(path.join(root, set, 'expert'));
      const inputDir = paired ? path.join(root, set, 'input') : path.join(root, set);
      const files = (await readdir(inputDir)).filter((f) => PHOTO.test(f)).sort();
      for (const engine of engines) {
        const rows: Buffer[][] = [];
        const scores: Record<string, number[]> = {};
        const routes: Record<string, number> = {};
        const add = (key: string, value: number) => (scores[key] ??= []).push(value);
        for (const name of files) {
          const file = path.join(inputDir, name);
          const { result, seconds, cpuSeconds, peakMb } = await timed(file, engine, retoucher, lowLightRetoucher);
          const { report } = result;
          const megapixels = (report.input.width * report.input.height) / 1e6;
          add('seconds', seconds);
          add('cpu', cpuSeconds);
          add('secondsPerMp', seconds / megapixels);
          add('cpuPerMp', cpuSeconds / megapixels);
          add('peakMb', peakMb);
          routes[report.pipeline] = (routes[report.pipeline] ?? 0) + 1;
          add('denoised', report.corrections.denoise.applied ? 1 : 0);
          const input = await readFile(file);
          let detail = '';
          if (paired) {
            const expertFile = path.join(root, set, 'expert', name);
            const expert = await toRaw(expertFile);
            const size = { width: expert.width, height: expert.height };
            const output = await toRaw(result.image, size);
            const before = await toRaw(input, size);
            const score = psnr(output, expert);
            add('psnrIn', psnr(before, expert));
            add('psnr', score);
            add('ssimIn', ssim(before, expert));
            add('ssim', ssim(output, expert));
            add('deIn', deltaE2000(before, expert));
            add('de', deltaE2000(output, expert));
            detail = `PSNR ${fixed(score)}`;
            rows.push([input, result.image, await readFile(expertFile)]);
          } else {
            const before = await statsOf(await toRaw(input), true);
            const after = await statsOf(await toRaw(result.image), false);
            for (const key of ['exposure', 'clipped', 'noise'] as const) {
              add(`${key}In`, before[key]);
              add(key, after[key]);
            }
            // A cast that cannot be measured (null) is left out of both cast means and of the new-cast count.
            const castMeasured = before.cast !== null && after.cast !== null;
            if (castMeasured) {
              add('castIn', before.cast as number);
              add('cast', after.cast as number);
            } else add('castNa', 1);
            if (before.castNormalised || after.castNormalised) add('castNormalised', 1);
            const newClipping = after.clipped > before.clipped + 0.005;
            const newCast = castMeasured && (after.cast as number) > Math.max(before.cast as number, 4) + 2;
            add('newClipping', newClipping ? 1 : 0);
            add('newCast', newCast ? 1 : 0);
            const castText = (stats: { cast: number | null; castNormalised: boolean }) =>
              stats.cast === null ? 'n/a' : `${fixed(stats.cast, 1)}${stats.castNormalised ? ' (normalised)' : ''}`;
            detail = `exposure ${fixed(before.exposure)}->${fixed(after.exposure)} clipped ${fixed(before.clipped * 100, 1)}->${fixed(after.clipped * 100, 1)}% cast ${castText(before)}->${castText(after)} noise ${fixed(before.noise)}->${fixed(after.noise)}${newClipping ? ' NEW CLIPPING' : ''}${newCast ? ' NEW CAST' : ''}`;
            rows.push([input, result.image]);
          }
          const c = report.corrections;
          const steps = [
            c.whiteBalance.applied ? `wb ${fixed(c.whiteBalance.gainRed)}/${fixed(c.whiteBalance.gainBlue)}` : '',
            c.exposure.applied ? `ev ${fixed(c.exposure.ev)}` : '',
            c.learned.residualCast != null ? `residual cast ${fixed(c.learned.residualCast, 1)}` : '',
            c.denoise.applied ? `denoise ${fixed(c.denoise.strength)} (noise ${fixed(c.denoise.noise ?? 0)})` : '',
          ].filter(Boolean);
          console.error(
            `  ${set}/${name} ${engine}: ${report.pipeline} (${report.route}) ${steps.join(', ')}; ${detail}; ${fixed(seconds)} s wall, ${fixed(cpuSeconds)} s CPU`,
          );
        }
        const m = (key: string) => mean(scores[key] ?? []);
        const count = (key: string) => Math.round(m(key) * files.length);
        const routeText = Object.entries(routes)
          .map(([route, n]) => `${route} ${n}`)
          .join(', ');
        const cost = `${fixed(m('seconds'))} s wall / ${fixed(m('cpu'))} s CPU per photo, ${fixed(m('secondsPerMp'))} / ${fixed(m('cpuPerMp'))} s per MP, peak RSS ${fixed(Math.max(...scores.peakMb), 0)} MB | ${routeText}; denoised ${count('denoised')}`;
        if (paired)
          print(
            `| ${set} | ${engine} | PSNR ${fixed(m('psnrIn'))} -> ${fixed(m('psnr'))} dB | SSIM ${fixed(m('ssimIn'), 3)} -> ${fixed(m('ssim'), 3)} | ΔE00 ${fixed(m('deIn'))} -> ${fixed(m('de'))} | ${cost} |`,
          );
        else
          print(
            `| ${set} | ${engine} | exposure ${fixed(m('exposureIn'))} -> ${fixed(m('exposure'))} | clipped ${fixed(m('clippedIn') * 100)}% -> ${fixed(m('clipped') * 100)}% | cast ${fixed(m('castIn'))} -> ${fixed(m('cast'))} | noise ${fixed(m('noiseIn'))} -> ${fixed(m('noise'))} | new clipping ${count('newClipping')}, new cast ${count('newCast')} | ${cost}; input cast measured exposure-normalised ${scores.castNormalised?.length ?? 0}, n/a ${scores.castNa?.length ?? 0} |`,
          );
        await contactSheet(rows, path.join(outDir, `${set}-${engine}.png`));
      }
    }
    if (modelCache)
      print(`(model outputs cached in ${modelCache}: timings of cached photos exclude the model inference)`);
    if (twelve) await timeTwelveMegapixels(root, print);
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  await writeFile(path.join(outDir, 'results.md'), lines.join('\n') + '\n');
};

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
