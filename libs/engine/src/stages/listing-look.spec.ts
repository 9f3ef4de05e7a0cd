import { readFileSync } from 'node:fs';
import { decodeRaw, noise, png, rawRgb } from '../../test/fixtures/enhancement-images';
import { ULTRA_HDR_PHOTO } from '../../test/fixtures/ultra-hdr';
import { boxFilter } from '../box-filter';
import { SRGB_TO_LINEAR, linearRgbToLab, srgbToLinear } from '../color';
import { type DecodedPhoto, decodePhoto } from '../decode';
import { enhance } from '../enhance';
import { lookFigures, renderListing, renderListingJs } from '../listing-render';
import { ANALYSIS_LONG_SIDE } from '../measure';
import { psnr } from '../bench/metrics';
import { downscale } from '../rgb-image';
import type { Corrections, EnhanceContext } from '../stage';
import { listingLookStage, planListingLook } from './listing-look';

/** The listing look through the whole engine, as a host's photo goes: no model, no straightening. */
const render = async (image: { width: number; height: number; data: Buffer }) => {
  const { image: out, report } = await enhance(await png(image), { correctVerticals: false });
  return { out: await decodeRaw(out), report };
};
const figures = (image: { width: number; height: number; data: Uint8Array | Buffer }) =>
  lookFigures({ width: image.width, height: image.height, data: new Uint8Array(image.data) });
const lab = (rgb: number[]) => linearRgbToLab(...(rgb.map((v) => srgbToLinear(v / 255)) as [number, number, number]));
const pixel = (image: { width: number; data: Uint8Array }, x: number, y: number) =>
  Array.from(image.data.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3));
const crushed = (image: { data: Uint8Array | Buffer }) => {
  let count = 0;
  for (let i = 0; i < image.data.length; i += 3)
    if (0.2126 * image.data[i] + 0.7152 * image.data[i + 1] + 0.0722 * image.data[i + 2] <= 0.03 * 255) count++;
  return count / (image.data.length / 3);
};

