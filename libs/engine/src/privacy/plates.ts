import type { RgbImage } from '../rgb-image';
import { mergeBoxes } from './boxes';

/**
 * Licence plates, found classically: no plate detector with its weights is published on the npm registry under terms
 * we can ship (face-api finds faces only), and a plate is a well-defined thing to look for: a row of 4-10 dark
 * characters on a light ground (or light on dark), the row 2-8 times as wide as tall. So: strong vertical edges,
 * closed along rows into blobs, kept when the blob has a row's proportions, its dark and light halves differ by
 * `MIN_CONTRAST` and a middle row crosses from ground to character and back at least `MIN_CROSSINGS` times at
 * irregular spacing (a radiator's fins or a blind's slats cross at a regular one). Searched at the copy's size and
 * at half, for plates up to about a quarter of the photo's width. Measured on composited plates and on rooms (docs/enhancement.md).
 */

/** Side the search runs at: a plate 60 px wide on a 4000 px photo is then about 25 px wide, still legible to it. */
export const PLATE_SEARCH_SIDE = 1600;
/** A vertical edge: a step of this many levels between a pixel's left and right neighbours. */
const EDGE_STEP = 40;
/** Characters join into one blob across gaps up to this wide (search pixels). */
const CLOSE_RADIUS = 4;
const MIN_HEIGHT = 7;
const MAX_HEIGHT = 90;
const MIN_ASPECT = 1.8;
const MAX_ASPECT = 8;
/** Share of the blob's box its edge-closed pixels fill. */
const MIN_FILL = 0.5;
/** Ground-to-character crossings along the middle row: four characters at least. */
const MIN_CROSSINGS = 8;
/** Contrast between characters and ground (levels, between the darker and lighter halves' means). */
const MIN_CONTRAST = 60;
/** Spread of the crossings' spacing (coefficient of variation) below which they are a regular grating, not text. */
const MIN_SPACING_SPREAD = 0.25;
/**
 * Characters stand on one line and share one height: the tops and the bottoms of the strokes in each column vary by
 * at most this share of the row's height (robust standard deviation), and the median stroke spans at least
 * `MIN_STROKE_SPAN` of it. Patterned fabric, cables and ornaments pass the other tests but not this one.
 */
const MAX_LINE_SPREAD = 0.16;
const MIN_STROKE_SPAN = 0.5;

export interface PlateBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const luma = (image: RgbImage): Uint8Array => {
  const out = new Uint8Array(image.width * image.height);
  for (let i = 0, p = 0; i < out.length; i++, p += 3)
    out[i] = (image.data[p] * 77 + image.data[p + 1] * 150 + image.data[p + 2] * 29) >> 8;
  return out;
};

/** Dilates then erodes a mask along rows: joins runs separated by gaps of up to 2 * radius. */
const closeRows = (mask: Uint8Array, width: number, height: number, radius: number): Uint8Array => {
  const pass = (source: Uint8Array, value: number): Uint8Array => {
    const out = new Uint8Array(source.length).fill(value ^ 1);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let last = -Infinity;
      // Forward and backward distances to the nearest pixel equal to `value` along the row.
      const near = new Float64Array(width).fill(Infinity);
      for (let x = 0; x < width; x++) {
        if (source[row + x] === value) last = x;
        near[x] = x - last;
      }
      last = Infinity;
      for (let x = width - 1; x >= 0; x--) {
        if (source[row + x] === value) last = x;
        near[x] = Math.min(near[x], last - x);
        if (near[x] <= radius) out[row + x] = value;
      }
    }
    return out;
  };
  return pass(pass(mask, 1), 0);
};

/**
 * Connected blobs of a mask (4-connected, or 8-connected with `diagonal`), each with its box and pixel count: the
 * edge blobs a plate is searched among, and the pieces of ink a plate's characters are.
 */
