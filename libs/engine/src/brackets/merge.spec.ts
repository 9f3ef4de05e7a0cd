import { type SyntheticFrame, WINDOW, renderBracket } from '../../test/fixtures/brackets';
import { decodeRaw } from '../../test/fixtures/enhancement-images';
import { decodePhoto } from '../decode';
import { enhance } from '../enhance';
import { isEnhancementError } from '../errors';
import type { RgbImage } from '../rgb-image';
import { BracketError, mergeBracket } from './merge';

const WIDTH = 360;
const HEIGHT = 240;
/** Handheld: the dark and bright frames moved and turned against the middle one. */
const MOVES: SyntheticFrame[] = [
  { ev: -3, dx: 3.3, dy: -2.1, rotationDeg: 0.6 },
  { ev: 0 },
  { ev: 2, dx: -4.6, dy: 1.7, rotationDeg: -0.8 },
];
/**
 * A person who walked across the room between the frames: in front of the window in the dark frame, by the picture
 * in the middle one, and further left on the bright one.
 */
const WALKER = [
  { x: 0.7 * WIDTH, y: 0.3 * HEIGHT },
  { x: 0.45 * WIDTH, y: 0.3 * HEIGHT },
  { x: 0.12 * WIDTH, y: 0.45 * HEIGHT },
];
const RADIUS = 18;

const region = (image: RgbImage, test: (x: number, y: number) => boolean) => {
  const pixels: number[][] = [];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if (test(x, y))
        pixels.push(Array.from(image.data.subarray((y * image.width + x) * 3, (y * image.width + x) * 3 + 3)));
  return pixels;
};
const disc = (centre: { x: number; y: number }, radius: number) => (x: number, y: number) =>
  Math.hypot(x - centre.x, y - centre.y) < radius;
/** Mean absolute difference (codes) between two images over a region. */
const difference = (a: RgbImage, b: RgbImage, test: (x: number, y: number) => boolean) => {
  const pa = region(a, test);
  const pb = region(b, test);
  return pa.reduce((sum, p, i) => sum + p.reduce((s, v, c) => s + Math.abs(v - pb[i][c]), 0) / 3, 0) / pa.length;
};
const insideWindow = (x: number, y: number) =>
  x > (WINDOW.left + 0.03) * WIDTH &&
  x < (WINDOW.right - 0.03) * WIDTH &&
  y > (WINDOW.top + 0.03) * HEIGHT &&
  y < (WINDOW.bottom - 0.03) * HEIGHT;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