describe('the listing look', () => {
  const random = noise(5);

  // A dim room under tungsten light: walls and ceiling (grey surfaces, tinted orange by the light) in a gradient
  // from a lamp, a dark sofa, a blown window and deep shadow under a table.
  const dimRoom = rawRgb(240, 160, (x, y) => {
    const grain = random() * 4;
    if (x > 170 && y > 20 && y < 80) return [255, 255, 255];
    if (y > 120 && x < 80) return [8 + grain, 7 + grain, 5 + grain];
    if (y > 100 && x > 90 && x < 160) return [40 + grain, 30 + grain, 26 + grain];
    const light = 70 + (60 * (240 - x)) / 240;
    return [light * 1.25 + grain, light + grain, light * 0.72 + grain];
  });

  it("brings a dim tungsten room to a finished photo's brightness, opens its shadows and whitens its walls", async () => {
    const before = figures(dimRoom);
    const { out, report } = await render(dimRoom);
    const after = figures(out);
    expect(before.medianLuma).toBeLessThan(0.4);
    expect(after.medianLuma).toBeGreaterThanOrEqual(0.55);
    expect(after.medianLuma).toBeLessThanOrEqual(0.72);
    expect(after.p10Luma).toBeGreaterThan(before.p10Luma + 0.05);
    expect(Math.hypot(after.castA, after.castB)).toBeLessThan(Math.hypot(before.castA, before.castB) / 2);
    // No crushed blacks added, no veil: the deepest shadow is lifted, not pushed to black.
    expect(crushed(out)).toBeLessThanOrEqual(crushed(dimRoom) + 0.005);
    expect(report.pipeline).toBe('listing');
    expect(report.corrections.exposure.ev).toBeGreaterThan(0.5);
    expect(report.corrections.whiteBalance.applied).toBe(true);
    expect(report.corrections.look).toMatchObject({ mood: false });
  });

  it('keeps a blown window near white, untinted, while it neutralises the warm room around it', async () => {
    const { out, report } = await render(dimRoom);
    const window = pixel(out, 200, 50);
    expect(Math.min(...window)).toBeGreaterThanOrEqual(240);
    expect(Math.max(...window) - Math.min(...window)).toBeLessThanOrEqual(3);
    expect(report.corrections.whiteBalance.gainRed).toBeLessThan(1);
    expect(report.corrections.whiteBalance.gainBlue).toBeGreaterThan(1);
    // No dark ring: the window's edge is as bright as its middle.
    expect(Math.min(...pixel(out, 173, 50))).toBeGreaterThanOrEqual(Math.min(...window) - 25);
  });

  it('brings a grey card under warm light close to neutral, keeping only a trace of the light', async () => {
    const card = rawRgb(96, 64, () => {
      const grain = random() * 6;
      return [160 + grain, 150 + grain, 124 + grain];
    });
    const before = figures(card);
    const { out } = await render(card);
    const after = figures(out);
    expect(Math.hypot(before.castA, before.castB)).toBeGreaterThan(8);
    expect(Math.hypot(after.castA, after.castB)).toBeLessThan(3);
  });

  it('leaves a finished photo nearly alone', async () => {
    // Bright, neutral, open shadows: what a professional's edit looks like.
    const finished = rawRgb(240, 160, (x, y) => {
      const grain = random() * 3;
      const v = 120 + ((x * 2 + y) % 120) + grain;
      return [v, v * 0.99, v * 0.97];
    });
    const before = figures(finished);
    const { out, report } = await render(finished);
    const after = figures(out);
    expect(before.medianLuma).toBeGreaterThan(0.6);
    expect(Math.abs(after.medianLuma - before.medianLuma)).toBeLessThanOrEqual(0.05);
    expect(Math.hypot(after.castA, after.castB)).toBeLessThanOrEqual(Math.hypot(before.castA, before.castB) + 0.5);
    expect(psnr({ ...finished, data: new Uint8Array(finished.data) }, out)).toBeGreaterThanOrEqual(28);
    expect(Math.abs(report.corrections.exposure.ev)).toBeLessThan(0.3);
  });

  it('keeps a night scene a night scene: opened, not turned into day', () => {
    // Dark surroundings with a few lit windows and a street lamp.
    const night = rawRgb(240, 160, (x, y) => {
      const grain = random() * 3;
      if ((x > 40 && x < 60 && y > 40 && y < 70) || (x > 180 && x < 190 && y > 10 && y < 20)) return [250, 230, 180];
      return [14 + grain, 12 + grain, 18 + grain];
    });
    const plan = planListingLook({ ...night, data: new Uint8Array(night.data) });
    expect(plan.mood).toBe(true);
    expect(plan.after.medianLuma).toBeGreaterThan(plan.before.medianLuma);
    expect(plan.after.medianLuma).toBeLessThan(0.35);
  });

  it("never makes colour louder than a finished photo, and keeps a colourful surface's hue", async () => {
    // A dim room with a saturated teal sofa and a red rug on a grey floor.
    const room = rawRgb(240, 160, (x, y) => {
      const grain = random() * 3;
      if (y > 60 && y < 110 && x > 30 && x < 130) return [20 + grain, 90 + grain, 95 + grain];
      if (y > 120 && x > 140) return [120 + grain, 25 + grain, 30 + grain];
      return [70 + grain, 68 + grain, 66 + grain];
    });
    const before = figures(room);
    const { out } = await render(room);
    const after = figures(out);
    expect(after.colourfulness).toBeLessThanOrEqual(Math.max(before.colourfulness, 38) * 1.01);
    expect(after.colourfulness).toBeLessThanOrEqual(before.colourfulness * 1.25);
    const hue = (rgb: number[]) => {
      const c = lab(rgb);
      return (Math.atan2(c.b, c.a) * 180) / Math.PI;
    };
    for (const [x, y] of [
      [80, 85],
      [190, 140],
    ]) {
      const change = Math.abs(
        hue(pixel(out, x, y)) - hue(pixel({ width: 240, data: new Uint8Array(room.data) }, x, y)),
      );
      expect(Math.min(change, 360 - change)).toBeLessThan(10);
    }
  });

  it('darkens an overexposed photo a little and keeps its pale sky pale and its white door white', async () => {
    // A pale blue sky over a light grey wall with a white door: far brighter than a finished photo.
    const overexposed = rawRgb(160, 120, (x, y) => {
      const grain = random() * 4 + (x % 16) / 4;
      if (y < 60) return [200 + grain, 226 + grain, 250 + grain * 0.4];
      if (x > 120 && y > 80) return [255, 255, 255];
      return [214 + grain, 214 + grain, 214 + grain];
    });
    const { out, report } = await render(overexposed);
    expect(report.corrections.exposure.ev).toBeLessThan(0);
    const sky = (image: { width: number; data: Uint8Array }) => {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = 10; y < 50; y++)
        for (let x = 10; x < 150; x++, n++) for (let c = 0; c < 3; c++) sum[c] += image.data[(y * 160 + x) * 3 + c];
      return lab(sum.map((v) => v / n));
    };
    const skyBefore = sky({ width: 160, data: new Uint8Array(overexposed.data) });
    const skyAfter = sky(out);
    // Still a pale blue sky: its hue and most of its colour stay (no teal, no grey).
    const hue = (c: { a: number; b: number }) => (Math.atan2(c.b, c.a) * 180) / Math.PI;
    expect(Math.abs(hue(skyAfter) - hue(skyBefore))).toBeLessThan(20);
    expect(Math.hypot(skyAfter.a, skyAfter.b)).toBeGreaterThan(Math.hypot(skyBefore.a, skyBefore.b) * 0.6);
    const door = pixel(out, 140, 110);
    expect(Math.min(...door)).toBeGreaterThanOrEqual(236);
    expect(Math.max(...door) - Math.min(...door)).toBeLessThanOrEqual(3);
  });

  it('renders a "bright & airy" adjustment brighter still without blowing the lamp shade and window it held', async () => {
    // A dim room with a lit lamp shade (bright but recorded, codes 225-240) and a window with a pale view.
    const room = rawRgb(240, 160, (x, y) => {
      const grain = random() * 3;
      if (x > 30 && x < 60 && y > 30 && y < 60) return [240 - grain, 232 - grain, 215 - grain];
      if (x > 160 && y > 20 && y < 90) return [200 + grain, 215 + grain, 230 + grain];
      return [60 + grain, 56 + grain, 50 + grain];
    });
    const input = await png(room);
    const delivered = await enhance(input, { correctVerticals: false });
    const airy = await enhance(input, {
      correctVerticals: false,
      adjustments: { style: 'bright-airy', brightness: 1, warmth: 0 },
    });
    const [plain, brighter] = [figures(await decodeRaw(delivered.image)), figures(await decodeRaw(airy.image))];
    expect(brighter.medianLuma).toBeGreaterThan(plain.medianLuma + 0.03);
    expect(brighter.clipped).toBeLessThanOrEqual(plain.clipped + 0.005);
    const shade = pixel(await decodeRaw(airy.image), 45, 45);
    expect(Math.max(...shade)).toBeLessThan(252);
    expect(airy.report.corrections.adjustments).toMatchObject({ applied: true, style: 'bright-airy' });
  });
});

