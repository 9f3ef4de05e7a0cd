import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { enhance } from '..';
import { blownMask, mergeBracket } from '../brackets/merge';
import { splitHalves } from '../bench/halves';
import { LUMA_B, LUMA_G, LUMA_R } from '../color';
import type { RgbImage } from '../rgb-image';
import { defaultPhotosDir, repoRoot, usageExit } from './bench-support';

/**
 * The bracket merge on the shared sets: 24 two-frame interior scenes (an under- and an over-exposed frame, from a
 * multi-exposure fusion benchmark; half tune the merge, half only check it) and a real handheld phone bracket of a
 * bedroom with a backlit window (14 frames one stop apart, of which 3, 5 and 7 are merged as a host would shoot them,
 * and the 7 enlarged to 12 MP for memory). Per scene, against the best single frame (the frame the listing look alone
 * does best with: fewest pixels its rendering shows blown or the frame recorded crushed), as shot and through the
 * listing look:
 *
 * - blown window: of the pixels the best single frame shows blown (near white, luma 0.9 or more, and flat, its 5x5
 *   neighbourhood within 3 codes: its window), the share each result still shows blown. Flatness counts, not a code
 *   threshold: the listing look renders a recorded white a little below white, and a blank window is not recovered;
 * - shadow level: the 10th percentile of luma (0..1);
 * - the merge's alignment (residual, largest movement, rotation), its ghost share, the time of the merge and of the
 *   whole enhancement, and the peak memory (each scene runs in a process of its own).
 *
 * Straightening is off throughout, so every result keeps the frames' geometry and the regions line up (the merged
 * photo has the reference frame's; a best single frame that is not the reference is off by its handheld movement, a
 * few pixels). A contact sheet per set goes to bench-output/brackets: best single frame as shot, through the listing
 * look, and the merge through the listing look.
 */

const USAGE = 'usage: npm run bench:brackets -- [--data <photos dir>] [--scenes name,name] [--out <dir>]';
const usage = usageExit(USAGE);

const PHOTO = /\.(jpe?g|png|tiff?|webp)$/i;
/** The phone bracket: frames sorted by file name go from 4 s down to 1/2048 s, one stop apart. */
const PHONE = 'room-phone-14';
/** The subsets of the phone bracket merged, by position in that order: 3 frames two stops apart, 5 and 7 one stop. */
const PHONE_SUBSETS: Record<string, number[]> = {
  'room-3': [6, 8, 10],
  'room-5': [5, 6, 7, 8, 9],
  'room-7': [4, 5, 6, 7, 8, 9, 10],
};
/** The memory case: room-7's frames enlarged to this long side (4608 x 2592, 11.9 MP). */
const MEMORY_SCENE = 'room-7-12mp';
const MEMORY_LONG_SIDE = 4608;
/** Tiles of the contact sheets. */
const TILE = 360;
/** Luma under which a pixel as shot counts as crushed when the best single frame is chosen. */
const CRUSHED_LUMA = 0.04;

interface Scene {
  name: string;
  set: 'tune' | 'check' | 'phone';
  files: string[];
  /** Enlarge the frames to this long side first (the memory case); the single frames are then not scored. */
  enlarge?: number;
}

interface Figures {
  clippedWindowPct: number;
  shadowP10: number;
}

interface SceneResult {
  name: string;
  set: Scene['set'];
  frames: number;
  size: string;
  best?: { frame: number; asShot: Figures; look: Figures };
  merged?: Figures;
  delivered: Figures;
  merge: { frames: number; meanErrorPx: number; maxShiftPx: number; rotationDeg: number; ghostSharePct: number };
  windowRecoveredPct: number;
  /** The listing look's plan on the merged photo: its exposure (EV) and fusion strength. */
  lookOnMerged: { ev: number; fusion: number };
  mergeMs: number;
  enhanceMs: number;
  baseRssMb: number;
  peakRssMb: number;
  tiles: string[];
}

