import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp, { type OverlayOptions } from 'sharp';
import { decodePhoto } from '../decode';
import { blurRegions, type PrivacyBox } from '../privacy/blur';
import { mergeBoxes } from '../privacy/boxes';
import { FACE_MIN_SCORE, FACE_SEARCH_SIDE, FaceDetector } from '../privacy/face-detector';
import { findPlates, PLATE_SEARCH_SIDE } from '../privacy/plates';
import { downscale, rawInput, type RgbImage } from '../rgb-image';
import { defaultPhotosDir, repoRoot, usageExit } from './bench-support';

/**
 * Privacy-blur benchmark. No labelled set of rooms with people is available to us, so faces are composited: the
 * faces in face-api's own demo photos (its npm package; used here only, never committed or shown) are cut out and
 * pasted into rooms without people at several sizes, turned, framed as a print on the wall, mirrored and dimmed as a
 * reflection, and darkened. Recall is counted per condition (a face counts as found when a detection's centre lies in
 * it); every other detection, and every detection in the untouched rooms, is a false positive. Plates likewise:
 * drawn plates pasted into outdoor photos at several widths, and the rooms for false positives. Prints the tables
 * docs/enhancement.md quotes and writes a few blurred examples to bench-output/privacy/.
 */

const usage =
  'usage: npm run bench:privacy -- [--photos <dir with listing-dev/, rooms/, gainmap/, exposure/>] [--rooms <n>] ' +
  '[--search-side <px>] [--no-plates] [--no-faces]';
const exit = usageExit(usage);

const PHOTO = /\.(jpe?g|png)$/i;
/** Rooms are used at this long side: a phone or camera photo as delivered. */
const ROOM_SIDE = 3000;
/** Scores the tables are given at: the product's threshold and its neighbours. */
const SCORES = [0.2, FACE_MIN_SCORE, 0.5, 0.7];

