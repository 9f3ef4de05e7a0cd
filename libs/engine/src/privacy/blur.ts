import type { RgbImage } from '../rgb-image';

export type PrivacyKind = 'face' | 'plate';

/** A region blurred for privacy, in the delivered photo's pixels. */
export interface PrivacyBox {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: PrivacyKind;
}

/**
 * Cells across a region's short side: a face keeps four colour patches a side and a plate one row, too few to
 * hold an identity or a character, whatever a deblurring tool assumes about the blur.
 */
const CELLS_ACROSS: Record<PrivacyKind, number> = { face: 4, plate: 1 };
/** Noise added on top (standard deviation, 8-bit levels), so no two patches can be read back to exact means. */
const NOISE_LEVELS = 6;
/** Width of the soft edge outside the region, as a share of its short side. */
const FEATHER = 0.2;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Roughly normal noise of unit deviation (sum of four uniforms, scaled). */
const noise = (random: () => number) => (random() + random() + random() + random() - 2) * 1.732;

/**
 * Replaces each region irreversibly: the region and a soft edge around it are reduced to a few cell means (a face:
 * 4 across its short side; a plate: one row of cells as tall as the plate), rendered back smoothly, with noise, and
 * blended in over the feather so no hard rectangle shows. The pixels inside a region keep nothing of its detail.
 */
export const blurRegions = (image: RgbImage, boxes: readonly PrivacyBox[], random: () => number = Math.random) => {
  const { width, height, data } = image;
  for (const box of boxes) {
    const short = Math.max(1, Math.min(box.w, box.h));
    const feather = Math.max(2, Math.round(short * FEATHER));
    const x0 = clamp(Math.floor(box.x - feather), 0, width);
    const y0 = clamp(Math.floor(box.y - feather), 0, height);
    const x1 = clamp(Math.ceil(box.x + box.w + feather), 0, width);
    const y1 = clamp(Math.ceil(box.y + box.h + feather), 0, height);
    if (x1 <= x0 || y1 <= y0) continue;
    const cell = Math.max(2, Math.ceil(short / CELLS_ACROSS[box.kind]));
    const cols = Math.ceil((x1 - x0) / cell);
    const rows = Math.ceil((y1 - y0) / cell);
    const sums = new Float64Array(cols * rows * 3);
    const counts = new Float64Array(cols * rows);
    for (let y = y0; y < y1; y++) {
      const row = Math.floor((y - y0) / cell) * cols;
      for (let x = x0; x < x1; x++) {
        const c = row + Math.floor((x - x0) / cell);
        const p = (y * width + x) * 3;
        sums[c * 3] += data[p];
        sums[c * 3 + 1] += data[p + 1];
        sums[c * 3 + 2] += data[p + 2];
        counts[c]++;
      }
    }
    for (let c = 0; c < counts.length; c++) for (let k = 0; k < 3; k++) sums[c * 3 + k] /= counts[c];
    for (let y = y0; y < y1; y++) {
      // Smooth between cell centres (bilinear), so the region reads as a blur rather than a mosaic.
      const gy = clamp((y - y0 + 0.5) / cell - 0.5, 0, rows - 1);
      const r0 = Math.floor(gy);
      const r1 = Math.min(rows - 1, r0 + 1);
      const fy = gy - r0;
      const dy = Math.max(box.y - (y + 0.5), y + 0.5 - (box.y + box.h), 0);
      for (let x = x0; x < x1; x++) {
        const gx = clamp((x - x0 + 0.5) / cell - 0.5, 0, cols - 1);
        const c0 = Math.floor(gx);
        const c1 = Math.min(cols - 1, c0 + 1);
        const fx = gx - c0;
        const dx = Math.max(box.x - (x + 0.5), x + 0.5 - (box.x + box.w), 0);
        const outside = Math.hypot(dx, dy) / feather;
        if (outside >= 1) continue;
        const alpha = 1 - outside * outside * (3 - 2 * outside);
        const grain = noise(random) * NOISE_LEVELS;
        const p = (y * width + x) * 3;
        for (let k = 0; k < 3; k++) {
          const top = sums[(r0 * cols + c0) * 3 + k] * (1 - fx) + sums[(r0 * cols + c1) * 3 + k] * fx;
          const bottom = sums[(r1 * cols + c0) * 3 + k] * (1 - fx) + sums[(r1 * cols + c1) * 3 + k] * fx;
          const blurred = top * (1 - fy) + bottom * fy + grain;
          data[p + k] = clamp(Math.round(alpha * blurred + (1 - alpha) * data[p + k]), 0, 255);
        }
      }
    }
  }
};