const scenesIn = async (root: string): Promise<Scene[]> => {
  const base = path.join(root, 'brackets');
  const twoFrame = path.join(base, 'two-frame');
  const names = (await readdir(twoFrame)).sort();
  const halves = splitHalves(names);
  const scenes: Scene[] = [];
  for (const name of names) {
    const files = (await readdir(path.join(twoFrame, name))).filter((f) => PHOTO.test(f)).sort();
    scenes.push({ name, set: halves.get(name)!, files: files.map((f) => path.join(twoFrame, name, f)) });
  }
  const phone = (await readdir(path.join(base, PHONE))).filter((f) => PHOTO.test(f)).sort();
  for (const [name, picks] of Object.entries(PHONE_SUBSETS))
    scenes.push({ name, set: 'phone', files: picks.map((i) => path.join(base, PHONE, phone[i])) });
  scenes.push({
    name: MEMORY_SCENE,
    set: 'phone',
    files: PHONE_SUBSETS['room-7'].map((i) => path.join(base, PHONE, phone[i])),
    enlarge: MEMORY_LONG_SIDE,
  });
  return scenes;
};

const raw = async (input: Buffer): Promise<RgbImage> => {
  const { data, info } = await sharp(input).autoOrient().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};
const luma = (d: Uint8Array, i: number) => (LUMA_R * d[i] + LUMA_G * d[i + 1] + LUMA_B * d[i + 2]) / 255;

/** Figures of `image` (resampled to the mask's size when it differs, nearest pixel). */
const figuresOf = (image: RgbImage, mask: Uint8Array, width: number, height: number): Figures => {
  const blown = blownMask(image);
  let clipped = 0;
  let region = 0;
  const histogram = new Uint32Array(256);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / width));
      const sy = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / height));
      const i = (sy * image.width + sx) * 3;
      histogram[Math.round(luma(image.data, i) * 255)]++;
      if (!mask[y * width + x]) continue;
      region++;
      if (blown[sy * image.width + sx]) clipped++;
    }
  let seen = 0;
  let p10 = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen >= 0.1 * width * height) {
      p10 = v / 255;
      break;
    }
  }
  return { clippedWindowPct: region ? (100 * clipped) / region : 0, shadowP10: p10 };
};

/**
 * How much of a frame the listing look cannot show: blown in its rendering, or crushed as shot (nothing but noise to
 * lift). The best single frame has the least.
 */
const badShare = (look: RgbImage, shot: RgbImage) => {
  const blown = blownMask(look);
  let bad = 0;
  for (let p = 0; p < blown.length; p++) if (blown[p] || luma(shot.data, p * 3) < CRUSHED_LUMA) bad++;
  return bad / blown.length;
};

const tile = async (image: Buffer | RgbImage, file: string) => {
  const input = Buffer.isBuffer(image)
    ? sharp(image)
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  await input.resize(TILE, TILE, { fit: 'inside' }).jpeg({ quality: 88 }).toFile(file);
  return file;
};

const LOOK = { correctVerticals: false } as const;

