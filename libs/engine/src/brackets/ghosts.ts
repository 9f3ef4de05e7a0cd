import { ramp } from '../color';
import { matchCodes } from './align';

/**
 * Module-level aliases: the loops here run per pixel, and a global lookup of `Math` or `Number` per call is many
 * times slower inside Jest's module sandbox, where the specs run them.
 */
const { floor, max, min, round } = Math;
const { isNaN } = Number;

/**
 * Ghosts: what moved between frames (a person, a curtain, a car outside) must show once, as the reference shows it.
 *
 * Each frame is compared with the scene as the frames nearer the reference already show it, outwards from the
 * reference: a frame's code is carried onto the nearer frame's codes by matching their histograms over the pixels
 * both cover (exposure keeps the order of brightness, whatever the camera's tone curve), and where the two disagree
 * beyond noise and a pixel of misalignment, the frame does not count. Clipping and black are bounds, not values: a
 * reference white over a window agrees with any frame that puts the window at or above its own white, and disagrees
 * with one that shows something dark there (the person who has since walked in front of it).
 */

/** A frame warped onto the reference's pixels at the working size: luma and largest channel (0..1), NaN outside. */
export interface WorkFrame {
  luma: Float32Array;
  top: Float32Array;
}

/** Largest channel from which a pixel is clipped, and luma below which it is black (no level, only a bound). */
export const CLIPPED_TOP = 0.97;
export const BLACK_LUMA = 0.02;
/** Disagreement (matched luma, 0..1) where a frame starts to be dropped, and where it is dropped altogether. */
const GHOST_FROM = 0.08;
const GHOST_TO = 0.16;
/** Radius (share of the long side) by which a ghost is widened and then softened: its blur and shadow go with it. */
const GHOST_GROW = 0.006;

const valid = (frame: WorkFrame, p: number) =>
  frame.top[p] < CLIPPED_TOP && frame.luma[p] > BLACK_LUMA && !isNaN(frame.luma[p]);

/** Linear interpolation in a table over 0..1. */
export const lookup = (table: Float32Array, value: number) => {
  const f = value * (table.length - 1);
  const i = min(table.length - 2, floor(f));
  return table[i] + (table[i + 1] - table[i]) * (f - i);
};

/** Histogram matching of `from` onto `to` over the pixels both cover. */
export const transfer = (from: WorkFrame, to: WorkFrame): Float32Array => {
  const a: number[] = [];
  const b: number[] = [];
  for (let p = 0; p < from.luma.length; p++)
    if (!isNaN(from.luma[p]) && !isNaN(to.luma[p])) {
      a.push(from.luma[p]);
      b.push(to.luma[p]);
    }
  return matchCodes(Float32Array.from(a), Float32Array.from(b));
};

/** Max filter then box blur, separable, edge-clamped. */
const grow = (mask: Float32Array, width: number, height: number, radius: number): Float32Array => {
  const pass = (src: Float32Array, along: 'x' | 'y', reduce: 'max' | 'mean') => {
    const out = new Float32Array(src.length);
    const [outer, inner] = along === 'x' ? [height, width] : [width, height];
    for (let o = 0; o < outer; o++)
      for (let i = 0; i < inner; i++) {
        let acc = 0;
        for (let k = max(0, i - radius); k <= min(inner - 1, i + radius); k++) {
          const v = src[along === 'x' ? o * width + k : k * width + o];
          acc = reduce === 'max' ? (v > acc ? v : acc) : acc + v;
        }
        out[along === 'x' ? o * width + i : i * width + o] = reduce === 'max' ? acc : acc / (2 * radius + 1);
      }
    return out;
  };
  return pass(pass(pass(pass(mask, 'x', 'max'), 'y', 'max'), 'x', 'mean'), 'y', 'mean');
};

export interface Ghosts {
  /** Per frame (the order of `frames`), how much each pixel of it may count (0..1); 1 all over for the reference. */
  keep: Float32Array[];
  /** Share of the pixels where a frame that would have counted was dropped. */
  share: number;
}

/**
 * Finds the ghosts of `frames` (darkest first, all warped onto the reference's pixels, `width` x `height`) against
 * the frame at `reference`.
 */
export const findGhosts = (frames: WorkFrame[], reference: number, width: number, height: number): Ghosts => {
  const n = width * height;
  const keep = frames.map(() => new Float32Array(n).fill(1));
  const dropped = new Uint8Array(n);
  for (const direction of [-1, 1]) {
    // The frame each pixel is compared with: the nearest one towards the reference that shows it (clipped or black
    // only as long as no frame has shown it yet).
    const anchor = new Uint8Array(n).fill(reference);
    for (let k = reference + direction; k >= 0 && k < frames.length; k += direction) {
      const frame = frames[k];
      // This frame's codes carried onto each frame nearer the reference, made when first needed.
      const tables: (Float32Array | undefined)[] = [];
      const tableFor = (to: number) => (tables[to] ??= transfer(frame, frames[to]));
      const disagreement = new Float32Array(n);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const p = y * width + x;
          if (!valid(frame, p)) continue;
          const a = anchor[p];
          const near = frames[a];
          const predicted = lookup(tableFor(a), frame.luma[p]);
          // The nearer frame's range over its 3x3 neighbours: a pixel of misalignment at an edge is no ghost.
          let low = Infinity;
          let high = -Infinity;
          for (let dy = -1; dy <= 1; dy++)
            for (let dx = -1; dx <= 1; dx++) {
              const xx = x + dx;
              const yy = y + dy;
              if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
              const v = near.luma[yy * width + xx];
              if (isNaN(v)) continue;
              if (v < low) low = v;
              if (v > high) high = v;
            }
          if (low === Infinity) continue;
          const clipped = near.top[p] >= CLIPPED_TOP;
          const black = near.luma[p] <= BLACK_LUMA;
          // A clipped pixel says only "at least this bright"; a black one "at most".
          const d = max(0, low - predicted, clipped ? 0 : predicted - (black ? max(high, BLACK_LUMA) : high));
          disagreement[p] = ramp(d, GHOST_FROM, GHOST_TO);
          if (disagreement[p] < 0.5) {
            if (clipped || black) anchor[p] = k;
          } else dropped[p] = 1;
        }
      const grown = grow(disagreement, width, height, max(1, round(GHOST_GROW * max(width, height))));
      for (let p = 0; p < n; p++) keep[k][p] = 1 - min(1, grown[p] * 2);
    }
  }
  let count = 0;
  for (let p = 0; p < n; p++) count += dropped[p];
  return { keep, share: count / n };
};