/** The listing look stage on a decoded photo, as the engine runs it: planned on the analysis copy, rendered full size. */
const lookOf = async (decoded: DecodedPhoto) => {
  const small = await downscale(decoded.image, ANALYSIS_LONG_SIDE);
  const ctx = {
    decoded,
    small,
    image: { ...decoded.image, data: decoded.image.data.slice() },
    options: {},
    learned: null,
  } as unknown as EnhanceContext;
  const plan = await listingLookStage.plan(ctx);
  await listingLookStage.apply(ctx, plan);
  return { image: ctx.image, report: listingLookStage.report(plan, ctx) as Partial<Corrections> };
};

type Rect = [left: number, top: number, right: number, bottom: number];
/** Rectangles of the fixture, as shares of its width and height: open sky, and the parked cars and tarmac below. */
const SKY: Rect = [0.2, 0, 0.9, 0.4];
const GROUND: Rect = [0, 0.8, 1, 1];

/** What a viewer sees of a region: brightness, clipping, local contrast in stops, and colour. */
const regionFigures = (
  image: { width: number; height: number; data: Uint8Array },
  [left, top, right, bottom]: Rect,
) => {
  // Math's functions held locally: jest's sandbox makes each global lookup slow.
  const { log2, sqrt, hypot, max, floor, round } = Math;
  const x0 = floor(left * image.width);
  const y0 = floor(top * image.height);
  const width = floor(right * image.width) - x0;
  const height = floor(bottom * image.height) - y0;
  const n = width * height;
  const stops = new Float32Array(n);
  const squares = new Float32Array(n);
  let luma = 0;
  let clipped = 0;
  let chroma = 0;
  for (let y = 0, p = 0; y < height; y++)
    for (let x = 0; x < width; x++, p++) {
      const i = ((y0 + y) * image.width + x0 + x) * 3;
      const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
      const linear = [SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b]] as const;
      stops[p] = log2(0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2] + 1 / 1024);
      squares[p] = stops[p] * stops[p];
      luma += (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      if (max(r, g, b) >= 250) clipped++;
      const c = linearRgbToLab(...linear);
      chroma += hypot(c.a, c.b);
    }
  const radius = round(image.width / 128);
  const mean = boxFilter(stops, width, height, radius);
  const meanSquare = boxFilter(squares, width, height, radius);
  let contrast = 0;
  for (let p = 0; p < n; p++) contrast += sqrt(max(0, meanSquare[p] - mean[p] * mean[p]));
  return { luma: luma / n, clipped: clipped / n, contrast: contrast / n, chroma: chroma / n };
};