/** One scene, in a process of its own (its peak memory is the scene's). */
const runScene = async (scene: Scene, out: string): Promise<SceneResult> => {
  const baseRssMb = process.resourceUsage().maxRSS / 1024;
  let frames = await Promise.all(scene.files.map((file) => readFile(file)));
  if (scene.enlarge) {
    const side = scene.enlarge;
    frames = await Promise.all(
      frames.map((frame) =>
        sharp(frame).resize(side, side, { fit: 'inside' }).jpeg({ quality: 92 }).withMetadata().toBuffer(),
      ),
    );
  }
  const tiles: string[] = [];
  const prefix = path.join(out, 'tiles', scene.name);
  let best: SceneResult['best'];
  let mask: Uint8Array | null = null;
  let size = { width: 0, height: 0 };
  let merged: Figures | undefined;
  let mergeMs = 0;
  if (!scene.enlarge) {
    // The best single frame: the one the listing look alone leaves with the fewest clipped or crushed pixels.
    const looks: RgbImage[] = [];
    for (const frame of frames) looks.push(await raw((await enhance(frame, LOOK)).image));
    const shots = await Promise.all(frames.map(raw));
    const bad = looks.map((look, i) => badShare(look, shots[i]));
    const index = bad.indexOf(Math.min(...bad));
    const shot = shots[index];
    size = { width: shot.width, height: shot.height };
    mask = blownMask(shot);
    best = {
      frame: index,
      asShot: figuresOf(shot, mask, size.width, size.height),
      look: figuresOf(looks[index], mask, size.width, size.height),
    };
    tiles.push(await tile(shot, `${prefix}-single.jpg`), await tile(looks[index], `${prefix}-single-look.jpg`));
    const started = performance.now();
    const merge = await mergeBracket(frames);
    mergeMs = performance.now() - started;
    merged = figuresOf(merge.decoded.image, mask, size.width, size.height);
  }
  const started = performance.now();
  const result = await enhance(frames, LOOK);
  const enhanceMs = performance.now() - started;
  const delivered = await raw(result.image);
  if (!mask) {
    size = { width: delivered.width, height: delivered.height };
    mask = blownMask(await raw(frames[Math.floor(frames.length / 2)]));
  }
  tiles.push(await tile(result.image, `${prefix}-merged-look.jpg`));
  const report = result.report.merge!;
  return {
    name: scene.name,
    set: scene.set,
    frames: frames.length,
    size: `${delivered.width}x${delivered.height}`,
    best,
    merged,
    delivered: figuresOf(delivered, mask, size.width, size.height),
    merge: {
      frames: report.frames,
      meanErrorPx: report.alignment.meanErrorPx,
      maxShiftPx: report.alignment.maxShiftPx,
      rotationDeg: report.alignment.rotationDeg,
      ghostSharePct: report.ghostSharePct,
    },
    windowRecoveredPct: report.windowRecoveredPct,
    lookOnMerged: {
      ev: result.report.corrections.exposure.ev,
      fusion: result.report.corrections.look?.fusion ?? 0,
    },
    mergeMs: mergeMs || (result.report.timingsMs.merge ?? 0),
    enhanceMs,
    baseRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    tiles,
  };
};

const inChild = (scene: Scene, out: string): Promise<SceneResult> =>
  new Promise((resolve, reject) => {
    const child = fork(__filename, ['--child', JSON.stringify({ scene, out })], { stdio: 'inherit' });
    let result: SceneResult | null = null;
    child.on('message', (message) => (result = message as SceneResult));
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`${scene.name}: the scene's process ended with ${code}`)),
    );
  });

const contactSheet = async (results: SceneResult[], file: string) => {
  const composites: OverlayOptions[] = [];
  let top = 0;
  const columns = Math.max(...results.map((r) => r.tiles.length));
  // Columns as wide as their widest tile (portrait frames are narrower than the tile's square).
  const metas = await Promise.all(results.map((r) => Promise.all(r.tiles.map((file) => sharp(file).metadata()))));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(1, ...metas.map((m) => m[column - (columns - m.length)]?.width ?? 0)),
  );
  const lefts = widths.map((_, column) => widths.slice(0, column).reduce((sum, w) => sum + w + 4, 0));
  for (const [row, result] of results.entries()) {
    let height = 0;
    // The memory case has no single frame: its one tile goes in the last column.
    const offset = columns - result.tiles.length;
    for (const [column, file] of result.tiles.entries()) {
      composites.push({ input: file, left: lefts[column + offset], top });
      height = Math.max(height, metas[row][column].height ?? 0);
    }
    top += height + 4;
  }
  const width = lefts[columns - 1] + widths[columns - 1];
  await sharp({ create: { width, height: top, channels: 3, background: '#202020' } })
    .composite(composites)
    .jpeg({ quality: 85 })
    .toFile(file);
};

const fixed = (v: number | undefined, digits = 1) => (v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits));
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};

const parseArgs = (argv: string[]) => {
  let root: string | null = null;
  let scenes: string[] | null = null;
  let out = path.join(repoRoot(), 'bench-output', 'brackets');
  const value = (i: number) => argv[i + 1] ?? usage(`${argv[i]} needs a value`);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--data') root = path.resolve(value(i++));
    else if (argv[i] === '--scenes') scenes = value(i++).split(',');
    else if (argv[i] === '--out') out = path.resolve(value(i++));
    else if (argv[i] === '--help' || argv[i] === '-h') usage();
    else usage(`Unknown option ${argv[i]}`);
  }
  root ??= defaultPhotosDir();
  if (!existsSync(path.join(root, 'brackets'))) {
    console.log(`No brackets to benchmark: ${path.join(root, 'brackets')} does not exist (pass --data <dir>).`);
    process.exit(2);
  }
  return { root, scenes, out };
};