const blobs = (
  mask: Uint8Array,
  width: number,
  height: number,
  diagonal: boolean,
): (PlateBox & { count: number })[] => {
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  const found: (PlateBox & { count: number })[] = [];
  const steps = diagonal
    ? [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => [dx, dy])).filter(([dx, dy]) => dx || dy)
    : [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let [minX, minY, maxX, maxY, count] = [width, height, 0, 0, 0];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() as number;
      const x = i % width;
      const y = (i - x) / width;
      count++;
      [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
      for (const [dx, dy] of steps) {
        const [nx, ny] = [x + dx, y + dy];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (mask[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    found.push({ x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1, count });
  }
  return found;
};

/** Whether a candidate box reads as text: enough contrast, enough crossings, irregularly spaced. */
const readsAsText = (gray: Uint8Array, width: number, box: PlateBox): boolean => {
  let low = 255;
  let high = 0;
  let sum = 0;
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) {
      const v = gray[y * width + x];
      sum += v;
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
  const mean = sum / (box.w * box.h);
  let darkSum = 0;
  let darkCount = 0;
  let lightSum = 0;
  let lightCount = 0;
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) {
      const v = gray[y * width + x];
      if (v < mean) {
        darkSum += v;
        darkCount++;
      } else {
        lightSum += v;
        lightCount++;
      }
    }
  if (!darkCount || !lightCount || lightSum / lightCount - darkSum / darkCount < MIN_CONTRAST) return false;
  // The most crossings over three rows near the middle: a row may run through a gap between strokes.
  let best: number[] = [];
  for (const share of [0.4, 0.5, 0.6]) {
    const y = box.y + Math.floor(box.h * share);
    const crossings: number[] = [];
    let dark = gray[y * width + box.x] < mean;
    for (let x = box.x + 1; x < box.x + box.w; x++) {
      const nowDark = gray[y * width + x] < mean;
      if (nowDark !== dark) crossings.push(x);
      dark = nowDark;
    }
    if (crossings.length > best.length) best = crossings;
  }
  if (best.length < MIN_CROSSINGS) return false;
  const gaps = best.slice(1).map((x, i) => x - best[i]);
  const gapMean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const gapSpread = Math.sqrt(gaps.reduce((a, b) => a + (b - gapMean) ** 2, 0) / gaps.length) / gapMean;
  const inkIsDark = darkCount <= lightCount;
  return (
    gapSpread >= MIN_SPACING_SPREAD &&
    standsOnOneLine(gray, width, box, mean, inkIsDark) &&
    isRowOfGlyphs(gray, width, box, mean, inkIsDark)
  );
};

/**
 * Whether the ink is separate characters: connected pieces (8-connected) at least half as tall as the row and no
 * wider than two characters that touch at the search size, at least MIN_GLYPHS of them, holding at least half the
 * ink. An ornament's curls (a bedspread's medallion, made contrasty by the natural look) line up and cross a row as
 * often as text does, but they are one web of ink across the box.
 */
const MIN_GLYPHS = 3;
const GLYPH_MIN_HEIGHT = 0.5;
const GLYPH_MAX_WIDTH = 2.5;
const MIN_GLYPH_INK = 0.5;
const isRowOfGlyphs = (gray: Uint8Array, width: number, box: PlateBox, mean: number, inkIsDark: boolean) => {
  const ink = new Uint8Array(box.w * box.h);
  for (let y = 0; y < box.h; y++)
    for (let x = 0; x < box.w; x++)
      ink[y * box.w + x] = Number(gray[(box.y + y) * width + box.x + x] < mean === inkIsDark);
  const pieces = blobs(ink, box.w, box.h, true);
  const glyphs = pieces.filter((piece) => piece.h >= GLYPH_MIN_HEIGHT * box.h && piece.w <= GLYPH_MAX_WIDTH * box.h);
  const inkOf = (list: { count: number }[]) => list.reduce((sum, piece) => sum + piece.count, 0);
  return glyphs.length >= MIN_GLYPHS && inkOf(glyphs) >= MIN_GLYPH_INK * inkOf(pieces);
};

/**
 * Whether the characters (the minority class: dark strokes on a light plate, or light on dark) line up: per column
 * with ink, its topmost and bottommost ink pixel; text has tops and bottoms at nearly the same rows and strokes
 * spanning most of the row.
 */
const standsOnOneLine = (gray: Uint8Array, width: number, box: PlateBox, mean: number, inkIsDark: boolean) => {
  const columns: number[] = [];
  const tops: number[] = [];
  const bottoms: number[] = [];
  for (let x = box.x; x < box.x + box.w; x++) {
    let top = -1;
    let bottom = -1;
    let count = 0;
    for (let y = box.y; y < box.y + box.h; y++) {
      if (gray[y * width + x] < mean !== inkIsDark) continue;
      if (top < 0) top = y;
      bottom = y;
      count++;
    }
    if (count < 2) continue;
    columns.push(x - box.x);
    tops.push(top - box.y);
    bottoms.push(bottom - box.y);
  }
  if (tops.length < 4) return false;
  // Spread about the line through them (a plate seen a few degrees turned has a sloping line), robust: the median of
  // the pairwise slopes (of at most 64 columns), then the median absolute deviation scaled to a standard deviation,
  // so a hyphen's or a bolt's short columns are a few among many and do not tilt the line.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const step = Math.max(1, Math.floor(columns.length / 64));
  const spread = (values: number[]) => {
    const slopes: number[] = [];
    for (let i = 0; i < columns.length; i += step)
      for (let j = i + step; j < columns.length; j += step)
        slopes.push((values[j] - values[i]) / (columns[j] - columns[i]));
    const slope = median(slopes);
    const residuals = values.map((v, i) => v - slope * columns[i]);
    const m = median(residuals);
    return (1.4826 * median(residuals.map((r) => Math.abs(r - m)))) / box.h;
  };
  const spans = tops.map((top, i) => bottoms[i] - top + 1).sort((a, b) => a - b);
  return (
    spread(tops) <= MAX_LINE_SPREAD &&
    spread(bottoms) <= MAX_LINE_SPREAD &&
    spans[spans.length >> 1] >= MIN_STROKE_SPAN * box.h
  );
};

/** The image at half size (2 x 2 means): a plate too large for the search at full size is legible there. */
const halve = (gray: Uint8Array, width: number, height: number) => {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = 2 * y * width + 2 * x;
      out[y * w + x] = (gray[i] + gray[i + 1] + gray[i + width] + gray[i + width + 1] + 2) >> 2;
    }
  return { gray: out, width: w, height: h };
};

/**
 * Plate-like regions of `image` (its own pixels), looked for at its size and at half; the caller passes a copy at
 * about `PLATE_SEARCH_SIDE`.
 */
export const findPlates = (image: RgbImage): PlateBox[] => {
  const gray = luma(image);
  const half = halve(gray, image.width, image.height);
  const large = findAt(half.gray, half.width, half.height).map((box) => ({
    x: box.x * 2,
    y: box.y * 2,
    w: box.w * 2,
    h: box.h * 2,
  }));
  return mergeBoxes([...findAt(gray, image.width, image.height), ...large]);
};

const findAt = (gray: Uint8Array, width: number, height: number): PlateBox[] => {
  const edges = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 1; x < width - 1; x++)
      if (Math.abs(gray[y * width + x + 1] - gray[y * width + x - 1]) >= EDGE_STEP) edges[y * width + x] = 1;
  const closed = closeRows(edges, width, height, CLOSE_RADIUS);

  const plates: PlateBox[] = [];
  for (const { count, ...box } of blobs(closed, width, height, false)) {
    const aspect = box.w / box.h;
    if (box.h < MIN_HEIGHT || box.h > MAX_HEIGHT || aspect < MIN_ASPECT || aspect > MAX_ASPECT) continue;
    if (count / (box.w * box.h) < MIN_FILL) continue;
    if (readsAsText(gray, width, box)) plates.push(box);
  }
  return plates;
};