describe("the listing look with a phone's Ultra HDR gain map", () => {
  let withMap: Awaited<ReturnType<typeof lookOf>>;
  let withoutMap: Awaited<ReturnType<typeof lookOf>>;
  beforeAll(async () => {
    const decoded = await decodePhoto(readFileSync(ULTRA_HDR_PHOTO));
    // At 512 px, so the plan runs on the photo itself rather than a 768 px analysis copy (the test sandbox makes its
    // loops slow); the gain map stays the phone's, at its own size.
    const photo = { ...decoded, image: await downscale(decoded.image, 512) };
    const { gainMap, ...stripped } = photo;
    expect(gainMap).toBeDefined();
    withMap = await lookOf(photo);
    withoutMap = await lookOf(stripped);
  });

  it('brings the sky down toward what the phone recorded: darker, more cloud detail, no more clipping', () => {
    const sky = regionFigures(withMap.image, SKY);
    const plain = regionFigures(withoutMap.image, SKY);
    expect(sky.luma).toBeLessThan(plain.luma - 0.04);
    expect(sky.contrast).toBeGreaterThan(plain.contrast * 1.06);
    expect(sky.clipped).toBeLessThanOrEqual(plain.clipped);
    // Still a blue sky with white clouds: not greyed.
    expect(sky.chroma).toBeGreaterThan(plain.chroma * 0.85);
    expect(withMap.report.look?.headroom).toBeCloseTo(6.31, 1);
    expect(withoutMap.report.look?.headroom).toBeUndefined();
  });

  it("leaves the rest of the photo as it was, its exposure and white balance the photo's own", () => {
    const ground = regionFigures(withMap.image, GROUND);
    const plain = regionFigures(withoutMap.image, GROUND);
    expect(Math.abs(ground.luma - plain.luma)).toBeLessThan(0.01);
    expect(withMap.report.exposure).toEqual(withoutMap.report.exposure);
    expect(withMap.report.whiteBalance).toEqual(withoutMap.report.whiteBalance);
  });

  // A dim warm room with a blown window and a deep shadow.
  const pinnedRoom = () => {
    const random = noise(21);
    const room = rawRgb(203, 131, (x, y) => {
      const grain = random() * 6;
      if (x > 140 && y > 15 && y < 70) return [255, 255, 255];
      if (y > 100 && x < 70) return [10 + grain, 8 + grain, 6 + grain];
      const light = 60 + (80 * (203 - x)) / 203 + (y % 17);
      return [light * 1.2 + grain, light + grain, light * 0.8 + grain];
    });
    return { width: room.width, height: room.height, data: new Uint8Array(room.data) };
  };

  it('renders exactly as without a map when the map records no headroom anywhere', () => {
    const work = pinnedRoom();
    const channel = { gainMapMin: 0, gainMapMax: 2.6, gamma: 1, offsetSdr: 0, offsetHdr: 0 };
    const flat: DecodedPhoto = {
      image: work,
      format: 'jpeg',
      orientation: 1,
      hadIccProfile: false,
      inputBytes: 0,
      gainMap: {
        width: 51,
        height: 33,
        channels: 1,
        data: new Uint8Array(51 * 33),
        channelParams: [channel, channel, channel],
        hdrCapacityMin: 0,
        hdrCapacityMax: 2.6,
      },
    };
    const { headroom, ...plan } = planListingLook(work, null, flat);
    expect(headroom).toBe(1);
    const plain = planListingLook(work);
    expect(Buffer.compare(renderListing(work, plan).data, renderListing(work, plain).data)).toBe(0);
    expect(Buffer.compare(renderListingJs(work, plan).data, renderListingJs(work, plain).data)).toBe(0);
  });
});