/** Pixel-to-pixel noise: the spread of each green value against the mean of its four neighbours. */
const grain = (image: RgbImage, test: (x: number, y: number) => boolean) => {
  const g = (x: number, y: number) => image.data[(y * image.width + x) * 3 + 1];
  const residuals: number[] = [];
  for (let y = 1; y < image.height - 1; y++)
    for (let x = 1; x < image.width - 1; x++)
      if (test(x, y)) residuals.push(g(x, y) - (g(x - 1, y) + g(x + 1, y) + g(x, y - 1) + g(x, y + 1)) / 4);
  return Math.sqrt(mean(residuals.map((r) => r * r)));
};
const lumaSpread = (pixels: number[][]) => {
  const luma = pixels.map(([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b);
  const mean = luma.reduce((a, b) => a + b, 0) / luma.length;
  return Math.sqrt(luma.reduce((a, b) => a + (b - mean) ** 2, 0) / luma.length);
};

describe('merging a bracket', () => {
  let still: Buffer[];
  let walked: Buffer[];
  beforeAll(async () => {
    still = await renderBracket(WIDTH, HEIGHT, MOVES);
    walked = await renderBracket(
      WIDTH,
      HEIGHT,
      MOVES.map((move, k) => ({ ...move, object: { ...WALKER[k], radius: RADIUS } })),
    );
  });

  it('recovers the window the middle frame blows from the dark frame, view and all', async () => {
    const reference = (await decodePhoto(still[1])).image;
    const { decoded, merge } = await mergeBracket(still);
    const blown = region(reference, insideWindow);
    const view = region(decoded.image, insideWindow);
    // All but the mullions.
    expect(blown.filter((p) => Math.max(...p) >= 250).length / blown.length).toBeGreaterThan(0.85);
    expect(view.filter((p) => Math.max(...p) < 250).length / view.length).toBeGreaterThan(0.9);
    // The trees against the sky, where the reference is white: detail it does not have.
    const white = blown.map((p) => Math.max(...p) >= 250);
    expect(lumaSpread(blown.filter((_, i) => white[i]))).toBeLessThan(3);
    expect(lumaSpread(view.filter((_, i) => white[i]))).toBeGreaterThan(6);
    const share = (pixels: number[][], test: (p: number[]) => boolean) => pixels.filter(test).length / pixels.length;
    const leaves = ([r, g, b]: number[]) => g > b + 15 && g > r + 5;
    const sky = ([r, , b]: number[]) => b > r + 15;
    expect(share(blown, leaves) + share(blown, sky)).toBeLessThan(0.01);
    expect(share(view, leaves)).toBeGreaterThan(0.15);
    expect(share(view, sky)).toBeGreaterThan(0.15);
    expect(merge.windowRecoveredPct).toBeGreaterThan(80);
    // The dark corner comes from the bright frame, which recorded it with less noise, and a little lighter.
    const corner = (x: number, y: number) => x > 4 && x < 0.2 * WIDTH && y > 0.55 * HEIGHT && y < 0.66 * HEIGHT;
    const level = (image: RgbImage) => mean(region(image, corner).map((p) => p[1]));
    expect(level(decoded.image)).toBeGreaterThan(level(reference) + 2);
    expect(grain(decoded.image, corner)).toBeLessThan(0.7 * grain(reference, corner));
  });

  it('shows a person who moved between frames once, where the middle frame has them', async () => {
    const [clean, ghosted] = await Promise.all([mergeBracket(still), mergeBracket(walked)]);
    const a = clean.decoded.image;
    const b = ghosted.decoded.image;
    // Where the bright frame had the person, the merge shows the wall, as without anyone.
    expect(difference(a, b, disc(WALKER[2], RADIUS + 2))).toBeLessThan(6);
    // In front of the window in the dark frame: the view behind is in no frame, and the middle frame's white stands
    // in for it (crossed by a mullion); the person, dark red, does not show.
    const there = region(b, disc(WALKER[0], RADIUS - 2));
    const luma = there.map(([r, g, bl]) => 0.2126 * r + 0.7152 * g + 0.0722 * bl).sort((x, y) => x - y);
    expect(luma[luma.length >> 1]).toBeGreaterThan(170);
    expect(there.filter(([r, g]) => r - g > 25).length).toBe(0);
    // Where the middle frame has them, they are there.
    expect(difference(a, b, disc(WALKER[1], RADIUS - 3))).toBeGreaterThan(40);
    expect(ghosted.merge.ghostSharePct).toBeGreaterThan(clean.merge.ghostSharePct + 1);
  });

  it('enhances a bracket as one photo and reports the merge', async () => {
    const { image, beforePreview, report } = await enhance(walked, { correctVerticals: false });
    const out = await decodeRaw(image);
    expect([out.width, out.height]).toEqual([WIDTH, HEIGHT]);
    // The "before" is the middle frame as shot: its blown window.
    const before = await decodeRaw(beforePreview);
    expect(region(before, insideWindow).filter((p) => Math.min(...p) >= 250).length).toBeGreaterThan(0);
    expect(report.merge).toEqual({
      frames: 3,
      alignment: {
        meanErrorPx: expect.any(Number),
        maxShiftPx: expect.any(Number),
        rotationDeg: expect.any(Number),
      },
      ghostSharePct: expect.any(Number),
      windowRecoveredPct: expect.any(Number),
    });
    const merge = report.merge!;
    expect(merge.alignment.meanErrorPx).toBeLessThan(0.5);
    // The bright frame's corners moved 6-7 px (4.9 px and 0.8 degrees about the centre).
    expect(merge.alignment.maxShiftPx).toBeGreaterThan(5);
    expect(merge.alignment.maxShiftPx).toBeLessThan(8);
    expect(merge.alignment.rotationDeg).toBeCloseTo(0.8, 1);
    expect(merge.ghostSharePct).toBeGreaterThan(1);
    // The listing look keeps the window the merge recovered.
    expect(merge.windowRecoveredPct).toBeGreaterThan(80);
    expect(report.input.bytes).toBe(walked.reduce((sum, frame) => sum + frame.length, 0));
  });

  it('claims no window recovered when the reference blew none', async () => {
    // Four stops under the still bracket's middle: the window is not clipped in the middle frame.
    const dim = await renderBracket(WIDTH, HEIGHT, [{ ev: -5 }, { ev: -4 }, { ev: -3 }]);
    const { report } = await enhance(dim, { correctVerticals: false });
    expect(report.merge!.frames).toBe(3);
    expect(report.merge!.windowRecoveredPct).toBe(0);
  });

  it('refuses at enhance time what the upload would have refused, with the problem and the frame', async () => {
    const error = await enhance([still[1], still[1]]).catch((e: unknown) => e);
    expect(isEnhancementError(error)).toBe(true);
    expect(error).toBeInstanceOf(BracketError);
    expect(error).toMatchObject({
      code: 'BRACKET_REFUSED',
      problem: 'same-exposure',
      frameIndex: 1,
      message: 'Frames 1 and 2 have the same exposure: a bracket needs each frame taken at a different exposure.',
    });
    await expect(enhance([still[0]])).rejects.toMatchObject({ problem: 'too-few-frames' });
  });
});