interface Pasted {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Condition {
  name: string;
  /** Face width in the 3000 px room. */
  width: number;
  /** Prepares the cut-out face (PNG buffer, about 1.5 x the face's box) at the given face width. */
  render: (face: Buffer, width: number) => Promise<{ image: Buffer; face: Pasted }>;
}

const photosIn = async (dir: string) =>
  existsSync(dir)
    ? (await readdir(dir))
        .filter((f) => PHOTO.test(f))
        .sort()
        .map((f) => path.join(dir, f))
    : [];

/** A photo at `ROOM_SIDE` (the small NYU rooms stay as they are). */
const loadRoom = async (file: string): Promise<RgbImage> => downscale((await decodePhoto(file)).image, ROOM_SIDE);

/** The face cut-outs: every face in the demo photos the detector is sure of, with half its size around it. */
const cutFaces = async (detector: FaceDetector): Promise<Buffer[]> => {
  const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  const faces: Buffer[] = [];
  for (const file of (await readdir(demo)).filter((f) => /^sample\d\.jpg$/.test(f)).sort()) {
    const photo = (await decodePhoto(path.join(demo, file))).image;
    for (const box of mergeBoxes(await detector.detect(photo, 0.8))) {
      const side = Math.round(Math.max(box.w, box.h) * 1.5);
      const left = Math.round(Math.max(0, Math.min(photo.width - side, box.x + box.w / 2 - side / 2)));
      const top = Math.round(Math.max(0, Math.min(photo.height - side, box.y + box.h / 2 - side / 2)));
      faces.push(await rawInput(photo).extract({ left, top, width: side, height: side }).png().toBuffer());
    }
  }
  return faces;
};

/** The face's own box inside a cut-out scaled so the face is `width` wide (the cut-out is 1.5 x the face). */
const centred = (outer: number, width: number): Pasted => ({
  x: (outer - width) / 2,
  y: (outer - width) / 2,
  w: width,
  h: width,
});

const plain = async (face: Buffer, width: number) => {
  const outer = Math.round(width * 1.5);
  return { image: await sharp(face).resize(outer, outer).png().toBuffer(), face: centred(outer, width) };
};

const CONDITIONS: Condition[] = [
  ...[24, 32, 48, 64, 96, 160, 320].map((width) => ({ name: `person, face ${width} px`, width, render: plain })),
  {
    name: 'darkened x0.4 (proxy for darker skin), 64 px',
    width: 64,
    render: async (face, width) => {
      const { image, face: box } = await plain(face, width);
      return { image: await sharp(image).gamma(2.2, 2.2).linear(0.4, 0).png().toBuffer(), face: box };
    },
  },
  {
    name: 'turned 25°, 64 px',
    width: 64,
    render: async (face, width) => {
      const outer = Math.round(width * 1.5);
      const turned = await sharp(face).resize(outer, outer).rotate(25, { background: '#808080' }).png().toBuffer();
      const side = (await sharp(turned).metadata()).width as number;
      return { image: turned, face: centred(side, width) };
    },
  },
  {
    name: 'reflection (mirrored, dimmed, hazy), 64 px',
    width: 64,
    render: async (face, width) => {
      const { image, face: box } = await plain(face, width);
      return { image: await sharp(image).flop().linear(0.6, 60).blur(0.8).png().toBuffer(), face: box };
    },
  },
  ...[28, 40, 64].map((width) => ({
    name: `print framed on a wall, face ${width} px`,
    width,
    render: async (face: Buffer, w: number) => {
      // The print: the face with some of the photo around it, a white mat and a dark frame.
      const outer = Math.round(w * 1.5);
      const mat = Math.max(3, Math.round(w * 0.25));
      const frame = Math.max(2, Math.round(w * 0.12));
      const print = await sharp(face).resize(outer, outer).modulate({ saturation: 0.85 }).png().toBuffer();
      const matted = await sharp(print)
        .extend({ top: mat, bottom: mat, left: mat, right: mat, background: '#f4f2ee' })
        .extend({ top: frame, bottom: frame, left: frame, right: frame, background: '#2b2018' })
        .png()
        .toBuffer();
      const inner = centred(outer, w);
      return { image: matted, face: { ...inner, x: inner.x + mat + frame, y: inner.y + mat + frame } };
    },
  })),
];

/** Pastes cut-outs into a room on a grid of cells, one per cell, at a random-free but varied spot. */
const paste = async (room: RgbImage, items: { image: Buffer; face: Pasted }[]) => {
  const cols = Math.ceil(Math.sqrt(items.length * 1.5));
  const rows = Math.ceil(items.length / cols);
  const cellW = Math.floor(room.width / cols);
  const cellH = Math.floor(room.height / rows);
  const placed: Pasted[] = [];
  const overlays: OverlayOptions[] = [];
  for (const [i, item] of items.entries()) {
    const meta = await sharp(item.image).metadata();
    const w = Math.min(meta.width as number, cellW);
    const h = Math.min(meta.height as number, cellH);
    const left = (i % cols) * cellW + Math.floor(((cellW - w) * ((i * 37) % 100)) / 100);
    const top = Math.floor(i / cols) * cellH + Math.floor(((cellH - h) * ((i * 59) % 100)) / 100);
    overlays.push({
      input: await sharp(item.image).extract({ left: 0, top: 0, width: w, height: h }).toBuffer(),
      left,
      top,
    });
    placed.push({ x: left + item.face.x, y: top + item.face.y, w: item.face.w, h: item.face.h });
  }
  const { data, info } = await rawInput(room)
    .composite(overlays)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    image: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
    faces: placed,
  };
};

const hits = (box: { x: number; y: number; w: number; h: number }, target: Pasted) => {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return cx >= target.x && cx <= target.x + target.w && cy >= target.y && cy <= target.y + target.h;
};