const main = async () => {
  if (process.argv[2] === '--child') {
    const { scene, out } = JSON.parse(process.argv[3]) as { scene: Scene; out: string };
    process.send!(await runScene(scene, out));
    return;
  }
  const { root, scenes: wanted, out } = parseArgs(process.argv.slice(2));
  await mkdir(path.join(out, 'tiles'), { recursive: true });
  const scenes = (await scenesIn(root)).filter((s) => !wanted || wanted.includes(s.name));
  const lines: string[] = [];
  const print = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const results: SceneResult[] = [];
  print(
    '| scene | set | frames (merged) | size | best single | blown window %: shot / look / merged / merged+look |' +
      ' shadow p10: shot / look / merged+look | window recovered % | look on merged: EV / fusion | align error px |' +
      ' shift px | rotation ° |' +
      ' ghosts % | merge s | enhance s | peak RSS MB (base) |',
  );
  print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const scene of scenes) {
    const r = await inChild(scene, out);
    results.push(r);
    print(
      `| ${r.name} | ${r.set} | ${r.frames} (${r.merge.frames}) | ${r.size} | ${r.best ? r.best.frame + 1 : '–'} |` +
        ` ${fixed(r.best?.asShot.clippedWindowPct)} / ${fixed(r.best?.look.clippedWindowPct)} / ${fixed(r.merged?.clippedWindowPct)} / **${fixed(r.delivered.clippedWindowPct)}** |` +
        ` ${fixed(r.best?.asShot.shadowP10, 3)} / ${fixed(r.best?.look.shadowP10, 3)} / **${fixed(r.delivered.shadowP10, 3)}** |` +
        ` ${fixed(r.windowRecoveredPct)} | ${fixed(r.lookOnMerged.ev, 2)} / ${fixed(r.lookOnMerged.fusion, 2)} | ${fixed(r.merge.meanErrorPx, 2)} | ${fixed(r.merge.maxShiftPx)} | ${fixed(r.merge.rotationDeg, 2)} |` +
        ` ${fixed(r.merge.ghostSharePct)} | ${fixed(r.mergeMs / 1000, 2)} | ${fixed(r.enhanceMs / 1000, 2)} |` +
        ` ${fixed(r.peakRssMb, 0)} (${fixed(r.baseRssMb, 0)}) |`,
    );
  }
  print(
    '\n| set | scenes | blown window %, median: look / merged+look | shadow p10, median: look / merged+look | scenes merged+look blows less / more than look | align error px, mean |',
  );
  print('|---|---|---|---|---|---|');
  for (const set of ['tune', 'check', 'phone'] as const) {
    const rows = results.filter((r) => r.set === set && r.best);
    if (!rows.length) continue;
    const look = rows.map((r) => r.best!.look);
    const merged = rows.map((r) => r.delivered);
    const less = rows.filter((r) => r.delivered.clippedWindowPct < r.best!.look.clippedWindowPct - 1).length;
    const more = rows.filter((r) => r.delivered.clippedWindowPct > r.best!.look.clippedWindowPct + 1).length;
    print(
      `| ${set} | ${rows.length} | ${fixed(median(look.map((f) => f.clippedWindowPct)))} / **${fixed(median(merged.map((f) => f.clippedWindowPct)))}** |` +
        ` ${fixed(median(look.map((f) => f.shadowP10)), 3)} / **${fixed(median(merged.map((f) => f.shadowP10)), 3)}** |` +
        ` ${less} / ${more} | ${fixed(mean(rows.map((r) => r.merge.meanErrorPx)), 2)} |`,
    );
  }
  for (const set of ['tune', 'check', 'phone'] as const) {
    const rows = results.filter((r) => r.set === set);
    if (rows.length) await contactSheet(rows, path.join(out, `${set}.jpg`));
  }
  await writeFile(path.join(out, 'results.md'), lines.join('\n') + '\n');
  console.log(
    `\nContact sheets (best single frame as shot | through the listing look | merged through the listing look) and results.md in ${out}`,
  );
};

main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