const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)}%` : '-');

/** A drawn plate (dark characters on a light ground, or light on dark) `width` px wide, as PNG. */
const drawnPlate = (width: number, text: string, dark: boolean) => {
  const height = Math.round(width / 4.7);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="${height * 0.1}" fill="${dark ? '#1a1a1a' : '#f0f0ea'}"/>
    <text x="${width / 2}" y="${height * 0.78}" font-family="DejaVu Sans" font-weight="bold" font-size="${height * 0.72}"
      text-anchor="middle" fill="${dark ? '#f0f0f0' : '#141414'}">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

const main = async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help')) exit();
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    if (!args[i + 1]) exit(`${name} needs a value`);
    return args[i + 1];
  };
  for (const arg of args)
    if (arg.startsWith('--') && !['--photos', '--rooms', '--search-side', '--no-plates', '--no-faces'].includes(arg))
      exit(`unknown ${arg}`);
  const photos = path.resolve(flag('--photos') ?? defaultPhotosDir());
  const roomCount = Number(flag('--rooms') ?? 3);
  if (!Number.isInteger(roomCount) || roomCount < 1) exit('--rooms takes a whole number from 1');
  const searchSide = Number(flag('--search-side') ?? FACE_SEARCH_SIDE);
  if (!Number.isInteger(searchSide) || searchSide < 512 || searchSide > 8192)
    exit('--search-side takes a whole number of pixels from 512 to 8192');
  const listing = await photosIn(path.join(photos, 'listing-dev'));
  const nyu = await photosIn(path.join(photos, 'rooms'));
  if (!listing.length) exit(`no listing-dev/ photos in ${photos}`);
  const out = path.join(repoRoot(), 'bench-output', 'privacy');
  await mkdir(out, { recursive: true });

  const withFaces = !args.includes('--no-faces');
  const detector = new FaceDetector();
  try {
    const faces = withFaces ? await cutFaces(detector) : [];
    console.log(
      `${faces.length} faces cut from face-api's demo photos; rooms at ${ROOM_SIDE} px long side; faces searched at ${searchSide} px`,
    );

    // Faces: recall per condition at each score, and false positives among the composites.
    const lowest = Math.min(...SCORES);
    console.log(`\n| condition | faces | ${SCORES.map((s) => `found at ${s}`).join(' | ')} | s per photo |`);
    console.log(`|---|---|${SCORES.map(() => '---').join('|')}|---|`);
    const compositeFalse = SCORES.map(() => 0);
    let compositePhotos = 0;
    for (const condition of withFaces ? CONDITIONS : []) {
      const found = SCORES.map(() => 0);
      let total = 0;
      let seconds = 0;
      const perRoom = Math.ceil(faces.length / roomCount);
      for (let r = 0; r < roomCount; r++) {
        const group = faces.slice(r * perRoom, (r + 1) * perRoom);
        if (!group.length) continue;
        const room = await loadRoom(listing[(r + CONDITIONS.indexOf(condition)) % listing.length]);
        const items = await Promise.all(group.map((face) => condition.render(face, condition.width)));
        const scene = await paste(room, items);
        const started = performance.now();
        const detections = await detector.detect(scene.image, lowest, searchSide);
        seconds += (performance.now() - started) / 1000;
        compositePhotos++;
        total += scene.faces.length;
        for (const [s, score] of SCORES.entries()) {
          const kept = mergeBoxes(detections.filter((d) => d.score >= score));
          found[s] += scene.faces.filter((face) => kept.some((d) => hits(d, face))).length;
          compositeFalse[s] += kept.filter((d) => !scene.faces.some((face) => hits(d, face))).length;
        }
        if (r === 0 && [24, 64].includes(condition.width)) {
          const kept = mergeBoxes(detections.filter((d) => d.score >= FACE_MIN_SCORE));
          const boxes: PrivacyBox[] = kept.map((d) => ({
            x: Math.round(d.x - d.w * 0.3),
            y: Math.round(d.y - d.h * 0.3),
            w: Math.round(d.w * 1.6),
            h: Math.round(d.h * 1.6),
            kind: 'face',
          }));
          blurRegions(scene.image, boxes);
          const name = condition.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
          await rawInput(scene.image)
            .jpeg({ quality: 85 })
            .toFile(path.join(out, `${name}.jpg`));
        }
      }
      console.log(
        `| ${condition.name} | ${total} | ${found.map((n) => pct(n, total)).join(' | ')} | ${(seconds / roomCount).toFixed(1)} |`,
      );
    }
    console.log(
      `\nOther detections among the ${compositePhotos} composites (false positives): ${SCORES.map((s, i) => `${compositeFalse[i]} at ${s}`).join(', ')}`,
    );

    // Rooms without people: every detection is a false positive.
    const empty = [...listing, ...nyu];
    const falseFaces = SCORES.map(() => 0);
    const photosWith = SCORES.map(() => 0);
    let falsePlates = 0;
    let roomSeconds = 0;
    for (const file of empty) {
      const room = await loadRoom(file);
      const started = performance.now();
      const detections = withFaces ? await detector.detect(room, lowest, searchSide) : [];
      roomSeconds += (performance.now() - started) / 1000;
      for (const [s, score] of SCORES.entries()) {
        const n = mergeBoxes(detections.filter((d) => d.score >= score)).length;
        falseFaces[s] += n;
        if (n) photosWith[s]++;
      }
      if (!args.includes('--no-plates')) falsePlates += findPlates(await downscale(room, PLATE_SEARCH_SIDE)).length;
    }
    console.log(
      `\nRooms without people (${listing.length} listing rooms, ${nyu.length} NYU rooms): face detections ${SCORES.map((s, i) => `${falseFaces[i]} in ${photosWith[i]} photos at ${s}`).join(', ')}${args.includes('--no-plates') ? '' : `; plate detections ${falsePlates}`}; face search ${(roomSeconds / empty.length).toFixed(1)} s a photo`,
    );

    // Plates: drawn plates on outdoor photos.
    if (args.includes('--no-plates')) return;
    const outdoor = [
      ...(await photosIn(path.join(photos, 'gainmap'))),
      ...(await photosIn(path.join(photos, 'exposure'))),
    ];
    const texts = ['AB12 CDE', 'KX 4721 B', 'M-LP 904', '7ABC123', 'HH 2046', 'B 7731 XY'];
    console.log('\n| plate width (3000 px photo) | plates | found |\n|---|---|---|');
    let outdoorFalse = 0;
    for (const width of [40, 60, 90, 140, 220]) {
      let found = 0;
      let total = 0;
      for (const [i, file] of outdoor.entries()) {
        const photo = await loadRoom(file);
        const dark = i % 3 === 2;
        const plate = await drawnPlate(width, texts[i % texts.length], dark);
        const turned = i % 2 ? await sharp(plate).rotate(4, { background: '#00000000' }).png().toBuffer() : plate;
        const meta = await sharp(turned).metadata();
        const left = Math.round(photo.width * 0.3 + ((i * 97) % Math.round(photo.width * 0.4)));
        const top = Math.round(photo.height * 0.6 + ((i * 53) % Math.round(photo.height * 0.25)));
        const { data, info } = await rawInput(photo)
          .composite([{ input: turned, left, top }])
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const scene = { width: info.width, height: info.height, data: new Uint8Array(data) };
        const small = await downscale(scene, PLATE_SEARCH_SIDE);
        const scale = scene.width / small.width;
        const boxes = findPlates(small).map((b) => ({
          x: b.x * scale,
          y: b.y * scale,
          w: b.w * scale,
          h: b.h * scale,
        }));
        const target = { x: left, y: top, w: meta.width as number, h: meta.height as number };
        total++;
        if (boxes.some((b) => hits(b, target))) found++;
        outdoorFalse += boxes.filter((b) => !hits(b, target)).length;
      }
      console.log(`| ${width} px | ${total} | ${pct(found, total)} |`);
    }
    console.log(`Other plate detections in those outdoor photos (false positives): ${outdoorFalse}`);
    console.log(`\nBlurred examples in ${path.relative(process.cwd(), out)}/`);
  } finally {
    await detector.close();
  }
};

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
